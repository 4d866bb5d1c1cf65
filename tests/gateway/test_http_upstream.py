"""An upstream reached over streamable HTTP (a `url:` server): the SDK's own HTTP server."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest

from tests.gateway.conftest import HERE, TableDecider, approve, client, make_gateway
from tests.ports import free_port
from tests.servers.launch import serving
from weir.gateway.upstream.http import HttpChannel, ServerTransport
from weir.gateway.upstream.session import Upstream

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SERVER = """
import sys
from mcp.server.mcpserver import MCPServer
sys.path.insert(0, {here!r})
from sdk_server import server
@server.tool(meta={{"vendor.example/k": [1]}})
def shout(text: str) -> str:
    return text.upper()
server.run("streamable-http", host="127.0.0.1", port={port})
"""


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    port = free_port()
    with serving([sys.executable, "-c", SERVER.format(here=str(HERE), port=port)], port, timeout=30) as url:
        yield url


async def test_calls_reach_an_http_upstream_with_meta_intact(url: str, mode: str) -> None:
    upstream = Upstream("remote", partial(HttpChannel, "remote", url, {}, limit=1 << 20))
    gateway, audit = make_gateway(TableDecider(), {"remote": upstream})
    tap: list[dict[str, Any]] = []
    try:
        async with client(gateway, mode, tap=tap, elicitation_callback=approve) as c:
            tools = await c.list_tools()
            result = await c.call_tool("shout", {"text": "quiet"})
    finally:
        await gateway.close()
    shout = next(x for x in tools.tools if x.name == "shout")
    assert shout.meta is not None
    assert shout.meta["vendor.example/k"] == [1]
    assert result.content[0].text == "QUIET"  # type: ignore[union-attr]
    assert [e.phase.value for e in audit.events if e.tool == "shout"] == ["call", "result"]


async def test_clients_of_one_http_server_share_its_connection_pool(url: str, mode: str) -> None:
    """Each downstream client has its own upstream session (its own client, its own session id),
    all sending through the server's one pool; one client leaving does not close it for the rest."""
    shared = ServerTransport()
    upstream = Upstream("remote", partial(HttpChannel, "remote", url, {}, limit=1 << 20, shared=shared))
    gateway, _ = make_gateway(TableDecider(), {"remote": upstream})
    try:
        async with client(gateway, mode, elicitation_callback=approve) as first:
            assert (await first.call_tool("shout", {"text": "one"})).content[0].text == "ONE"  # type: ignore[union-attr]
            async with client(gateway, mode, elicitation_callback=approve) as second:
                assert (await second.call_tool("shout", {"text": "two"})).content[0].text == "TWO"  # type: ignore[union-attr]
                assert shared.lent >= 2  # the two clients (and any session the gateway holds itself)
                assert shared.open
            again = await first.call_tool("shout", {"text": "three"})
            assert again.content[0].text == "THREE"  # type: ignore[union-attr]
    finally:
        await gateway.close()
    assert shared.lent == 0
    assert not shared.open
