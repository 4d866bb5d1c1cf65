"""The fleet when a part fails: skewed clocks, PostgreSQL gone, Redis gone, a replica killed mid-call.

Two replicas share a Redis and a PostgreSQL of this module's own (they are stopped and started
here), so the tests run in file order and the replica kill comes last. Replica 2's clock runs an
hour behind replica 1's (libfaketime, Debian's ``faketime``): the audit chain is in the order the
database committed, never in clock order. While PostgreSQL is gone every call fails closed naming
the trail; while Redis is gone every request is refused naming the shared state (its principal's
request rate, the fleet's, cannot be counted); both recover. A
replica killed with SIGKILL while calls run in it fails those calls only: every response a client
received has its rows in the shared chain, ``weir audit verify`` passes, and the agent session's
labels are in Redis for the next call through another replica.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mcp.shared.exceptions import MCPError

from tests.deadlines import hang_guard
from tests.e2e.running import Running, stop
from tests.fleet.conftest import DSN_ENV, fleet_clients, fleet_config, start_replica, trail, upstreams, verify_cli
from tests.fleet.test_fleet import ATTACK, TAINT_RULES, _call, _client, _rules
from tests.fleetparts import Redis, redis_server
from tests.postgres import SECRET, PostgresServer
from weir.audit import AuditQuery, Phase
from weir.demo_servers.web import POISONED_URL

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

FAKETIME = next(
    iter(sorted(Path("/usr/lib").glob("*/faketime/libfaketime.so.1"))), Path("/usr/lib/faketime/libfaketime.so.1")
)
SKEW = {
    "LD_PRELOAD": str(FAKETIME),
    "FAKETIME": "-1h",
    "FAKETIME_DONT_FAKE_MONOTONIC": "1",
    "FAKETIME_FORCE_MONOTONIC_FIX": "0",
}
"""Replica 2's environment: its wall clock an hour behind (its monotonic clock, timeouts, untouched).

``FAKETIME_FORCE_MONOTONIC_FIX=0``: with ``DONT_FAKE_MONOTONIC``, libfaketime 0.9.10 turns its
"monotonic fix" on by itself on glibc, and then ``pthread_cond_timedwait`` on a monotonic condition
variable times out at once — the interpreter's GIL waits on one, so every thread that waits for the
GIL spins (two busy threads: 0.1 s of CPU without libfaketime, 5 s with the fix). The skew is
unchanged: the test below fails if the event times stop disagreeing."""
NEWS = "https://news.example/today"


@dataclass
class Pair:
    redis: Redis
    postgres: PostgresServer
    dsn: str
    replicas: list[Running]
    skewed: bool
    """Replica 2's clock runs an hour behind (libfaketime is installed)."""


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory, postgres_server: PostgresServer) -> Iterator[Pair]:
    """Redis, a PostgreSQL of this module's own, replica 1 and replica 2 (its clock behind)."""
    fleet_clients()
    directory = tmp_path_factory.mktemp("failures")
    postgres = PostgresServer(postgres_server.bin)
    skewed = FAKETIME.is_file()
    try:
        postgres.start()
        dsn = postgres.new_database()
        with redis_server(directory) as redis, upstreams() as servers:
            replicas: list[Running] = []
            try:
                replicas.append(start_replica(fleet_config(directory, "r1", servers=servers), redis.url, dsn))
                env = SKEW if skewed else None
                r2 = fleet_config(directory, "r2", servers=servers)
                replicas.append(start_replica(r2, redis.url, dsn, env=env))
                yield Pair(redis, postgres, dsn, replicas, skewed)
            finally:
                for running in replicas:
                    if running.proc.poll() is None:
                        stop(running)
    finally:
        postgres.destroy()


def _who() -> tuple[str, str]:
    return f"agent-{uuid.uuid4().hex[:8]}", f"s-{uuid.uuid4().hex[:8]}"


def _leaves(exc: BaseException) -> list[BaseException]:
    """The exceptions inside (nested) exception groups."""
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for inner in exc.exceptions for leaf in _leaves(inner)]
    return [exc]


