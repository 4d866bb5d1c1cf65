"""Two gateways built from one weir.yaml with ``state.redis`` (as ``weir gateway`` builds them),
each served over streamable HTTP on 127.0.0.1, sharing one real Redis: a principal's quota is the
fleet's, not each replica's. Its client sessions at the quota through replica 1 are refused on
replica 2 (and its agent sessions likewise); a session ended on replica 1 gives the place back to
replica 2; while Redis is gone the quota and the rate refuse (503, audited) and they count again
once it is back."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest

from tests.deadlines import hang_guard
from tests.fleetparts import Redis
from tests.jsonrpc import bearer_headers, open_legacy_session
from tests.ports import free_port
from weir.audit import MemoryAudit
from weir.audit.event import Phase
from weir.config import WeirConfig
from weir.demo_servers import mail
from weir.gateway.downstream.http import create_app, principal_of, serve_app
from weir.gateway.downstream.memory import MemoryChannel
from weir.gateway.quotas import SharedQuotas, SharedRate
from weir.gateway.upstream.session import Upstream
from weir.serving.deployment import Deployment, build_deployment

pytestmark = pytest.mark.anyio

ALICE, BOB = "Tk-alice-7f3a9QzL2w", "Tk-bob-91c2Xv8Rm4pE"
URL_ENV = "WEIR_TEST_QUOTAS_REDIS_URL"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _replica(redis: Redis, monkeypatch: pytest.MonkeyPatch, **quotas: Any) -> tuple[Deployment, MemoryAudit]:
    monkeypatch.setenv(URL_ENV, redis.url)
    config = WeirConfig.model_validate(
        {
            "servers": {"mail": {"trust": "trusted"}},
            "gateway": {"namespace": True, "quotas": quotas},
            "state": {"redis": {"url_env": URL_ENV, "timeout_s": 2}},
        }
    )
    audit = MemoryAudit()
    upstreams = {"mail": Upstream("mail", lambda: MemoryChannel(mail.server))}
    return build_deployment(config, audit=audit, upstreams=upstreams), audit


@contextlib.asynccontextmanager
async def _serving(*deployments: Deployment) -> AsyncIterator[list[str]]:
    tasks, urls = [], []
    for deployment in deployments:
        port = free_port()
        app = create_app(deployment.gateway, tokens=[ALICE, BOB], bind_host="127.0.0.1")
        listening = asyncio.Event()
        tasks.append(asyncio.create_task(serve_app(app, "127.0.0.1", port, on_listening=listening.set)))
        await asyncio.wait_for(listening.wait(), hang_guard())
        urls.append(f"http://127.0.0.1:{port}/mcp")
    try:
        yield urls
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for deployment in deployments:
            await deployment.gateway.close()
            await deployment.holders.close()


async def _call(http: httpx2.AsyncClient, url: str, token: str, sid: str, session: str) -> dict[str, Any]:
    params = {"name": "mail__list_inbox", "arguments": {}, "_meta": {"dev.weir/session": session}}
    msg = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params}
    reply = await http.post(url, json=msg, headers=bearer_headers(token, sid))
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def _refusals(audit: MemoryAudit) -> list[dict[str, Any]]:
    return [dict(e.details or {}) for e in audit.events if e.phase is Phase.ERROR and (e.details or {}).get("quota")]


async def test_a_principals_client_sessions_at_the_quota_on_replica_1_are_refused_on_replica_2(
    redis: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    (one, _), (two, audit) = (_replica(redis, monkeypatch, client_sessions=2) for _ in range(2))
    assert isinstance(one.gateway.quotas, SharedQuotas)
    assert isinstance(one.gateway.rate, SharedRate)
    async with _serving(one, two) as (r1, r2), httpx2.AsyncClient(timeout=hang_guard()) as http:
        first, second = [await open_legacy_session(http, r1, ALICE) for _ in range(2)]
        refused = await open_legacy_session(http, r2, ALICE)
        bobs = await open_legacy_session(http, r2, BOB)  # another principal's room is its own
        ended = await http.delete(r1, headers=bearer_headers(ALICE, first.headers["mcp-session-id"]))
        await one.holders.flush()  # the give-back is sent in the background; make sure it went
        again = await open_legacy_session(http, r2, ALICE)
    assert (first.status_code, second.status_code, bobs.status_code, ended.status_code) == (200, 200, 200, 200)
    assert refused.status_code == 429, refused.text
    message = refused.json()["error"]["message"]
    assert f"principal «{principal_of(ALICE)}» already holds 2 HTTP client sessions across the fleet" in message
    assert "gateway.quotas.client_sessions: 2" in message
    assert again.status_code == 200, again.text  # the place r1 gave back is r2's now
    assert [(r["quota"], r["principal"]) for r in _refusals(audit)] == [("client_sessions", principal_of(ALICE))]


async def test_a_principals_agent_sessions_are_counted_for_the_fleet(
    redis: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    (one, _), (two, _) = (_replica(redis, monkeypatch, agent_sessions=2) for _ in range(2))
    async with _serving(one, two) as (r1, r2), httpx2.AsyncClient(timeout=hang_guard()) as http:
        on_one = (await open_legacy_session(http, r1, ALICE)).headers["mcp-session-id"]
        on_two = (await open_legacy_session(http, r2, ALICE)).headers["mcp-session-id"]
        named = [await _call(http, r1, ALICE, on_one, name) for name in ("a", "b")]
        again = await _call(http, r2, ALICE, on_two, "a")  # the same agent session on replica 2: counted once
        third = await _call(http, r2, ALICE, on_two, "c")
    assert all("error" not in r for r in [*named, again])
    assert "already holds 2 agent sessions across the fleet" in third["error"]["message"]


async def test_while_redis_is_gone_quotas_and_rates_refuse_and_are_audited(
    redis: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    paced, paced_audit = _replica(redis, monkeypatch)
    counted, counted_audit = _replica(redis, monkeypatch, requests_per_s=None)
    async with _serving(paced, counted) as (r1, r2), httpx2.AsyncClient(timeout=hang_guard()) as http:
        assert (await open_legacy_session(http, r1, ALICE)).status_code == 200
        redis.stop()
        rate_refused = await open_legacy_session(http, r1, ALICE)
        quota_refused = await open_legacy_session(http, r2, ALICE)
        redis.start()
        back = [await open_legacy_session(http, url, ALICE) for url in (r1, r2)]
    for reply, quota in ((rate_refused, "requests_per_s"), (quota_refused, "client_sessions")):
        assert reply.status_code == 503, reply.text
        error = reply.json()["error"]
        assert error["data"] == {"quota": quota, "limit": error["data"]["limit"], "unavailable": True}
        assert "could not be counted: shared state unavailable: Redis does not answer" in error["message"]
        assert "(fail closed)" in error["message"]
    assert [r.status_code for r in back] == [200, 200]
    for audit, quota in ((paced_audit, "requests_per_s"), (counted_audit, "client_sessions")):
        rows = _refusals(audit)
        assert [(r["quota"], r.get("unavailable")) for r in rows] == [(quota, True)], rows


async def test_a_replicas_heartbeat_renews_its_lease_and_claims_back_what_it_holds(
    redis: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loop ``weir gateway`` runs beside a fleet's replica (its Redis ping, every 2 s) renews the
    replica's quota lease: one that had ended (a stall, a Redis restarted empty) runs again, and the
    holders the replica still has are counted again."""
    from weir.serving.runner import _keep_asking

    deployment, _ = _replica(redis, monkeypatch)
    holders = deployment.holders
    await deployment.gateway.quotas.take("client_sessions", "alice", "c1", 2)
    client = holders._client
    await client.zadd("weir:quota:leases", {holders.replica: 0})  # its lease ended
    await client.delete("weir:quota:client_sessions:alice")  # and its holders were dropped
    beating = asyncio.create_task(_keep_asking(deployment.shared, None, holders))

    async def renewed() -> bool:
        return (await client.zscore("weir:quota:leases", holders.replica) or 0) > 0 and await client.hexists(
            "weir:quota:client_sessions:alice", "c1"
        )

    try:
        deadline = asyncio.get_running_loop().time() + hang_guard()
        while not await renewed() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        assert await renewed()
    finally:
        beating.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beating
        await deployment.gateway.close()
        await holders.close()
