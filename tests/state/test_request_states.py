"""The 2026-07-28 confirmation's ``requestState`` in a real Redis: minted by one replica, answered
through another, single-use fleet-wide, bound to its call, expiring, and failing closed without Redis."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fleetparts import Redis, redis_server
from weir.gateway.confirmation.confirm import STATE_PREFIX, Kept, PendingConfirmations
from weir.state.config import RedisStateConfig
from weir.state.memory import MemoryRequestStates
from weir.state.ports import StateError

pytestmark = pytest.mark.anyio
MAIL = {"to": "bob@corp.example", "subject": "figures"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Redis]:
    """One Redis for the module (each test uses its own prefix)."""
    pytest.importorskip("redis", reason="the fleet extra's client (pip install 'weir[fleet]')")
    with redis_server(tmp_path_factory.mktemp("request-states")) as server:
        yield server


def _replicas(redis: Redis, n: int = 2, *, ttl_s: float = 60) -> list[PendingConfirmations]:
    """``n`` replicas' confirmations, each on its own connection, sharing one prefix."""
    from weir.state.redis import connect
    from weir.state.requeststates import RedisRequestStates

    prefix = f"t{id(object())}:"
    clients = [connect(redis.url, RedisStateConfig(timeout_s=1)) for _ in range(n)]
    return [PendingConfirmations(ttl_s, states=RedisRequestStates(c, prefix)) for c in clients]


async def test_a_state_minted_by_one_replica_is_answered_through_another_once(redis: Redis) -> None:
    one, two = _replicas(redis)
    state = await one.open("token:abc/agent", "mail__send_email", MAIL)
    assert state.startswith(STATE_PREFIX)
    assert await two.close(state, "token:abc/agent", "mail__send_email", MAIL) == Kept(approved=False)
    # taken: neither replica accepts it again
    for replica in (one, two):
        assert await replica.close(state, "token:abc/agent", "mail__send_email", MAIL) == (
            "the confirmation expired or is unknown"
        )


async def test_a_carried_approval_and_the_server_state_cross_replicas(redis: Redis) -> None:
    one, two = _replicas(redis)
    state = await one.carry("s", "files__write", {"path": "a"}, "upstream-state-7")
    assert await two.close(state, "s", "files__write", {"path": "a"}) == Kept(
        approved=True, upstream_state="upstream-state-7"
    )


async def test_racing_replicas_take_a_state_exactly_once(redis: Redis) -> None:
    replicas = _replicas(redis, 4)
    state = await replicas[0].open("s", "t", {})
    answers: list[Any] = await asyncio.gather(*(r.close(state, "s", "t", {}) for r in replicas * 5))
    assert answers.count(Kept(approved=False)) == 1
    assert answers.count("the confirmation expired or is unknown") == len(answers) - 1


async def test_a_state_is_bound_to_its_call_and_session_on_every_replica(redis: Redis) -> None:
    one, two = _replicas(redis)
    state = await one.open("s1", "send", MAIL)
    assert (
        await two.close(state, "s1", "send", {**MAIL, "to": "evil@x.y"})
        == "the confirmation was given for a different call"
    )
    other = await one.open("s1", "send", MAIL)
    assert await two.close(other, "s2", "send", MAIL) == "the confirmation was given for a different call"


async def test_redis_expires_a_state(redis: Redis) -> None:
    one, two = _replicas(redis, ttl_s=0.05)
    state = await one.open("s", "t", {})
    await asyncio.sleep(0.3)
    assert await two.close(state, "s", "t", {}) == "the confirmation expired or is unknown"


async def test_without_redis_no_question_is_kept_and_no_answer_is_taken(tmp_path: Path) -> None:
    pytest.importorskip("redis", reason="the fleet extra's client (pip install 'weir[fleet]')")
    with redis_server(tmp_path) as server:
        one, two = _replicas(server)
        state = await one.open("s", "t", {})
        server.stop()
        with pytest.raises(StateError, match="shared state unavailable"):
            await one.open("s", "t", {})
        refused = await two.close(state, "s", "t", {})
        assert isinstance(refused, str)
        assert refused.startswith("the confirmation could not be checked (shared state unavailable")


async def test_the_memory_store_is_bounded_and_single_use() -> None:
    states = MemoryRequestStates(limit=2)
    for key in ("a", "b", "c"):
        await states.put(key, key.upper(), 60)
    assert await states.take("a") is None  # the oldest went first
    assert await states.take("c") == "C"
    assert await states.take("c") is None


async def test_a_record_that_is_not_a_confirmation_approves_nothing() -> None:
    states = MemoryRequestStates()
    pending = PendingConfirmations(60, states=states)
    for i, junk in enumerate(("not json", "[1, 2]", '{"f": "x"}')):
        await states.put(f"{STATE_PREFIX}junk{i}", junk, 60)
        assert await pending.close(f"{STATE_PREFIX}junk{i}", "s", "t", {}) == "the confirmation is unreadable"
