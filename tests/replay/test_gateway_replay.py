"""Replaying what the gateway recorded reproduces every decision the gateway made live.

Sessions run through the real gateway with ``--record``'s recorder; the trace is then replayed
with the same configuration, and every decision in the audit trail must come back from the
replay identically (effect, applied effect, rules). The sessions use a resolvable tool (whose
``tools/resolve`` answer narrows the decision), confirmations accepted and declined on both
protocol revisions (a 2026-07-28 client answers by retrying the call, which is decided again),
and the ``scripts/run`` demo itself (tests/test_demo.py, on the demo's own run).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import mcp_types as t
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.examples.paths import EXAMPLES, SERVER_MODULES, fresh_server
from weir.audit import AuditEvent, MemoryAudit
from weir.client import default_guard
from weir.config import load_config
from weir.gateway.downstream.memory import MemoryChannel, MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.replay import replay
from weir.replay.run import ReplayDecision
from weir.trace import CallEvent, ConfirmEvent, TraceWriter, read_trace

pytestmark = pytest.mark.anyio

SCRIPT: list[tuple[str, str, dict[str, Any]]] = [
    ("files", "read_file", {"path": "hr/salaries.xlsx"}),
    ("files", "write_file", {"path": "notes/copy.txt", "content": "name,salary"}),  # resolved: internal, allowed
    ("files", "write_file", {"path": "public/copy.txt", "content": "name,salary"}),  # resolved: public, confirmed
    ("mail", "send_email", {"to": "accountant@numbers-llp.example", "subject": "Salaries", "body": "name,salary"}),
    ("web", "fetch", {"url": "https://prices.example/compare"}),
    ("mail", "send_email", {"to": "bob@acme.example", "subject": "Prices", "body": "899 EUR at shop A"}),
]

Key = tuple[str, str, str, str, str, tuple[str, ...]]


def _live(events: list[AuditEvent]) -> list[Key]:
    """Every decision the gateway audited (calls, results and every other message), confirmation outcomes aside."""
    return [
        (e.phase.value, e.server or "", e.tool or "", e.decision.effect, e.decision.applied or "", _names(e))
        for e in events
        if e.decision is not None
        and e.phase.value in {"call", "result", "message"}
        and not (e.details or {}).get("confirmation")
    ]


def _names(e: AuditEvent) -> tuple[str, ...]:
    return tuple(r.name for r in e.decision.rules) if e.decision is not None else ()


def _replayed(decisions: list[ReplayDecision]) -> list[Key]:
    """The replay's decisions as the trail records them: a retry decided again is audited only when it blocks."""
    return [
        (d.phase, d.server, d.tool, str(d.decision.effect), str(d.decision.applied), d.decision.rule_names)
        for d in decisions
        if not d.retry or str(d.decision.applied) == "block"
    ]


class _User:
    """Accepts every confirmation but the second one asked (so both answers are exercised)."""

    def __init__(self) -> None:
        self.asked = 0

    async def __call__(self, ctx: Any, params: Any) -> t.ElicitResult:
        self.asked += 1
        if self.asked == 2:
            return t.ElicitResult(action="decline")
        return t.ElicitResult(action="accept", content={"approve": True})


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_recorded_gateway_session_replays_to_every_live_decision(tmp_path: Path, mode: str) -> None:
    config = load_config(EXAMPLES / "weir.yaml")
    trace = tmp_path / "trace.jsonl"
    audit = MemoryAudit()
    servers = {name: fresh_server(name) for name in SERVER_MODULES}
    upstreams = {name: Upstream(name, lambda s=server: MemoryChannel(s)) for name, server in servers.items()}
    with TraceWriter(trace) as recorder:
        gateway = Gateway(
            config.gateway, decider=default_guard(config), audit=audit, upstreams=upstreams, recorder=recorder
        )
        try:
            async with Client(MemoryTransport(gateway), mode=mode, elicitation_callback=_User()) as client:
                await client.list_tools()
                for server, tool, args in SCRIPT:
                    with contextlib.suppress(MCPError):  # a server's refusal: decided and audited before it
                        await client.call_tool(gateway.naming.expose(server, tool), args)
        finally:
            await gateway.close()
    lines = read_trace(trace)
    live = _live(audit.events)
    again = replay(lines, config)
    assert _replayed(again.decisions) == live
    # The session is not trivially allowed, and the trace carries what decided it besides the session.
    assert {key[4] for key in live} >= {"allow", "confirm"}
    calls = [line.event for line in lines if isinstance(line.event, CallEvent)]
    assert any(c.resolved is not None for c in calls)
    answers = [line.event for line in lines if isinstance(line.event, ConfirmEvent)]
    assert [a.approved for a in answers][:2] == [True, False]
    assert all(a.retry is (mode == "2026-07-28") for a in answers)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
