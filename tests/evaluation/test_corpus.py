"""The shipped corpus is well formed, large enough, up to date with its sources, and honest."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from weir.config import load_config
from weir.evaluation.corpus import CORPUS_DIR, Truth, config_path, load_injected, load_truth, trace_names, trace_path
from weir.trace import CallEvent, ResultEvent, SessionEvent, ToolsEvent, TraceError, TraceLine, read_trace

ROOT = Path(__file__).resolve().parents[2]
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


@pytest.mark.parametrize("name", trace_names())
def test_each_trace_is_a_consistent_recording(name: str) -> None:
    lines = read_trace(trace_path(name))
    listed: dict[str, set[str]] = {}
    session = None
    pending: CallEvent | None = None
    for tl in lines:
        ev = tl.event
        if isinstance(ev, ToolsEvent):
            listed[ev.server] = {t["name"] for t in ev.tools}
        elif isinstance(ev, SessionEvent):
            session = ev.id
        elif isinstance(ev, CallEvent):
            assert session is not None, f"{name}:{tl.line} call before any session"
            assert ev.tool in listed.get(ev.server, set()), f"{name}:{tl.line} {ev.server}/{ev.tool} never listed"
            pending = ev
        else:
            assert isinstance(ev, ResultEvent)
            assert pending is not None
            assert (ev.server, ev.tool) == (pending.server, pending.tool), f"{name}:{tl.line}"
            pending = None
    assert '"truth"' not in trace_path(name).read_text(encoding="utf-8")


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


def test_the_corpus_config_loads_and_names_every_server_the_traces_use() -> None:
    config = load_config(config_path())
    used = {
        tl.event.server for n in trace_names() for tl in read_trace(trace_path(n)) if isinstance(tl.event, ToolsEvent)
    }
    assert used == set(config.servers)
    assert all(s.command is None and s.url is None for s in config.servers.values())


def test_an_unknown_trace_name_is_a_trace_error_listing_the_known_ones() -> None:
    with pytest.raises(TraceError, match="no shipped trace named 'nope'; known: bank-monthly-review"):
        trace_path("nope")


def test_malformed_ground_truth_is_a_trace_error(tmp_path: Path) -> None:
    bad = tmp_path / "expected.json"
    bad.write_text('{"traces": {"a.jsonl": {"calls": {"3": "evil"}}}}', encoding="utf-8")
    with pytest.raises(TraceError, match="'evil' is not a valid Truth"):
        load_truth(bad)


def test_the_shipped_files_are_what_the_sources_build() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_traces.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert CORPUS_DIR.is_dir()


def test_injected_lines_are_results_or_tool_lists_and_every_attack_has_one() -> None:
    injected = load_injected()
    for name in trace_names():
        kinds = {tl.line: type(tl.event) for tl in read_trace(trace_path(name))}
        marked = injected[f"{name}.jsonl"]
        assert all(kinds[line] in (ResultEvent, ToolsEvent) for line in marked), name
        attacked = Truth.HIJACKED in TRUTH[f"{name}.jsonl"].values()
        assert attacked == bool(marked), name
