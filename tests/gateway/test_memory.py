"""The in-memory transports: their streams, and a gateway between an SDK client and SDK server."""

from __future__ import annotations

import asyncio
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.message import SessionMessage
from mcp_types import JSONRPCNotification

from tests.deadlines import eventually
from weir.errors import UpstreamError
from weir.gateway.downstream.memory import Inbox, MemoryChannel, MemoryTransport, Outbox
from weir.gateway.upstream.session import Upstream

from .conftest import TableDecider, make_gateway

pytestmark = pytest.mark.anyio


def _note(n: int) -> SessionMessage:
    return SessionMessage(JSONRPCNotification(jsonrpc="2.0", method="notifications/message", params={"n": n}))


async def test_an_inbox_yields_in_order_then_ends_for_every_later_read() -> None:
    inbox = Inbox()
    inbox.put(_note(1))
    inbox.put(_note(2))
    inbox.close()
    got = [item async for item in inbox]
    assert [m.message.params for m in got] == [{"n": 1}, {"n": 2}]  # type: ignore[union-attr]
    with pytest.raises(anyio.EndOfStream):
        await inbox.receive()


async def test_an_inbox_wakes_a_waiting_reader_and_refuses_puts_once_closed() -> None:
    inbox = Inbox()
    reader = asyncio.create_task(inbox.receive())
    await asyncio.sleep(0)
    inbox.put(_note(7))
    assert (await reader).message.params == {"n": 7}  # type: ignore[union-attr]
    async with inbox:
        pass
    with pytest.raises(anyio.BrokenResourceError):
        inbox.put(_note(8))


async def test_an_outbox_hands_each_message_on_and_refuses_after_close() -> None:
    seen: list[SessionMessage] = []

    async def handler(item: SessionMessage) -> None:
        seen.append(item)

    outbox = Outbox(handler)
    await outbox.send(_note(1))
    await outbox.aclose()
    with pytest.raises(anyio.ClosedResourceError):
        await outbox.send(_note(2))
    assert len(seen) == 1


def _server() -> MCPServer:
    server = MCPServer("memory-test")

    @server.tool()
    def shout(text: str) -> str:
        """Upper-case the text."""
        return text.upper()

    return server


async def test_a_gateway_in_memory_relays_a_call_to_an_sdk_server_in_memory(mode: str) -> None:
    sdk_server = _server()
    upstream = Upstream("s", lambda: MemoryChannel(sdk_server))
    gateway, audit = make_gateway(TableDecider(), {"s": upstream})
    tap: list[dict[str, Any]] = []
    try:
        async with Client(MemoryTransport(gateway, tap=tap.append), mode=mode) as client:
            result = await client.call_tool("shout", {"text": "quiet"})
    finally:
        await gateway.close()
    assert result.content[0].text == "QUIET"  # type: ignore[union-attr]
    assert any("result" in m and m["result"].get("content") for m in tap)
    assert [e.phase for e in audit.events][-2:] == ["call", "result"]


async def test_a_closed_memory_channel_refuses_to_send() -> None:
    channel = MemoryChannel(_server())
    closed: list[str] = []

    async def deliver(msg: dict[str, Any]) -> None:
        pass

    await channel.start(deliver, closed.append)
    await channel.close()
    with pytest.raises(UpstreamError):
        await channel.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    assert closed == []  # closed by us: not reported as the server stopping on its own


async def test_a_memory_channel_reports_a_server_that_stops_on_its_own() -> None:
    sdk_server = _server()
    channel = MemoryChannel(sdk_server)
    closed: list[str] = []

    async def deliver(msg: dict[str, Any]) -> None:
        pass

    await channel.start(deliver, closed.append)
    channel._inbox.close()  # type: ignore[union-attr]  # the server's input ends: it stops
    await eventually(lambda: closed)
    assert closed == ["in-memory server stopped"]
    await channel.close()
