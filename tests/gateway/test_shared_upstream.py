"""``servers.NAME.share: per_principal`` (issue 29 item 4): one principal's connections share one
stdio process; another principal never does; what the shared server sends goes where
:mod:`weir.gateway.upstream.sharing` says.

A real gateway in front of a real stdio server (share_server.py); the clients are the SDK client in
memory, each connection with the principal a bearer token would have given it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import anyio
import httpx2
import mcp_types as t
import pytest
from mcp import Client

from tests.deadlines import eventually, hang_guard
from tests.gateway.conftest import TableDecider, make_gateway
from tests.gateway.test_quotas import ALICE, BOB
from tests.jsonrpc import bearer_headers, open_legacy_session
from tests.ports import free_port
from weir.config import WeirConfig
from weir.gateway.downstream.http import create_app, serve_app
from weir.gateway.downstream.memory import MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.channels import StdioChannel
from weir.gateway.upstream.session import Upstream
from weir.labels.config import Share
from weir.serving.deployment import upstreams_from_config

pytestmark = pytest.mark.anyio

SERVER = Path(__file__).with_name("share_server.py")


def _gateway(*, shared: bool = True) -> Gateway:
    channel = partial(StdioChannel, "share", [sys.executable, str(SERVER)], {}, limit=1 << 20)
    gateway, _ = make_gateway(TableDecider(), {"share": Upstream("share", channel, shared=shared)})
    return gateway


class Conn:
    """One downstream connection: its SDK client, what it was sent raw, the questions it was asked."""

    def __init__(self, gateway: Gateway, principal: str, *, elicits: bool = True) -> None:
        self.seen: list[dict[str, Any]] = []
        self.asked: list[str] = []
        callback = self._answer if elicits else None
        transport = MemoryTransport(gateway, tap=self.seen.append, principal=principal)
        self.client = Client(transport, mode="legacy", elicitation_callback=callback)

    async def _answer(self, ctx: Any, params: Any) -> t.ElicitResult:
        self.asked.append(params.message)
        return t.ElicitResult(action="accept", content={"colour": f"blue-{len(self.asked)}"})

    async def text(self, tool: str) -> str:
        result = await self.client.call_tool(tool, {})
        return "".join(b.text for b in result.content if isinstance(b, t.TextContent))

    def logs(self) -> list[Any]:
        return [m["params"]["data"] for m in self.seen if m.get("method") == "notifications/message"]


@asynccontextmanager
async def _connected(*conns: Conn) -> AsyncIterator[None]:
    async with AsyncExitStack() as stack:
        for conn in conns:
            await stack.enter_async_context(conn.client)
        yield


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_one_principals_connections_share_one_process_and_another_principals_never_do() -> None:
    gateway = _gateway()
    a1, a2, b1 = Conn(gateway, "alice"), Conn(gateway, "alice"), Conn(gateway, "bob")
    try:
        with anyio.fail_after(hang_guard()):
            async with _connected(a1, a2, b1):
                pids = [int(await c.text("pid")) for c in (a1, a2, b1)]
                held = {p: gateway.quotas.count("upstream_sessions", p) for p in ("alice", "bob")}
                sessions = len(gateway.links.every())
                async with _connected(a1b := Conn(gateway, "alice")):
                    late = int(await a1b.text("pid"))  # one more of alice's joins the running process
            # alice's connections are gone: the process she shared ends with the last of them.
            ended = await eventually(lambda: not _running(pids[0]))
            freed = gateway.quotas.count("upstream_sessions", "alice")
    finally:
        await gateway.close()
    assert pids[0] == pids[1] == late != pids[2]
    assert sessions == 2
    assert held == {"alice": 1, "bob": 1}
    assert ended
    assert freed == 0


async def test_without_share_each_connection_has_its_own_process() -> None:
    gateway = _gateway(shared=False)
    a1, a2 = Conn(gateway, "alice"), Conn(gateway, "alice")
    try:
        with anyio.fail_after(hang_guard()):
            async with _connected(a1, a2):
                pids = [int(await c.text("pid")) for c in (a1, a2)]
                held = gateway.quotas.count("upstream_sessions", "alice")
    finally:
        await gateway.close()
    assert pids[0] != pids[1]
    assert held == 2


async def test_connections_that_declared_different_capabilities_never_share_a_session() -> None:
    gateway = _gateway()
    asks, mute, asks_too = Conn(gateway, "alice"), Conn(gateway, "alice", elicits=False), Conn(gateway, "alice")
    try:
        with anyio.fail_after(hang_guard()):
            async with _connected(asks, mute, asks_too):
                pids = [int(await c.text("pid")) for c in (asks, mute, asks_too)]
                declared = sorted("elicitation" in s.declared for s in gateway.links.every())
    finally:
        await gateway.close()
    assert pids[0] == pids[2] != pids[1]  # the one that cannot answer questions is never offered as if it could
    assert declared == [False, True]


async def test_a_shared_servers_messages_go_to_the_calls_client_or_every_holder_and_late_questions_are_refused() -> (
    None
):
    gateway = _gateway()
    a1, a2, b1 = Conn(gateway, "alice"), Conn(gateway, "alice"), Conn(gateway, "bob")
    try:
        with anyio.fail_after(hang_guard()):
            async with _connected(a1, a2, b1):
                await b1.text("pid")
                answer = await a1.text("ask")  # a question during a1's call: a1's to answer, no one else's
                asked = (list(a1.asked), list(a2.asked))
                pid = await a2.text("announce")  # its log line follows the result: no call in flight
                assert pid == "announced"
                while len(a1.logs()) < 1 or len(a2.logs()) < 1:
                    await anyio.sleep(0.02)
                await a1.text("ask_later")  # a question outside any call: no one connection answers it
                heard: Any = None
                while heard is None:
                    heard = json.loads(await a1.text("heard"))
                    await anyio.sleep(0.02)
                late_asked = len(a1.asked) + len(a2.asked)
    finally:
        await gateway.close()
    assert answer == "colour:blue-1"
    assert [len(q) for q in asked] == [1, 0]
    assert asked[0][0].endswith("Which colour?")
    assert a1.logs() == a2.logs()
    assert len(a1.logs()) == 1
    assert str(a1.logs()[0]).startswith("from ")
    assert b1.logs() == []  # another principal's connection never hears alice's server
    assert heard["error"]["code"] == -32601
    assert "shared session" in heard["error"]["message"]
    assert late_asked == 1  # only the question tied to a call was ever put to a client


def test_the_config_turns_sharing_on_per_server_and_leaves_it_off_by_default() -> None:
    config = WeirConfig.model_validate(
        {"servers": {"one": {"command": ["python", "-V"], "share": "per_principal"}, "two": {"command": ["python"]}}}
    )
    upstreams = upstreams_from_config(config)
    assert config.servers["two"].share is Share.PER_CONNECTION
    assert upstreams["one"].shared
    assert not upstreams["two"].shared
    with pytest.raises(ValueError, match="share"):
        WeirConfig.model_validate({"servers": {"one": {"command": ["python"], "share": "everyone"}}})


async def test_over_http_two_tokens_never_share_and_one_tokens_sessions_do() -> None:
    gateway = _gateway()
    port = free_port()
    app = create_app(gateway, tokens=[ALICE, BOB], bind_host="127.0.0.1")
    listening = asyncio.Event()
    task = asyncio.create_task(serve_app(app, "127.0.0.1", port, on_listening=listening.set))
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        await asyncio.wait_for(listening.wait(), hang_guard())
        async with httpx2.AsyncClient(timeout=hang_guard()) as http:
            opened = [(await open_legacy_session(http, url, token), token) for token in (ALICE, ALICE, BOB)]
            sids = [(reply.headers["mcp-session-id"], token) for reply, token in opened]
            pids = []
            for sid, token in sids:
                call = {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "pid", "arguments": {}}}
                reply = (await http.post(url, json=call, headers=bearer_headers(token, sid))).json()
                pids.append(int(reply["result"]["content"][0]["text"]))
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await gateway.close()
    assert pids[0] == pids[1] != pids[2]
