"""The shipped example traces are well formed, up to date with their sources, and found by name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from weir.config import load_config
from weir.replay.examples import EXAMPLES_DIR, config_path, locate, trace_names, trace_path
from weir.trace import CallEvent, ResultEvent, SessionEvent, ToolsEvent, TraceError, read_trace

ROOT = Path(__file__).resolve().parents[2]


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


def test_a_trace_argument_is_a_file_when_one_exists_else_a_shipped_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert locate("bank-monthly-review") == (EXAMPLES_DIR / "bank-monthly-review.jsonl", True)
    assert locate("bank-monthly-review.jsonl") == (EXAMPLES_DIR / "bank-monthly-review.jsonl", True)
    own = tmp_path / "bank-monthly-review.jsonl"
    own.write_text("", encoding="utf-8")
    assert locate(own) == (own, False)
    with pytest.raises(TraceError, match="no such trace file"):
        locate(tmp_path / "missing" / "x.jsonl")


def test_the_shipped_files_are_what_the_sources_build() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_traces.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert EXAMPLES_DIR.is_dir()
