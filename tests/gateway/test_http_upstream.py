"""An upstream reached over streamable HTTP (a `url:` server): the SDK's own HTTP server."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest

from tests.gateway.conftest import HERE, TableDecider, approve, client, make_gateway
from tests.servers.launch import free_port, serving
from weir.gateway.upstream.http import HttpChannel
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
