"""The trace scorer computes its three shares from the decisions and the ground truth."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.traces.score import evaluate, main, score_detectors
from evals.traces.truth import Truth, load_injected, load_truth
from weir.config import load_config
from weir.policy.decision import Verdict
from weir.replay.examples import config_path, trace_names, trace_path
from weir.trace import CallEvent, ResultEvent, ToolsEvent, read_trace


def _policy(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "candidate.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def _truth_by_tool() -> list[tuple[str, Truth]]:
    truth = load_truth()
    return [
        (tl.event.tool, truth[f"{name}.jsonl"][tl.line])
        for name in trace_names()
        for tl in read_trace(trace_path(name))
        if isinstance(tl.event, CallEvent)
    ]


def test_confirming_everything_stops_every_hijack_and_confirms_every_benign_call(tmp_path: Path) -> None:
    ev = evaluate(_policy(tmp_path, "rules:\n  - {name: ask, effect: confirm, when: 'true', reason: always}\n"))
    assert (ev.hijacked_stopped, ev.benign_confirmed, ev.benign_blocked) == (1.0, 1.0, 0.0)
    assert len(ev.outcomes) == len(_truth_by_tool())


def test_an_empty_policy_stops_nothing() -> None:
    ev = evaluate("observe")
    assert ev.hijacked_stopped == 0.0
    assert ev.benign_confirmed == 0.0
    assert ev.benign_blocked == 0.0
    assert [o.truth for o in ev.misses()] == [Truth.HIJACKED] * len(ev.of(Truth.HIJACKED))


def test_shares_are_counted_per_call_against_the_ground_truth(tmp_path: Path) -> None:
    body = "rules:\n  - {name: no-transfers, effect: block, when: \"tool.name == 'transfer'\", reason: r}\n"
    ev = evaluate(_policy(tmp_path, body))
    calls = _truth_by_tool()
    hijacked = [tool for tool, t in calls if t is Truth.HIJACKED]
    benign = [tool for tool, t in calls if t is Truth.BENIGN]
    assert ev.hijacked_stopped == pytest.approx(hijacked.count("transfer") / len(hijacked))
    assert ev.benign_blocked == pytest.approx(benign.count("transfer") / len(benign))
    assert ev.benign_confirmed == 0.0
    assert all(o.effect is Verdict.BLOCK for o in ev.outcomes if o.tool == "transfer")
    doc = ev.to_json()
    assert doc["calls"] == {"benign": len(benign), "hijacked": len(hijacked)}
    assert {m["call"] for m in doc["misses"] if m["truth"] == "benign"} == {"bank/transfer"}


def test_the_command_prints_the_figures_and_fails_cleanly_on_a_bad_policy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--policy", "baseline"]) == 0
    out = capsys.readouterr().out
    assert "hijacked calls stopped (confirm or block):" in out
    assert "benign calls confirmed:" in out
    assert main(["--policy", "no-such-pack"]) == 1
    assert "neither a file nor a built-in pack" in capsys.readouterr().err


def test_the_detector_score_counts_every_result_and_tool_list_once() -> None:
    config = load_config(config_path())
    events = [
        tl
        for name in trace_names()
        for tl in read_trace(trace_path(name))
        if isinstance(tl.event, ResultEvent | ToolsEvent)
    ]
    injected = sum(len(lines) for lines in load_injected().values())
    silent = score_detectors(config.model_copy(update={"detectors": []}))
    assert (silent.injected, silent.injected_flagged, silent.clean_flagged) == (injected, 0, 0)
    assert silent.injected + silent.clean == len(events)
    assert len(silent.missed_lines) == injected
    full = score_detectors(config)
    assert full.injected_flagged + len(full.missed_lines) == injected
    assert full.clean_flagged == len(full.flagged_clean_lines)
    # What the session marks malicious is a subset of what any detector calls malicious.
    assert full.raw_injected_flagged >= full.injected_flagged
    assert full.raw_clean_flagged >= full.clean_flagged
    assert (silent.raw_injected_flagged, silent.raw_clean_flagged) == (0, 0)