def _readyz(running: Running) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(f"{running.base}/readyz", timeout=hang_guard(60)) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _mcp_error(exc: BaseException) -> MCPError:
    """The JSON-RPC error inside what the client raised (a task group wraps it)."""
    if isinstance(exc, MCPError):
        return exc
    for inner in getattr(exc, "exceptions", ()):
        with contextlib.suppress(AssertionError):
            return _mcp_error(inner)
    raise AssertionError(f"no JSON-RPC error in {exc!r}")


def _session_rows(dsn: str, name: str) -> list[Any]:
    with trail(dsn) as store:
        return [s for s in store.query(AuditQuery()) if (s.event.session or "").endswith(f"/{name}")]


async def test_skewed_clocks_do_not_reorder_the_shared_chain(pair: Pair) -> None:
    if not pair.skewed:
        message = f"{FAKETIME} is not installed (scripts/_fleet.sh installs Debian's faketime)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    r1, r2 = pair.replicas
    who = _who()
    urls = [f"{NEWS}?n={i}" for i in range(4)]
    for i, url in enumerate(urls):  # alternately through the replica on time and the one an hour behind
        await _call((r1, r2)[i % 2].mcp, "2026-07-28", who, "web__fetch", {"url": url}, meta=True)
    calls = [s for s in _session_rows(pair.dsn, who[1]) if s.event.phase is Phase.CALL]
    assert [s.event.arguments.value["url"] for s in calls] == urls  # type: ignore[union-attr,index]
    assert [s.id for s in calls] == sorted(s.id for s in calls)
    times = [s.event.time for s in calls]
    assert times != sorted(times)  # the clocks disagree; the chain followed the commits
    done = verify_cli(pair.dsn)
    assert done.returncode == 0, done.stdout + done.stderr


async def test_postgres_gone_fails_calls_closed_naming_the_trail_and_they_recover(pair: Pair) -> None:
    r1, r2 = pair.replicas
    pair.postgres.stop("immediate")
    try:
        with pytest.raises(BaseException) as raised:  # noqa: PT011 — the JSON-RPC error, in the client's task group
            await _call(r1.mcp, "2026-07-28", _who(), "web__fetch", {"url": NEWS})
        refused = _mcp_error(raised.value)
        assert "AuditError" in refused.message
        assert f"${DSN_ENV}" in refused.message
        assert SECRET not in refused.message
        status, report = _readyz(r2)
        assert status == 503
        assert "audit" in report["dependencies"]
        assert report["dependencies"]["audit"] != "ok"
        assert SECRET not in json.dumps(report)
    finally:
        pair.postgres.start()
    again = await _call(r2.mcp, "2026-07-28", _who(), "web__fetch", {"url": NEWS})
    assert again.is_error is False, again
    assert verify_cli(pair.dsn).returncode == 0


async def test_redis_gone_fails_calls_closed_and_they_recover_when_it_is_back(pair: Pair) -> None:
    r1, r2 = pair.replicas
    mode = "2026-07-28"
    who = _who()
    await _call(r1.mcp, mode, who, "web__fetch", {"url": POISONED_URL})
    pair.redis.stop()
    try:
        # Refused at the door: the principal's request rate is the fleet's, and cannot be counted.
        with pytest.raises((MCPError, BaseExceptionGroup)) as down:  # MCPError, in the client's task groups
            await _call(r2.mcp, mode, _who(), "web__fetch", {"url": NEWS})
    finally:
        pair.redis.start()  # empty (--save ''): r1's own copy of the session re-seeds it at its next stage
    said = [str(e) for e in _leaves(down.value) if isinstance(e, MCPError)]
    assert said, down.value
    assert "could not be counted: shared state unavailable" in said[0]
    assert "fail closed" in said[0]
    again = await _call(r1.mcp, mode, who, "mail__send_email", ATTACK)
    # Decided again (not the store's failure): stopped, as the session read a malicious page before
    # (a plain read would run: reads stay reads after a flagged page).
    assert "weir/decision-error" not in _rules(again), again
    assert _rules(again) & TAINT_RULES, _rules(again)
    fresh = await _call(r2.mcp, mode, _who(), "web__fetch", {"url": NEWS})
    assert fresh.is_error is False, fresh  # and a session with nothing to fear runs
    send = await _call(r2.mcp, mode, who, "mail__send_email", ATTACK)
    assert send.is_error is True
    assert _rules(send) & TAINT_RULES, _rules(send)


