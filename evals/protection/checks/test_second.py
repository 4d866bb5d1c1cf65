"""The second protection benchmark (telecom, this repository's own attacks) is whole and wired to the scorer.

These guard the committed traces and the ``--domains`` wiring, not any policy's figures (those are
printed by ``python -m evals.protection --domains second``).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from weir.policy.decision import Verdict
from weir.trace import CallEvent, ResultEvent

score = pytest.importorskip("evals.protection.score", reason="needs the repository's evals/ directory")
workorders = pytest.importorskip("evals.protection.gen_workorders", reason="needs the repository's evals/ directory")

TRUTH = score.load_truth("telecom")
LINES = score.open_trace("telecom")
CHANNEL_TOOL = {"bill": "get_bills_for_customer", "device": "get_details_by_id"}


def test_every_call_line_has_its_truth_and_every_attack_is_planted_in_its_channel() -> None:
    calls = {tl.line: tl.event for tl in LINES if isinstance(tl.event, CallEvent)}
    results = {tl.line: tl.event for tl in LINES if isinstance(tl.event, ResultEvent)}
    truthed = {c["line"]: c for s in TRUTH["sessions"].values() for c in s["calls"]}
    assert set(truthed) == set(calls)
    for line, c in truthed.items():
        assert c["tool"] == f"{calls[line].server}/{calls[line].tool}"
    for session in TRUTH["sessions"].values():
        attack = session["attack"]
        if attack is None:
            assert session["injected"] == []
            assert all(c["role"] == "benign" for c in session["calls"])
            continue
        assert attack["source"] == "weir-workorders"
        assert attack["family"] in workorders.FAMILIES
        assert session["injected"], attack
        first = results[min(session["injected"])]
        assert first.tool == CHANNEL_TOOL[attack["channel"]]
        assert attack["marker"] in json.dumps(first.result, ensure_ascii=False) or attack["marker"] in str(first.result)
        attack_calls = [c for c in session["calls"] if c["role"] == "attack"]
        assert attack_calls
        assert all(c["consequential"] for c in attack_calls)
        assert all(c["line"] > min(session["injected"]) for c in attack_calls)


def test_the_benchmark_covers_every_goal_family_and_channel() -> None:
    attacks = [s["attack"] for s in TRUTH["sessions"].values() if s["attack"]]
    assert TRUTH["tasks"] >= 15
    assert len(attacks) >= 200
    assert set(Counter(a["kind"] for a in attacks)) == set(workorders.KINDS)
    assert set(Counter(a["family"] for a in attacks)) == set(workorders.FAMILIES)
    assert set(Counter(a["channel"] for a in attacks)) == {"bill", "device"}
    assert {"plain", "at_dot", "short_lines"} <= {a["encoding"] for a in attacks}


def test_the_untrusted_channels_reach_the_policy_and_the_suite_scores_alone() -> None:
    """Blocking every consequential call after untrusted content stops every pair only if the bill
    and device results are read as untrusted (weir.yaml's telco block); observe stops none."""
    strict = score.score_domain("telecom", str(score.POLICIES / "block-consequential-after-untrusted.yaml"))
    assert strict.counts.pairs_conseq == len([s for s in TRUTH["sessions"].values() if s["attack"]])
    assert strict.counts.pairs_conseq_stopped == strict.counts.pairs_conseq
    observed = score.score_domain("telecom", "observe")
    assert observed.counts.pairs_conseq_stopped == 0
    assert observed.counts.clean_confirmed == 0
    assert observed.counts.benign_blocked == 0


def test_domains_expand_suites_and_refuse_unknown_names(capsys: pytest.CaptureFixture[str]) -> None:
    parser = score.argparse.ArgumentParser()
    assert score._domains(parser, "second") == ("telecom",)
    assert score._domains(parser, "tau2,telecom,retail") == ("retail", "banking", "telecom")
    with pytest.raises(SystemExit):
        score._domains(parser, "airline")
    assert "unknown domain or suite 'airline'" in capsys.readouterr().err


def test_the_baseline_decides_each_telecom_call_once_and_never_blocks_the_customer() -> None:
    baseline = score.score_domain("telecom", "baseline", keep=True)
    assert len(baseline.outcomes) == sum(len(s["calls"]) for s in TRUTH["sessions"].values())
    assert baseline.counts.benign_blocked == 0
    assert all(o.effect != str(Verdict.BLOCK) for o in baseline.outcomes if o.role == "benign")
