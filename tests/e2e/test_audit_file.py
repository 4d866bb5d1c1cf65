"""`weir gateway` fails closed when its audit database is deleted or replaced while it runs.

The real gateway over stdio in front of a real stdio server, the real SDK client, the real SQLite
store: after the file at `audit.path` stops being the one the gateway opened, every call is
refused with the reason, and none reaches its server (the trace records no result for it).
The refusal comes from the transport-independent request handler, so one revision per test. The
server is the wire server (tests/gateway/wire_server.py), which starts without importing the SDK:
what is under test is the gateway's audit file, not the server.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.e2e.conftest import weir_command
from tests.e2e.test_gateway_cli import MODES, _stdio
from weir.audit import AuditEvent, SqliteAuditStore
from weir.trace import CallEvent, ResultEvent, read_trace

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


def _calls_and_results(trace: Path) -> tuple[int, int]:
    events = [line.event for line in read_trace(trace)]
    return sum(isinstance(e, CallEvent) for e in events), sum(isinstance(e, ResultEvent) for e in events)


async def test_a_database_deleted_while_the_gateway_runs_refuses_every_later_call(wire_yaml: Path) -> None:
    db = wire_yaml.parent / "audit.db"
    trace = wire_yaml.parent / "trace.jsonl"
    async with Client(_stdio(wire_yaml, "--stdio", "--record", str(trace)), mode=MODES[0]) as c:
        first = await c.call_tool("wire__echo", {"text": "1"})
        db.unlink()
        with pytest.raises(MCPError, match=r"audit database .* was deleted"):
            await c.call_tool("wire__echo", {"text": "2"})
        with pytest.raises(MCPError, match="was deleted"):  # and it stays refused
            await c.call_tool("wire__echo", {"text": "3"})
    assert first.is_error is False
    calls, results = _calls_and_results(trace)
    assert (calls, results) == (3, 1)  # the two refused calls were decided, never forwarded


async def test_a_database_replaced_while_the_gateway_runs_refuses_the_call(wire_yaml: Path, tmp_path: Path) -> None:
    db = wire_yaml.parent / "audit.db"
    trace = wire_yaml.parent / "trace.jsonl"
    other = tmp_path / "other" / "audit.db"
    other.parent.mkdir()
    SqliteAuditStore(other).close()
    async with Client(_stdio(wire_yaml, "--stdio", "--record", str(trace)), mode=MODES[1]) as c:
        first = await c.call_tool("wire__echo", {"text": "1"})
        os.replace(other, db)
        with pytest.raises(MCPError, match=r"audit database .* was replaced"):
            await c.call_tool("wire__echo", {"text": "2"})
    assert first.is_error is False
    assert _calls_and_results(trace) == (2, 1)


def test_the_gateway_does_not_start_on_a_trail_whose_tail_was_cut(wire_yaml: Path) -> None:
    db = wire_yaml.parent / "audit.db"
    with SqliteAuditStore(db) as store:
        for i in range(5):
            store.append(AuditEvent(phase="call", server="mail", tool="read_email", call_id=str(i)))
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("DELETE FROM events WHERE id > 2")
    raw.close()
    cmd = [*weir_command(), "gateway", "--config", str(wire_yaml), "--stdio"]
    proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2
    assert "the anchor log records row 5 but the database ends at row 2: 3 events missing from row 3" in proc.stderr
