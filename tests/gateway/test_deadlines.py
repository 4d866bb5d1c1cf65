"""Request deadlines on one timer: overdue futures fail, the others are left alone."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.gateway.upstream.deadlines import Deadlines

pytestmark = pytest.mark.anyio


async def test_a_future_still_pending_at_its_deadline_fails_with_timeout_error() -> None:
    deadlines = Deadlines()
    future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    deadlines.watch(future, 0.01)
    with pytest.raises(TimeoutError):
        await future


async def test_a_future_answered_in_time_is_not_touched_and_later_ones_still_expire() -> None:
    loop = asyncio.get_running_loop()
    deadlines = Deadlines()
    early: asyncio.Future[int] = loop.create_future()
    late: asyncio.Future[int] = loop.create_future()
    deadlines.watch(early, 0.02)
    deadlines.watch(late, 0.05)
    early.set_result(1)
    deadlines.forget(early)
    with pytest.raises(TimeoutError):
        await late
    assert early.result() == 1


async def test_no_timeout_and_forgotten_futures_never_expire() -> None:
    loop = asyncio.get_running_loop()
    deadlines = Deadlines()
    unlimited: asyncio.Future[int] = loop.create_future()
    forgotten: asyncio.Future[int] = loop.create_future()
    deadlines.watch(unlimited, None)
    deadlines.watch(forgotten, 0.01)
    deadlines.forget(forgotten)
    await asyncio.sleep(0.05)
    assert not unlimited.done()
    assert not forgotten.done()


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=30), min_size=1, max_size=8))
def test_every_watched_future_fails_no_earlier_than_its_own_deadline(delays_ms: list[int]) -> None:
    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        deadlines = Deadlines()
        started = loop.time()
        futures = [loop.create_future() for _ in delays_ms]
        failed_at: dict[int, float] = {}
        for i, (future, delay) in enumerate(zip(futures, delays_ms, strict=True)):
            future.add_done_callback(lambda _f, i=i: failed_at.__setitem__(i, loop.time()))
            deadlines.watch(future, delay / 1000)
        await asyncio.gather(*futures, return_exceptions=True)
        for i, future in enumerate(futures):
            assert isinstance(future.exception(), TimeoutError)
            # the loop may run a timer up to its clock resolution early, never more
            assert failed_at[i] - started >= delays_ms[i] / 1000 - 0.002

    asyncio.run(scenario())
