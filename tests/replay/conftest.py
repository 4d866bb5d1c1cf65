"""A small hand-made trace and policy the replay tests share (the corpus has its own tests)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.replay.pinned import outputs, record
from tests.shared import once_per_run
from weir.config import WeirConfig
from weir.policy.config import PolicyConfig
from weir.trace import TraceWriter

TOOLS = {
    "web": [{"name": "fetch_page", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}}],
    "mail": [{"name": "send_email", "inputSchema": {"type": "object"}}],
}

# Two rules whose verdicts tell exactly what replay fed the session: the fetch is always blocked,
# and sending is confirmed only once the session has seen untrusted data.
POLICY = """\
rules:
  - name: no-fetching
    effect: block
    when: tool.name == 'fetch_page'
    reason: fetching is off
  - name: confirm-send-after-untrusted
    effect: confirm
    when: tool.name == 'send_email' && session.untrusted
    reason: the session read untrusted content
"""

PAGE = {
    "content": [{"type": "text", "text": "Today's weather: sunny."}],
    "_meta": {"io.modelcontextprotocol/trust-annotations": {"untrusted": True}},
}


@pytest.fixture
def policy_file(tmp_path: Path) -> Path:
    path = tmp_path / "candidate.yaml"
    path.write_text(POLICY, encoding="utf-8")
    return path


@pytest.fixture
def config(policy_file: Path) -> WeirConfig:
    return WeirConfig(policy=PolicyConfig(packs=[], file=str(policy_file)))


@pytest.fixture
def trace(tmp_path: Path) -> Path:
    """Session a: fetch (blocked), its result, send. Session b: send. Back to a: send."""
    path = tmp_path / "t.jsonl"
    with TraceWriter(path) as w:
        for server, tools in TOOLS.items():
            w.tools(server, tools)
        w.call("a", "web", "fetch_page", {"url": "https://news.example/"})
        w.result("a", "web", "fetch_page", PAGE)
        w.call("a", "mail", "send_email", {"to": ["me@corp.example"], "body": "sunny"})
        w.result("a", "mail", "send_email", {"content": [{"type": "text", "text": "sent"}]})
        w.call("b", "mail", "send_email", {"to": ["me@corp.example"], "body": "hi"})
        w.call("a", "mail", "send_email", {"to": ["me@corp.example"], "body": "again"})
    return path


def _replay_the_corpus(out: Path) -> None:
    (out / "pins.json").write_text(json.dumps({"decisions": record(), "outputs": outputs()}), encoding="utf-8")


@pytest.fixture(scope="session")
def replayed_corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What tests/replay/pinned.py records, replayed now (once per run, for test_recorded.py and
    test_output_bytes.py): ``decisions`` (``record()``, as JSON) and ``outputs`` (``outputs()``)."""
    built = once_per_run(tmp_path_factory, "replayed-corpus", _replay_the_corpus)
    loaded: dict[str, Any] = json.loads((built / "pins.json").read_text(encoding="utf-8"))
    return loaded
