"""The fleet when a part fails: a replica killed mid-call, Redis gone and back.

A replica killed with SIGKILL while a call waits in it fails that call only; the agent session's
labels are in Redis, so the next call, through another replica, is held for what the session read.
While Redis is gone every call fails closed (blocked, naming why); once it is back calls run again,
and the replicas' own copies re-seed what an empty Redis lost.
"""

from __future__ import annotations

import asyncio
import signal
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.deadlines import hang_guard
from tests.e2e.running import Running, stop
from tests.fleet.conftest import fleet_config, start_replica
from tests.fleet.test_fleet import ATTACK, TAINT_RULES, _call, _rules
from tests.fleetparts import Redis, redis_server
from weir.demo_servers.web import POISONED_URL

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[Redis, list[Running]]]:
    pytest.importorskip("redis", reason="the fleet extra's client (pip install 'weir[fleet]')")
    with redis_server(tmp_path) as redis:
        replicas: list[Running] = []
        try:
            for name in ("r1", "r2"):
                replicas.append(start_replica(fleet_config(tmp_path, name), redis.url))
            yield redis, replicas
        finally:
            for running in replicas:
                if running.proc.poll() is None:
                    stop(running)


def _who() -> tuple[str, str]:
    return f"agent-{uuid.uuid4().hex[:8]}", f"s-{uuid.uuid4().hex[:8]}"


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_replica_killed_mid_call_fails_that_call_only(pair: tuple[Redis, list[Running]], mode: str) -> None:
    _, (r1, r2) = pair
    who = _who()
    await _call(r1.mcp, mode, who, "web__fetch", {"url": POISONED_URL})
    # A mail from a client that cannot be asked waits in r1's approvals queue: a call in flight.
    mail = {"to": "bob@corp.example", "subject": "figures", "body": "the figures"}
    held = asyncio.ensure_future(_call(r1.mcp, mode, who, "mail__send_email", mail, answers=False))
    await asyncio.sleep(3)  # the call reaches r1's queue (if not yet, it fails at r1 all the same)
    assert not held.done()
    r1.proc.send_signal(signal.SIGKILL)
    r1.proc.wait(timeout=hang_guard())
    with pytest.raises(BaseException):  # noqa: B017, PT011 — the transport's error, whatever its type
        await asyncio.wait_for(held, hang_guard())
    # The other replica serves the session with the labels the dead one stored.
    send = await _call(r2.mcp, mode, who, "mail__send_email", ATTACK)
    assert send.is_error is True
    assert _rules(send) & TAINT_RULES, _rules(send)
    news = await _call(r2.mcp, mode, _who(), "web__fetch", {"url": "https://news.example/today"})
    assert news.is_error is False  # another session on the surviving replica is untouched


async def test_redis_gone_fails_calls_closed_and_they_recover_when_it_is_back(
    pair: tuple[Redis, list[Running]],
) -> None:
    redis, (r1, r2) = pair
    mode = "2026-07-28"
    who = _who()
    await _call(r1.mcp, mode, who, "web__fetch", {"url": POISONED_URL})
    redis.stop()
    down = await _call(r2.mcp, mode, _who(), "web__fetch", {"url": "https://news.example/today"})
    assert down.is_error is True
    text = "".join(getattr(c, "text", "") for c in down.content)
    assert "shared state unavailable" in text
    assert "fail closed" in text
    redis.start()  # empty (--save ''): r1's own copy of the session re-seeds it at its next stage
    again = await _call(r1.mcp, mode, who, "mail__send_email", ATTACK)
    # Decided again (not the store's failure): stopped, as the session read a malicious page before
    # (a plain read would run: reads stay reads after a flagged page).
    assert "weir/decision-error" not in _rules(again), again
    assert _rules(again) & TAINT_RULES, _rules(again)
    fresh = await _call(r2.mcp, mode, _who(), "web__fetch", {"url": "https://news.example/today"})
    assert fresh.is_error is False, fresh  # and a session with nothing to fear runs
    send = await _call(r2.mcp, mode, who, "mail__send_email", ATTACK)
    assert send.is_error is True
    assert _rules(send) & TAINT_RULES, _rules(send)