async def _keep_calling(url: str, mode: str, who: tuple[str, str], released: list[str]) -> None:
    """Fetch pages on one connection until the replica dies; ``released``: each response received."""
    async with _client(url, mode, who[0], answers=True) as client:
        await client.list_tools()
        for i in range(10_000):
            page = f"{NEWS}?{who[1]}={i}"
            result = await client.call_tool("web__fetch", {"url": page}, meta={"dev.weir/session": who[1]})
            if not result.is_error:
                released.append(page)


async def test_a_replica_killed_mid_call_fails_those_calls_and_loses_no_released_row(pair: Pair) -> None:
    """Both revisions at once: sessions calling in a loop on replica 1 and a held call each, SIGKILL."""
    r1, r2 = pair.replicas
    modes = ("legacy", "2026-07-28")
    tainted = {mode: _who() for mode in modes}
    for mode, who in tainted.items():
        await _call(r1.mcp, mode, who, "web__fetch", {"url": POISONED_URL}, meta=True)
    # A mail from a client that cannot be asked waits in r1's approvals queue: a call in flight.
    mail = {"to": "bob@corp.example", "subject": "figures", "body": "the figures"}
    held = [
        asyncio.ensure_future(_call(r1.mcp, m, w, "mail__send_email", mail, answers=False)) for m, w in tainted.items()
    ]
    busy = {(mode, k): _who() for mode in modes for k in range(2)}
    released: dict[tuple[str, int], list[str]] = {key: [] for key in busy}
    loops = [asyncio.ensure_future(_keep_calling(r1.mcp, key[0], who, released[key])) for key, who in busy.items()]
    deadline = asyncio.get_running_loop().time() + hang_guard(120)

    def enough() -> bool:  # responses released in both revisions, some more in all
        per_mode = [sum(len(v) for k, v in released.items() if k[0] == mode) for mode in modes]
        return min(per_mode) >= 1 and sum(per_mode) >= 8

    while not enough() and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.1)
    assert enough(), released
    assert not any(task.done() for task in held + loops), [t.exception() for t in held + loops if t.done()]
    r1.proc.send_signal(signal.SIGKILL)
    r1.proc.wait(timeout=hang_guard())
    outcomes = await asyncio.wait_for(asyncio.gather(*held, *loops, return_exceptions=True), hang_guard())
    assert all(isinstance(o, BaseException) for o in outcomes), outcomes  # each call in flight failed
    # Every response a client received has its call and its result in the shared chain.
    for key, who in busy.items():
        rows = _session_rows(pair.dsn, who[1])
        called = {s.event.call_id: s.event.arguments.value["url"] for s in rows if s.event.phase is Phase.CALL}  # type: ignore[union-attr,index]
        answered = {called.get(s.event.call_id) for s in rows if s.event.phase is Phase.RESULT}
        assert set(released[key]) <= answered, (key, sorted(set(released[key]) - answered))
    done = verify_cli(pair.dsn)
    assert done.returncode == 0, done.stdout + done.stderr
    # The other replica serves each tainted session with the labels the dead one stored.
    for mode, who in tainted.items():
        send = await _call(r2.mcp, mode, who, "mail__send_email", ATTACK, meta=True)
        assert send.is_error is True
        assert _rules(send) & TAINT_RULES, _rules(send)
    news = await _call(r2.mcp, "2026-07-28", _who(), "web__fetch", {"url": NEWS})
    assert news.is_error is False  # another session on the surviving replica is untouched
