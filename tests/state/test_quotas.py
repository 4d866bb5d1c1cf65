"""Quotas and request rates in a real Redis: one count per principal for every replica, racing takes
that never pass the limit, a dead replica's holders freed when its lease ends, one token bucket per
principal with the in-memory bucket's answers, and a Redis gone refusing (then recovering)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.deadlines import hang_guard
from tests.fleetparts import Redis
from weir.gateway.quotas import QuotaExceeded, QuotaUnavailable, RequestRate, SharedQuotas, SharedRate
from weir.state.config import RedisStateConfig
from weir.state.ports import StateError

pytestmark = pytest.mark.anyio

SETTINGS = RedisStateConfig(timeout_s=5)
LEASES = "weir:quota:leases"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _holders(redis: Redis, replica: str) -> Any:
    """One replica's quota holders, on a connection of its own."""
    from weir.state.quotas import RedisQuotaHolders
    from weir.state.redis import connect

    return RedisQuotaHolders(connect(redis.url, SETTINGS), "weir:", replica, lease_s=60)


def _buckets(redis: Redis) -> Any:
    from weir.state.buckets import RedisBuckets
    from weir.state.redis import connect

    return RedisBuckets(connect(redis.url, SETTINGS), "weir:")


async def _close(*parts: Any) -> None:
    for part in parts:
        await part._client.aclose()


async def test_a_principal_at_its_quota_on_one_replica_is_refused_on_another(redis: Redis) -> None:
    one, two = _holders(redis, "r1"), _holders(redis, "r2")
    first, second = SharedQuotas(one), SharedQuotas(two)
    await first.take("client_sessions", "alice", "c1", 2)
    await first.take("client_sessions", "alice", "c2", 2)
    with pytest.raises(QuotaExceeded) as refused:
        await second.take("client_sessions", "alice", "c3", 2)
    assert "across the fleet" in refused.value.message
    assert "gateway.quotas.client_sessions: 2" in refused.value.message
    await second.take("client_sessions", "bob", "c3", 2)  # another principal has its own room
    first.give_back("client_sessions", "alice", "c1")
    await one.flush()
    await second.take("client_sessions", "alice", "c3", 2)  # the room given back on r1 is r2's now
    assert await one.fleet_count("client_sessions", "alice") == 2
    assert (first.count("client_sessions", "alice"), second.count("client_sessions", "alice")) == (1, 1)
    await _close(one, two)


async def test_one_holder_on_two_replicas_counts_once_and_stays_while_either_holds_it(redis: Redis) -> None:
    one, two = _holders(redis, "r1"), _holders(redis, "r2")
    assert await one.take("agent_sessions", "alice", "s", 1)
    assert await two.take("agent_sessions", "alice", "s", 1)  # the same session, resolved on r2 too
    assert await one.fleet_count("agent_sessions", "alice") == 1
    one.give_back("agent_sessions", "alice", "s")
    await one.flush()
    assert not await one.take("agent_sessions", "alice", "other", 1)  # r2 still holds "s"
    two.give_back("agent_sessions", "alice", "s")
    await two.flush()
    assert await one.take("agent_sessions", "alice", "other", 1)
    await _close(one, two)


async def test_concurrent_takes_from_two_replicas_never_pass_the_limit(redis: Redis) -> None:
    """80 different holders raced for 10 places through two clients: exactly 10 are taken, in Redis
    and in the replicas' own views, however the scripts interleave."""
    replicas = [_holders(redis, "r1"), _holders(redis, "r2")]

    async def take(i: int) -> bool:
        return bool(await replicas[i % 2].take("upstream_sessions", "alice", f"h{i}", 10))

    taken = await asyncio.wait_for(asyncio.gather(*(take(i) for i in range(80))), hang_guard())
    assert sum(taken) == 10
    assert await replicas[0].fleet_count("upstream_sessions", "alice") == 10
    assert sum(r.count("upstream_sessions", "alice") for r in replicas) == 10
    await _close(*replicas)


