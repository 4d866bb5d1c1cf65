"""weir.testing: the real gateway and Guard in one process, a server that records, the decisions made."""

from __future__ import annotations

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from weir.config import WeirConfig
from weir.gateway.proxy import Gateway
from weir.guard import Guard
from weir.testing import MemoryAudit, MemoryTransport, RecordingUpstream, captured_decisions

pytestmark = pytest.mark.anyio

RULE = {"name": "no-delete", "effect": "block", "when": 'tool.name == "delete"', "reason": "deleting is not allowed"}


def notes_server() -> MCPServer:
    server = MCPServer("notes")

    @server.tool(name="echo")
    def echo(text: str) -> str:
        return text

    @server.tool(name="delete")
    def delete(path: str) -> str:
        return f"deleted {path}"

    return server


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def test_a_blocked_call_never_reaches_the_server_and_every_decision_is_captured() -> None:
    config = WeirConfig.model_validate(
        {"servers": {"notes": {"trust": "trusted"}}, "policy": {"packs": [], "rules": [RULE]}}
    )
    notes = RecordingUpstream("notes", notes_server())
    audit = MemoryAudit()
    gateway = Gateway(config.gateway, decider=Guard(config), audit=audit, upstreams={"notes": notes.upstream})
    try:
        async with Client(MemoryTransport(gateway)) as client:
            await client.list_tools()  # one server: its tools keep their own names
            echoed = await client.call_tool("echo", {"text": "hello"})
            deleted = await client.call_tool("delete", {"path": "/etc/passwd"})
    finally:
        await gateway.close()
    assert echoed.is_error is False
    assert deleted.is_error is True
    assert notes.calls == [("echo", {"text": "hello"})]  # the server saw the allowed call only
    assert {m.get("method") for m in notes.messages} >= {"tools/list", "tools/call"}
    calls = captured_decisions(audit, phase="call")
    assert [(d.server, d.tool, d.effect, d.rules) for d in calls] == [
        ("notes", "echo", "allow", ()),
        ("notes", "delete", "block", ("no-delete",)),
    ]
    assert calls[1].reasons == ("[block] no-delete: deleting is not allowed — tool.name=«delete»",)
    assert all(d.phase == "result" for d in captured_decisions(audit, phase="result"))
