"""The per-principal request rate (issue 29 item 4): a token bucket per principal, refused with a
JSON-RPC error (429, ``Retry-After``), held until the token it borrowed is due, audited; another
principal is served meanwhile.

The HTTP tests serve a real gateway (the Guard, the demo mail server in memory) with ``serve_app``
on 127.0.0.1 and a frozen clock for the buckets, so no token is refilled while a test runs: what is
refused follows from the counts alone, never from how fast the machine is.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest

from tests.deadlines import hang_guard
from tests.gateway.test_quotas import ALICE, BOB, _call, _gateway, _refusals
from tests.jsonrpc import INITIALIZED, bearer_headers, initialize, open_legacy_session
from tests.ports import free_port
from weir.gateway.downstream.http import create_app, principal_of, serve_app
from weir.gateway.proxy import Gateway
from weir.gateway.quotas import RequestRate

pytestmark = pytest.mark.anyio

PING = {"jsonrpc": "2.0", "id": 7, "method": "ping"}


def test_a_bucket_lets_a_burst_through_then_holds_refusals_until_their_token_is_due() -> None:
    now = [0.0]
    rate = RequestRate(4, 2, clock=lambda: now[0])
    first = [rate.take("alice") for _ in range(2)]  # the burst
    held = [rate.take("alice") for _ in range(2)]  # borrowed: answered when their token is due
    at_once = rate.take("alice")  # the debt is at its bound: refused now, nothing more held
    bobs = rate.take("bob")
    now[0] += 1.0  # four tokens a second: the debt of two paid back, and the bucket full (two)
    later = [rate.take("alice") for _ in range(3)]
    assert first == [None, None]
    assert [r.hold_s if r else None for r in held] == [0.5, 0.75]
    assert at_once is not None
    assert at_once.hold_s == 0.0
    assert at_once.retry_after == 1
    assert "gateway.quotas.requests_per_s: 4" in at_once.error.message
    assert bobs is None  # another principal's bucket is its own
    assert [r is None for r in later] == [True, True, False]  # a full bucket again, then borrowing


@contextlib.asynccontextmanager
async def _serving(gateway: Gateway, tokens: list[str]) -> AsyncIterator[str]:
    port = free_port()
    app = create_app(gateway, tokens=tokens, bind_host="127.0.0.1", clock=lambda: 1000.0)
    listening = asyncio.Event()
    task = asyncio.create_task(serve_app(app, "127.0.0.1", port, on_listening=listening.set))
    try:
        await asyncio.wait_for(listening.wait(), hang_guard())
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await gateway.close()


async def test_a_principal_over_its_rate_is_refused_and_audited_while_another_is_served() -> None:
    gateway, audit = _gateway(requests_per_s=4, request_burst=4)
    async with _serving(gateway, [ALICE, BOB]) as url, httpx2.AsyncClient(timeout=hang_guard()) as http:
        sid = (await open_legacy_session(http, url, ALICE)).headers["mcp-session-id"]  # two requests of alice's four
        served = await _call(http, url, ALICE, sid)
        pings = [await http.post(url, json=PING, headers=bearer_headers(ALICE, sid)) for _ in range(6)]
        bob_sid = (await open_legacy_session(http, url, BOB)).headers["mcp-session-id"]
        bobs = await _call(http, url, BOB, bob_sid)
        ended = await http.delete(url, headers=bearer_headers(ALICE, sid))  # giving room back is never refused
    assert "error" not in served
    assert "error" not in bobs
    assert [p.status_code for p in pings] == [200, 429, 429, 429, 429, 429]
    refused: dict[str, Any] = pings[1].json()
    assert refused["error"]["code"] == -32600
    assert f"principal «{principal_of(ALICE)}» sent more than 4 requests a second" in refused["error"]["message"]
    assert refused["error"]["data"] == {"quota": "requests_per_s", "limit": 4}
    assert pings[1].headers["retry-after"] == "1"
    assert ended.status_code == 200
    rows = _refusals(audit, "requests_per_s")
    assert [(r["principal"], r["limit"]) for r in rows] == [(principal_of(ALICE), 4)]  # one row per interval


async def test_without_tokens_there_is_one_principal_and_no_rate_to_keep() -> None:
    gateway, audit = _gateway(requests_per_s=1, request_burst=1)
    plain = {"content-type": "application/json", "accept": "application/json"}
    async with _serving(gateway, []) as url, httpx2.AsyncClient(timeout=hang_guard()) as http:
        opened = await http.post(url, json=initialize(0), headers=plain)
        sid = {**plain, "mcp-session-id": opened.headers["mcp-session-id"]}
        await http.post(url, json=INITIALIZED, headers=sid)
        pings = [await http.post(url, json=PING, headers=sid) for _ in range(4)]
    assert [p.status_code for p in pings] == [200] * 4
    assert _refusals(audit, "requests_per_s") == []
