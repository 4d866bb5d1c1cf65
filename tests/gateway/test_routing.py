"""Names reach the server they name; a silent server holds up nobody (issue 20, holes 7 and 9)."""

from __future__ import annotations

import asyncio
from typing import Any

import anyio
import mcp_types as t
import pytest
from mcp import Client
from mcp.server import Server
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from weir.audit import MemoryAudit
from weir.config import WeirConfig
from weir.gateway.downstream.memory import MemoryChannel, MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard

pytestmark = pytest.mark.anyio


def echo_server(name: str, *tools: str) -> MCPServer:
    server = MCPServer(name)
    for tool in tools:
        server.tool(name=tool, description=f"{tool} on {name}")(_answer(f"{name}/{tool}"))
    return server


def _answer(where: str) -> Any:
    def answer(text: str = "") -> str:
        return f"{where}: {text}"

    return answer


def silent_server() -> Server[Any]:
    async def never(ctx: Any, params: t.PaginatedRequestParams | None) -> t.ListToolsResult:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    return Server("silent", on_list_tools=never)


def gateway_over(servers: dict[str, Any], **settings: Any) -> Gateway:
    config = WeirConfig.model_validate({"servers": {n: {"trust": "trusted"} for n in servers}, "gateway": settings})
    upstreams = {name: Upstream(name, lambda s=server: MemoryChannel(s)) for name, server in servers.items()}
    return Gateway(config.gateway, upstreams=upstreams, decider=Guard(config), audit=MemoryAudit())


def text(result: t.CallToolResult) -> str:
    return str(result.content[0].text)  # type: ignore[union-attr]


async def test_a_server_whose_name_extends_another_servers_gets_its_own_calls() -> None:
    gateway = gateway_over({"web": echo_server("web", "x__echo", "echo"), "web__x": echo_server("web__x", "echo")})
    try:
        async with Client(MemoryTransport(gateway)) as client:
            names = {tool.name for tool in (await client.list_tools()).tools}
            inner = await client.call_tool("web__x__echo", {"text": "hi"})
            outer = await client.call_tool("web__echo", {"text": "hi"})
    finally:
        await gateway.close()
    assert names == {"web__x__echo", "web__echo"}  # web's own `x__echo` would be ambiguous: web__x's wins
    assert text(inner) == "web__x/echo: hi"
    assert text(outer) == "web/echo: hi"


async def test_without_namespacing_each_name_reaches_the_one_server_that_lists_it() -> None:
    servers = {"mail": echo_server("mail", "send", "search"), "files": echo_server("files", "read", "search")}
    gateway = gateway_over(servers, namespace=False)
    try:
        async with Client(MemoryTransport(gateway)) as client:
            send = await client.call_tool("send", {"text": "a"})
            read = await client.call_tool("read", {"text": "b"})
            names = {tool.name for tool in (await client.list_tools()).tools}
            with pytest.raises(MCPError) as ambiguous:
                await client.call_tool("search", {})
    finally:
        await gateway.close()
    assert text(send) == "mail/send: a"
    assert text(read) == "files/read: b"
    assert names == {"send", "read"}
    assert "listed by several servers (mail, files)" in ambiguous.value.error.message


async def test_a_server_that_never_lists_its_tools_holds_up_no_other_server() -> None:
    gateway = gateway_over({"silent": silent_server(), "mail": echo_server("mail", "send")}, list_timeout_s=0.5)
    try:
        async with Client(MemoryTransport(gateway)) as client:
            with anyio.fail_after(30):  # a hang is the failure; the listing deadline is 0.5 s
                sent = await client.call_tool("mail__send", {"text": "a"})
                listed = await client.list_tools()
    finally:
        await gateway.close()
    assert text(sent) == "mail/send: a"
    assert {tool.name for tool in listed.tools} == {"mail__send"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