async def test_a_replica_whose_lease_ended_holds_nothing(redis: Redis) -> None:
    """r1 takes the whole quota and stops renewing its lease (it died). While the lease runs, r2 is
    refused; once it has ended (set in the past here: the lease's clock is Redis's), r2's take drops
    r1's holders and is counted. r1, were it alive after all, claims its holders back at its beat."""
    one, two = _holders(redis, "r1"), _holders(redis, "r2")
    for holder in ("a", "b"):
        assert await one.take("client_sessions", "alice", holder, 2)
    assert not await two.take("client_sessions", "alice", "c", 2)
    await two._client.zadd(LEASES, {"r1": 0})  # r1's lease ended
    assert await two.take("client_sessions", "alice", "c", 2)
    assert await two.fleet_count("client_sessions", "alice") == 1
    assert await two._client.zscore(LEASES, "r1") is None  # ended leases are dropped too
    await one.beat()  # r1 lived (it stalled): its lease had ended, so it claims what it holds again
    assert await two.fleet_count("client_sessions", "alice") == 3
    await two._client.zadd(LEASES, {"r1": 0})
    await two.beat()  # r2's own beat finds its lease running: nothing to claim
    assert await two.fleet_count("client_sessions", "alice") == 3
    await _close(one, two)


async def test_a_replica_that_stops_cleanly_frees_its_holders_at_once(redis: Redis) -> None:
    one, two = _holders(redis, "r1"), _holders(redis, "r2")
    assert await one.take("agent_sessions", "alice", "a", 1)
    assert not await two.take("agent_sessions", "alice", "b", 1)
    await one.close()  # its lease ends now, not replica_lease_s later
    assert await two.take("agent_sessions", "alice", "b", 1)
    await _close(one, two)


async def test_the_bucket_in_redis_answers_as_the_bucket_in_memory(redis: Redis) -> None:
    """A burst of 4 at 2 a second, its clock stopped (the bucket's time set ahead of Redis's, so it
    refills nothing during the test): 12 requests raced through two clients get the answers the
    in-memory bucket gives on a stopped clock — 4 admitted, 4 held for their borrowed tokens, 4
    refused at once."""
    clients = [_buckets(redis), _buckets(redis)]
    memory = RequestRate(2, 4, clock=lambda: 0.0)
    assert await clients[0].take("alice", 2, 4) is None
    await clients[0]._client.hset("weir:rate:alice", "w", "1e12")  # the clock stops for this bucket
    answers = await asyncio.wait_for(
        asyncio.gather(*(clients[i % 2].take("alice", 2, 4) for i in range(11))), hang_guard()
    )
    expected = [memory.take("alice") for _ in range(12)]
    got = sorted(a if a is not None else -1.0 for a in [None, *answers])
    assert got == pytest.approx(sorted(e.hold_s if e is not None else -1.0 for e in expected), abs=1e-6)
    assert sorted(a for a in answers if a) == pytest.approx([1.0, 1.5, 2.0, 2.5], abs=1e-6)
    assert answers.count(None) == 3
    assert answers.count(0.0) == 4
    assert await clients[1].take("bob", 2, 4) is None  # another principal's bucket is full
    shared = SharedRate(clients[1], 2, 4)
    limited = await shared.admit("alice")
    assert limited is not None
    assert limited.hold_s == 0
    assert "gateway.quotas.requests_per_s: 2" in limited.error.message
    await _close(*clients)


async def test_redis_gone_refuses_quotas_and_rates_and_back_they_count_again(redis: Redis) -> None:
    one = _holders(redis, "r1")
    ledger, rate = SharedQuotas(one), SharedRate(_buckets(redis), 2, 4)
    await ledger.take("client_sessions", "alice", "a", 2)
    redis.stop()
    with pytest.raises(QuotaUnavailable) as refused:
        await ledger.take("client_sessions", "alice", "b", 2)
    assert "shared state unavailable: Redis does not answer" in refused.value.message
    assert "(fail closed)" in refused.value.message
    limited = await rate.admit("alice")
    assert limited is not None
    assert isinstance(limited.error, QuotaUnavailable)
    assert limited.hold_s == 0
    ledger.give_back("client_sessions", "alice", "a")  # owed: Redis cannot take it now
    with pytest.raises(StateError):
        await one.beat()
    redis.start()  # back, and empty
    await one.beat()
    await ledger.take("client_sessions", "alice", "b", 1)
    assert await one.fleet_count("client_sessions", "alice") == 1
    assert await rate.admit("alice") is None
    await _close(one, rate.buckets)
