"""The ground truth of the example traces is complete, large enough, honest, and read strictly."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from evals.traces.truth import Truth, load_injected, load_truth
from weir.replay.examples import trace_names, trace_path
from weir.trace import CallEvent, ResultEvent, SessionEvent, ToolsEvent, TraceError, TraceLine, read_trace

TRUTH = load_truth()


def _leaves(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _leaves(v)]
    if isinstance(value, list):
        return [s for v in value for s in _leaves(v)]
    return [str(value)]


def test_the_corpus_has_enough_traces_and_calls_with_a_good_share_benign() -> None:
    counts = Counter(label for calls in TRUTH.values() for label in calls.values())
    assert len(trace_names()) >= 15
    assert counts[Truth.BENIGN] + counts[Truth.HIJACKED] >= 150
    assert counts[Truth.HIJACKED] >= 10
    assert counts[Truth.BENIGN] > 3 * counts[Truth.HIJACKED]


def test_every_call_line_has_a_truth_and_nothing_else_does() -> None:
    assert set(TRUTH) == {f"{name}.jsonl" for name in trace_names()}
    for name in trace_names():
        calls = {tl.line for tl in read_trace(trace_path(name)) if isinstance(tl.event, CallEvent)}
        assert set(TRUTH[f"{name}.jsonl"]) == calls, name


def _hijacked_calls() -> list[Any]:
    """Each hijacked call with the text its agent had read by then: the session's results and
    every tool description listed so far (a poisoned description is content too)."""
    out = []
    for name in trace_names():
        results, descriptions = "", ""
        for tl in read_trace(trace_path(name)):
            if isinstance(tl.event, SessionEvent):
                results = ""
            elif isinstance(tl.event, ToolsEvent):
                descriptions += "\n".join(_leaves(tl.event.tools))
            elif isinstance(tl.event, ResultEvent):
                results += "\n".join(_leaves(tl.event.result))
            elif TRUTH[f"{name}.jsonl"].get(tl.line) is Truth.HIJACKED:
                out.append(pytest.param(name, tl, results + descriptions, id=f"{name}:{tl.line}"))
    return out


@pytest.mark.parametrize(("name", "tl", "seen"), _hijacked_calls())
def test_every_hijacked_call_carries_a_value_from_content_read_earlier(name: str, tl: TraceLine, seen: str) -> None:
    assert isinstance(tl.event, CallEvent)
    tokens = {t for leaf in _leaves(tl.event.arguments) for t in re.findall(r"[\w.@~/-]{8,}", leaf)}
    assert any(t in seen for t in tokens), f"{name}:{tl.line} uses nothing it read"


def test_malformed_ground_truth_is_a_trace_error(tmp_path: Path) -> None:
    bad = tmp_path / "expected.json"
    bad.write_text('{"traces": {"a.jsonl": {"calls": {"3": "evil"}}}}', encoding="utf-8")
    with pytest.raises(TraceError, match="'evil' is not a valid Truth"):
        load_truth(bad)


def test_injected_lines_are_results_or_tool_lists_and_every_attack_has_one() -> None:
    injected = load_injected()
    for name in trace_names():
        kinds = {tl.line: type(tl.event) for tl in read_trace(trace_path(name))}
        marked = injected[f"{name}.jsonl"]
        assert all(kinds[line] in (ResultEvent, ToolsEvent) for line in marked), name
        attacked = Truth.HIJACKED in TRUTH[f"{name}.jsonl"].values()
        assert attacked == bool(marked), name
