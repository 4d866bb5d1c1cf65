"""Agent sessions in a real Redis: racing writers lose no label, two replicas lose nothing, Redis
gone is a fail-closed stage, and Redis back (empty) is re-seeded by the replicas' own copies."""

from __future__ import annotations

import asyncio
import json
from functools import reduce
from typing import Any

import pytest

from tests.deadlines import hang_guard
from tests.fleetparts import Redis
from weir.flow.store import MemorySessionStore
from weir.labels.datalabel import DataLabel
from weir.labels.vocab import DataClass, Level
from weir.pipeline.worker import Worker
from weir.state.codec import encode_session, label_doc, label_from_doc
from weir.state.config import RedisStateConfig
from weir.state.ports import StateError

pytestmark = pytest.mark.anyio

SETTINGS = RedisStateConfig(wait_s=60, lease_ms=30_000)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _replica(redis: Redis, settings: RedisStateConfig = SETTINGS) -> Any:
    from weir.state.redis import RedisSessions, connect

    return RedisSessions(connect(redis.url, settings), MemorySessionStore(), settings)


def _label(i: int) -> DataLabel:
    """A different fact per writer, and some facts several writers share."""
    return DataLabel(
        untrusted=i % 3 == 0,
        private=i % 5 == 0,
        level=Level(i % 4),
        classes=frozenset({DataClass("pii")}) if i % 7 == 0 else frozenset(),
        attribution=frozenset({f"source-{i}"}),
    )


async def test_writers_racing_on_one_session_join_every_label(redis: Redis) -> None:
    """The check-in script, raced by 60 writers on two connections, with versions that conflict:
    whatever the interleaving, the stored label is the join of them all."""
    from weir.flow.session import Session
    from weir.state.lua import CHECKIN
    from weir.state.redis import connect

    clients = [connect(redis.url, SETTINGS) for _ in range(2)]
    scripts = [c.register_script(CHECKIN) for c in clients]
    keys = ["weir:s:{race}", "weir:s:{race}:lease"]

    async def write(i: int) -> list[int]:
        session = Session("race")
        session.observe(server="web", tool="fetch", label=_label(i))
        blob, labels = encode_session(session)
        return list(await scripts[i % 2](keys=keys, args=["no-lease", i % 4, blob, labels, 600]))

    replies = await asyncio.wait_for(asyncio.gather(*(write(i) for i in range(60))), hang_guard())
    stored = json.loads(await clients[0].hget(keys[0], "l"))
    expected = reduce(DataLabel.join, [_label(i) for i in range(60)])
    got = label_from_doc(stored["label"])
    assert got.attribution == expected.attribution
    assert (got.untrusted, got.private, got.level, got.classes) == (True, True, Level(3), expected.classes)
    assert sorted(r[0] for r in replies) == list(range(1, 61))  # every write was one atomic step
    assert any(r[1] for r in replies)  # and most blobs conflicted: only their labels joined
    for c in clients:
        await c.aclose()


async def test_two_replicas_taking_turns_on_one_session_lose_no_label_and_no_value(redis: Redis) -> None:
    """Two replicas' workers run stages of one agent session at once: each stage sees what the
    other wrote, so a third replica finds every label and every remembered value."""
    replicas = [_replica(redis) for _ in range(2)]
    workers = [Worker(shared=r) for r in replicas]

    def observing(replica: Any, i: int) -> Any:
        def run(_gate: Any) -> None:
            from weir.flow.session import Session

            store = replica._local
            session = store.get("agent") or Session("agent")
            session.observe(server="web", tool="fetch", label=_label(i), values={"structured": {"code": f"value-{i}"}})
            store.put(session)

        return run

    async def stage(i: int) -> None:
        k = i % 2
        await workers[k].stage("agent", observing(replicas[k], i), pytest.fail)

    await asyncio.wait_for(asyncio.gather(*(stage(i) for i in range(40))), hang_guard())
    third = _replica(redis)
    lease = await third.checkout("agent")
    session = third._local.get("agent")
    await third.checkin(lease)
    assert session is not None
    assert session.label.attribution == frozenset(f"source-{i}" for i in range(40))
    assert len(session.values) >= 40
    assert replicas[0].conflicts == replicas[1].conflicts == 0


async def test_redis_gone_fails_the_stage_closed_and_its_return_recovers(redis: Redis) -> None:
    quick = RedisStateConfig(wait_s=1, timeout_s=1)
    replica = _replica(redis, quick)
    worker = Worker(shared=replica)

    def observe(_gate: Any) -> str:
        from weir.flow.session import Session

        session = replica._local.get("s") or Session("s")
        session.observe(server="web", tool="fetch", label=DataLabel(untrusted=True, attribution=frozenset({"page"})))
        replica._local.put(session)
        return "ran"

    assert await worker.stage("s", observe, lambda why: f"failed: {why}") == "ran"
    redis.stop()
    outcome = await worker.stage("s", observe, lambda why: f"failed: {why}")
    assert outcome.startswith("failed: shared state unavailable: Redis does not answer")
    assert "fail closed" in outcome
    assert replica.problem() is not None
    redis.start()  # empty: --save '' kept nothing
    assert await worker.stage("s", lambda _g: "ran", lambda why: f"failed: {why}") == "ran"
    assert replica.problem() is None
    # What this replica had seen went back into the empty store: another replica reads it.
    other = _replica(redis, quick)
    lease = await other.checkout("s")
    seen = other._local.get("s")
    await other.checkin(lease)
    assert seen is not None
    assert seen.label.untrusted is True
    assert seen.label.attribution == frozenset({"page"})


async def test_a_session_held_past_the_wait_fails_closed(redis: Redis) -> None:
    holder = _replica(redis)
    waiter = _replica(redis, RedisStateConfig(wait_s=0.2))
    lease = await holder.checkout("busy")
    with pytest.raises(StateError, match="stayed held by another replica"):
        await waiter.checkout("busy")
    await holder.checkin(lease)
    await waiter.checkin(await waiter.checkout("busy"))


async def test_the_stored_document_is_what_the_label_says(redis: Redis) -> None:
    """The store holds the label document of :mod:`weir.state.codec`: nothing Weir-specific in Lua."""
    replica = _replica(redis)
    lease = await replica.checkout("doc")
    from weir.flow.session import Session

    session = Session("doc")
    session.observe(server="web", tool="fetch", label=_label(0))
    replica._local.put(session)
    await replica.checkin(lease)
    raw = await replica._client.hget("weir:s:{doc}", "l")
    assert json.loads(raw)["label"] == json.loads(json.dumps(label_doc(session.label)))
