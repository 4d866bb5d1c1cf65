"""Every message row of the audit trail names the principal whose connection it was for, as call
and result rows do (issues 32/34: a server's answers, errors, notifications outside a call).

A real gateway in front of the real stdio wire server; the client is the SDK client in memory on a
connection of principal ``alice``.
"""

from __future__ import annotations

import anyio
import pytest
from mcp import Client

from tests.deadlines import hang_guard
from tests.gateway.conftest import TableDecider, make_gateway, wire_upstream
from weir.audit.event import Phase
from weir.gateway.downstream.memory import MemoryTransport

pytestmark = pytest.mark.anyio


async def test_message_rows_carry_the_principal_of_their_connection() -> None:
    gateway, audit = make_gateway(TableDecider(), {"wire": wire_upstream()})
    seen: list[dict[str, object]] = []
    try:
        async with Client(MemoryTransport(gateway, tap=seen.append, principal="alice"), mode="legacy") as c:
            await c.list_resources()  # a server's answer
            await c.call_tool("later", {})  # and a log line after the call: outside any request
            with anyio.fail_after(hang_guard()):
                while not any(m.get("method") == "notifications/message" for m in seen):
                    await anyio.sleep(0.02)
    finally:
        await gateway.close()
    rows = [e for e in audit.events if e.phase is Phase.MESSAGE]
    kinds = {(e.details or {}).get("kind") for e in rows}
    assert {"notification"} <= kinds
    assert len(kinds) >= 2  # the answer's row and the notification's
    assert [e.principal for e in rows] == ["alice"] * len(rows)
