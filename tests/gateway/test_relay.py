"""What the gateway relays besides tool calls: pages with namespaced cursors, and messages a server
sends outside any request, to the one connection whose session it sent them on — in memory, and over
HTTP on the client's standing ``GET /mcp`` stream (which passes the same admission as a POST)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
import yaml
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.subscriptions import ResourceUpdated, listen
from mcp.shared.exceptions import MCPError

from tests.deadlines import hang_guard
from tests.gateway.conftest import START_S, WIRE_SERVER, TableDecider, client, make_gateway, wire_upstream
from tests.gateway.test_http import TOKEN, server  # noqa: F401  (the HTTP gateway fixture)
from tests.jsonrpc import INITIALIZED, initialize
from weir.gateway.downstream.memory import MemoryChannel
from weir.gateway.upstream.session import Upstream

pytestmark = pytest.mark.anyio


async def test_pages_of_several_servers_come_side_by_side_with_cursors_naming_each_server(mode: str) -> None:
    gateway, _ = make_gateway(TableDecider(), {"a": wire_upstream("a"), "b": wire_upstream("b")})
    tap: list[dict[str, Any]] = []
    try:
        async with client(gateway, mode, tap=tap) as c:
            first = await c.list_resource_templates()
            assert first.next_cursor is not None
            second = await c.list_resource_templates(cursor=first.next_cursor)
            with pytest.raises(MCPError) as refused:
                await c.list_resource_templates(cursor="not-ours")
    finally:
        await gateway.close()
    assert [x.uri_template for x in first.resource_templates] == ["mem://t0/{id}", "mem://t1/{id}"] * 2
    assert [x.uri_template for x in second.resource_templates] == ["mem://t2/{id}"] * 2
    assert second.next_cursor is None
    assert refused.value.error.code == -32602
    pages = [m["result"] for m in tap if "resourceTemplates" in (m.get("result") or {})]
    assert pages[0]["_meta"]["vendor.example/page"] == 0  # the list's own _meta passes through


async def test_a_server_log_line_after_the_call_reaches_the_client_that_called(mode: str) -> None:
    gateway, _ = make_gateway(TableDecider(), {"wire": wire_upstream()})
    seen: list[dict[str, Any]] = []
    other: list[dict[str, Any]] = []
    try:
        async with client(gateway, "legacy", tap=other) as bystander, client(gateway, mode, tap=seen) as c:
            await bystander.list_tools()
            await c.call_tool("later", {})
            with anyio.fail_after(hang_guard()):
                while not any(m.get("method") == "notifications/message" for m in seen):
                    await anyio.sleep(0.02)
    finally:
        await gateway.close()
    [log] = [m for m in seen if m.get("method") == "notifications/message"]
    assert log["params"]["data"] == "logged after the call"
    assert not [m for m in other if m.get("method") == "notifications/message"]  # never another connection's


def _headers(sid: str | None = None, **more: str) -> dict[str, str]:
    headers = {"authorization": f"Bearer {TOKEN}", "accept": "application/json, text/event-stream", **more}
    return {**headers, "mcp-session-id": sid} if sid else headers


async def _session(http: httpx2.AsyncClient, url: str) -> str:
    sid = (await http.post(url, json=initialize(), headers=_headers())).headers["mcp-session-id"]
    await http.post(url, json=INITIALIZED, headers=_headers(sid))
    return sid


@pytest.mark.slow
async def test_http_get_is_the_clients_standing_stream_and_is_admitted_like_a_post(server: str) -> None:  # noqa: F811
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "later", "arguments": {}}}
    get = {"accept": "text/event-stream"}
    async with httpx2.AsyncClient(timeout=hang_guard()) as http:
        sid = await _session(http, server)
        foreign_origin = await http.get(server, headers=_headers(sid, **get, origin="http://evil.example"))
        foreign_host = await http.get(server, headers=_headers(sid, **get, host="evil.example"))
        own_origin = httpx2.URL(server)
        same = f"http://{own_origin.host}:{own_origin.port}"
        async with http.stream("GET", server, headers=_headers(sid, **get, origin=same)) as stream:
            assert stream.status_code == 200
            await http.post(server, json=call, headers=_headers(sid))
            with anyio.fail_after(hang_guard()):
                async for line in stream.aiter_lines():
                    if line.startswith("data: ") and line[6:].strip():
                        log = json.loads(line[6:])
                        break
    assert foreign_origin.status_code == 403
    assert foreign_host.status_code == 421
    assert log["method"] == "notifications/message"
    assert log["params"]["data"] == "logged after the call"


@pytest.mark.slow
async def test_a_stdio_client_of_weir_gateway_gets_a_log_line_sent_after_its_call(tmp_path: Path) -> None:
    config = {"servers": {"wire": {"command": [sys.executable, str(WIRE_SERVER)]}}, "audit": {"path": ":memory:"}}
    (tmp_path / "weir.yaml").write_text(yaml.safe_dump(config))
    weir = ["-c", "from weir.cli.app import main; main()", "gateway", "--config", str(tmp_path / "weir.yaml")]
    seen: list[str] = []

    async def on_message(msg: Any) -> None:
        root = getattr(msg, "root", msg)
        if getattr(root, "method", None) == "notifications/message":
            seen.append(str(root.params.data))

    params = StdioServerParameters(command=sys.executable, args=weir, cwd=str(tmp_path))
    async with Client(params, mode="legacy", message_handler=on_message) as c:
        await c.call_tool("later", {})
        with anyio.fail_after(hang_guard()):
            while not seen:
                await anyio.sleep(0.02)
    assert seen == ["logged after the call"]


async def test_a_2026_07_28_client_listens_through_the_gateway() -> None:
    # The SDK server in this process (the stdio tests above cross a pipe): what is under test is
    # how the gateway relays the standing listen stream, not how the events travel.
    from tests.gateway.listen_server import server as listening

    upstream = Upstream("listen", lambda: MemoryChannel(listening), start_timeout=START_S)
    gateway, _ = make_gateway(TableDecider(), {"listen": upstream})
    try:
        async with client(gateway, "2026-07-28") as c:
            await c.list_tools()
            async with listen(c.session, resource_subscriptions=["mem://watched"]) as subscription:
                await c.call_tool("touch", {"uri": "mem://watched"})
                with anyio.fail_after(hang_guard()):
                    event = await subscription.__anext__()
                honoured = subscription.honored
    finally:
        await gateway.close()
    assert isinstance(event, ResourceUpdated)
    assert event.uri == "mem://watched"
    assert honoured.resource_subscriptions == ["mem://watched"]
