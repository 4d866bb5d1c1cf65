"""Per-principal quotas (issue 29 item 4): one principal at its quotas, the others served meanwhile.

A real gateway (the Guard, the demo mail server in memory) over streamable HTTP on 127.0.0.1 with
two bearer tokens, served by ``serve_app`` as ``weir gateway`` serves it; the clients are raw HTTP.
Each quota refuses with a message naming the principal, the quota and its config key, and the
refusal is in the audit trail.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest

from tests.deadlines import eventually, hang_guard
from tests.gateway.conftest import TableDecider, make_gateway, wire_upstream
from tests.jsonrpc import bearer_headers, open_legacy_session
from tests.ports import free_port
from weir.audit import MemoryAudit
from weir.audit.event import Phase
from weir.config import WeirConfig
from weir.demo_servers import mail
from weir.gateway.downstream.http import create_app, principal_of, serve_app
from weir.gateway.downstream.memory import MemoryChannel
from weir.gateway.downstream.outbox import Outbox
from weir.gateway.proxy import Gateway
from weir.gateway.quotas import RULE, QuotaExceeded, Refusals
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard

pytestmark = pytest.mark.anyio

ALICE, BOB = "Tk-alice-7f3a9QzL2w", "Tk-bob-91c2Xv8Rm4pE"


def _gateway(**quotas: Any) -> tuple[Gateway, MemoryAudit]:
    config = WeirConfig.model_validate(
        {"servers": {"mail": {"trust": "trusted"}}, "gateway": {"namespace": True, "quotas": quotas}}
    )
    upstreams = {"mail": Upstream("mail", lambda: MemoryChannel(mail.server))}
    audit = MemoryAudit()
    return Gateway(config.gateway, upstreams=upstreams, decider=Guard(config), audit=audit), audit


@contextlib.asynccontextmanager
async def _serving(gateway: Gateway) -> AsyncIterator[str]:
    port = free_port()
    app = create_app(gateway, tokens=[ALICE, BOB], bind_host="127.0.0.1")
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


async def _call(http: httpx2.AsyncClient, url: str, token: str, sid: str, session: str | None = None) -> dict[str, Any]:
    meta = {"dev.weir/session": session} if session else {}
    params = {"name": "mail__list_inbox", "arguments": {}, "_meta": meta}
    msg = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params}
    reply = await http.post(url, json=msg, headers=bearer_headers(token, sid))
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def _refusals(audit: MemoryAudit, quota: str) -> list[dict[str, Any]]:
    rows = [e for e in audit.events if e.phase is Phase.ERROR and (e.details or {}).get("quota") == quota]
    assert all(e.decision is not None and e.decision.rules[0].name == RULE for e in rows)
    return [dict(e.details or {}) for e in rows]


async def test_one_principals_client_sessions_are_capped_and_another_is_served() -> None:
    gateway, audit = _gateway(client_sessions=2)
    async with _serving(gateway) as url, httpx2.AsyncClient(timeout=hang_guard()) as http:
        first, second = [await open_legacy_session(http, url, ALICE) for _ in range(2)]
        third = await open_legacy_session(http, url, ALICE)
        bobs = await open_legacy_session(http, url, BOB)
        assert (await _call(http, url, BOB, bobs.headers["mcp-session-id"]))["result"]["isError"] is False
        ended = await http.delete(url, headers=bearer_headers(ALICE, first.headers["mcp-session-id"]))
        again = await open_legacy_session(http, url, ALICE)
    assert (first.status_code, second.status_code, bobs.status_code) == (200, 200, 200)
    assert third.status_code == 429
    error = third.json()["error"]
    assert f"principal «{principal_of(ALICE)}» already holds 2 HTTP client sessions" in error["message"]
    assert "gateway.quotas.client_sessions: 2" in error["message"]
    assert error["data"] == {"quota": "client_sessions", "limit": 2}
    assert ended.status_code == 200
    assert again.status_code == 200  # ending a session gives its place back
    assert _refusals(audit, "client_sessions") == [
        {"quota": "client_sessions", "principal": principal_of(ALICE), "limit": 2, "refusals": 1}
    ]


async def test_a_principals_agent_sessions_are_capped_and_idle_ones_expire() -> None:
    gateway, audit = _gateway(agent_sessions=2, agent_session_idle_s=3600)
    now = [1000.0]
    gateway.calls.sessions.clock = lambda: now[0]
    async with _serving(gateway) as url, httpx2.AsyncClient(timeout=hang_guard()) as http:
        alice = (await open_legacy_session(http, url, ALICE)).headers["mcp-session-id"]
        bob = (await open_legacy_session(http, url, BOB)).headers["mcp-session-id"]
        one = await _call(http, url, ALICE, alice, "one")
        two = await _call(http, url, ALICE, alice, "two")  # the connection is in "two" now
        three = await _call(http, url, ALICE, alice, "three")
        bobs = await _call(http, url, BOB, bob, "one")  # another principal's quota is its own
        now[0] += 3601  # "one" is idle and no connection is in it; "two" is this connection's
        after = await _call(http, url, ALICE, alice, "three")
    assert all("error" not in r for r in (one, two, bobs))
    message = three["error"]["message"]
    assert f"principal «{principal_of(ALICE)}» already holds 2 agent sessions" in message
    assert "gateway.quotas.agent_sessions: 2" in message
    assert "error" not in after
    known = gateway.calls.sessions.known()
    assert f"{principal_of(ALICE)}/one" not in known  # expired: forgotten with its labels
    assert {f"{principal_of(ALICE)}/two", f"{principal_of(ALICE)}/three", f"{principal_of(BOB)}/one"} <= set(known)
    assert [r["principal"] for r in _refusals(audit, "agent_sessions")] == [principal_of(ALICE)]


async def test_upstream_sessions_are_counted_per_principal() -> None:
    gateway, audit = _gateway(upstream_sessions=1)
    async with _serving(gateway) as url, httpx2.AsyncClient(timeout=hang_guard()) as http:
        a1, a2, b1 = [(await open_legacy_session(http, url, t)).headers["mcp-session-id"] for t in (ALICE, ALICE, BOB)]
        first = await _call(http, url, ALICE, a1)
        second = await _call(http, url, ALICE, a2)  # a second connection would open a second session
        bobs = await _call(http, url, BOB, b1)
        await http.delete(url, headers=bearer_headers(ALICE, a1))
        # The closed connection's upstream sessions end in the background.
        assert await eventually(lambda: gateway.quotas.count("upstream_sessions", principal_of(ALICE)) == 0)
        freed = await _call(http, url, ALICE, a2)
    assert all("error" not in r for r in (first, bobs, freed))
    assert "already holds 1 upstream sessions" in second["error"]["message"]
    assert "gateway.quotas.upstream_sessions: 1" in second["error"]["message"]
    assert [r["quota"] for r in _refusals(audit, "upstream_sessions")] == ["upstream_sessions"]


def _answer(reply: httpx2.Response, call_id: int) -> dict[str, Any]:
    """The JSON-RPC answer to ``call_id``, whether the gateway sent it as JSON or as an event stream."""
    if not reply.headers.get("content-type", "").startswith("text/event-stream"):
        return dict(reply.json())
    for line in reply.text.splitlines():
        if line.startswith("data: ") and line[6:].strip():
            event = json.loads(line[6:])
            if event.get("id") == call_id:
                return dict(event)
    raise AssertionError(f"no answer to call {call_id} in {reply.text!r}")


def _log(i: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": f"{i:04d}" * 50}}


def test_a_client_sessions_queued_events_keep_to_their_budget_and_the_client_is_told() -> None:
    told: list[int] = []

    def dropped(count: int) -> dict[str, Any]:
        told.append(count)
        return {"jsonrpc": "2.0", "method": "notifications/message", "params": {"data": f"dropped {count}"}}

    box = Outbox(4096, dropped)
    call = box.open()
    call.push({"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "r" * 3000}]}})
    for i in range(300):  # a server parks log lines on a standing stream nobody reads
        box.standing.push(_log(i))
    kept = [json.loads(data.split(b"data: ", 1)[1]) for _, data in box.standing.events]
    assert box.queued() <= 4096 + 2 * 300  # the budget, and at most one notice over it
    assert [e.get("id") for _, data in call.events for e in [json.loads(data.split(b"data: ", 1)[1])]] == [1]
    assert kept[-1] == _log(299)  # the newest are kept, the oldest dropped
    assert told  # the client is told, once per notice it has not read yet
    assert len([e for e in kept if str(e["params"]["data"]).startswith("dropped")]) == 1
    assert (
        sum(told) + box.untold + len(kept) - 1 == 300
    )  # every log line is kept, told of, or counted for the next notice


def test_refusals_are_audited_once_per_interval_with_their_count() -> None:
    audit = MemoryAudit()
    now = [0.0]
    refusals = Refusals(audit, interval_s=10.0, clock=lambda: now[0])
    exceeded = QuotaExceeded("agent_sessions", "p-1", 5)
    for _ in range(4):
        refusals.refused(exceeded)
    now[0] += 11
    refusals.refused(exceeded)
    refusals.refused(QuotaExceeded("agent_sessions", "p-2", 5))
    assert [(e.details or {})["refusals"] for e in audit.events] == [1, 4, 1]
    assert [(e.details or {})["principal"] for e in audit.events] == ["p-1", "p-1", "p-2"]


async def test_log_lines_parked_for_a_client_that_does_not_read_are_bounded_told_and_audited() -> None:
    config = WeirConfig.model_validate({"gateway": {"quotas": {"queued_bytes": 600}}})
    gateway, audit = make_gateway(TableDecider(), {"wire": wire_upstream()}, config=config)
    async with _serving(gateway) as url, httpx2.AsyncClient(timeout=hang_guard()) as http:
        sid = (await open_legacy_session(http, url, ALICE)).headers["mcp-session-id"]
        for i in range(40):  # each call's log line follows its answer; no GET reads the standing stream
            msg = {
                "jsonrpc": "2.0",
                "id": 100 + i,
                "method": "tools/call",
                "params": {"name": "later", "arguments": {}},
            }
            # A line that arrives while the next call is still open rides on that call's own stream
            # (delivered, not parked): so the calls go on until three lines have been parked.
            assert "result" in _answer(await http.post(url, json=msg, headers=bearer_headers(ALICE, sid)), 100 + i)
            if _refusals(audit, "queued_bytes"):
                break
        assert await eventually(lambda: bool(_refusals(audit, "queued_bytes")))
        headers = {**bearer_headers(ALICE, sid), "accept": "text/event-stream"}
        notice = None
        async with http.stream("GET", url, headers=headers) as stream:
            async for line in stream.aiter_lines():
                if line.startswith("data: ") and "quota exceeded" in line:
                    notice = json.loads(line[6:])
                    break
    assert notice is not None
    assert notice["method"] == "notifications/message"
    assert notice["params"]["level"] == "warning"
    assert "undelivered events dropped" in notice["params"]["data"]
    assert "gateway.quotas.queued_bytes: 600" in notice["params"]["data"]
    (row,) = _refusals(audit, "queued_bytes")
    assert row["principal"] == principal_of(ALICE)
