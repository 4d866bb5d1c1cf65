"""The worker's two ways: a small message decided inline in its session's turn, a large one in a thread."""

from __future__ import annotations

import asyncio
import threading

import pytest

from tests.deadlines import hang_guard
from weir.pipeline.worker import INLINE_CHARS, Worker, small

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"  # the worker runs its threads through asyncio's executor


def test_a_message_is_small_up_to_the_inline_size_counting_keys_and_scalars() -> None:
    assert small({"to": "a@b.example", "body": "hi"}, None, {"n": 3})
    assert small("x" * INLINE_CHARS)
    assert not small("x" * (INLINE_CHARS + 1))
    assert not small({"content": [{"type": "text", "text": "y" * 3000}]}, {"text": "z" * 2000})
    assert not small(list(range(INLINE_CHARS)))  # many scalars are text too, once written
    deep: object = "leaf"
    for _ in range(40):
        deep = [deep]
    assert not small(deep)  # too deep to walk cheaply: the thread, under the budget


async def test_a_small_stage_runs_on_the_loop_after_its_sessions_threaded_stage() -> None:
    worker = Worker(budget_s=60)
    loop_thread = threading.get_ident()
    order: list[str] = []
    release = threading.Event()

    def large(_: object) -> str:
        release.wait(30)
        order.append("large")
        return threading.current_thread().name

    def tiny(_: object) -> int:
        order.append("small")
        return threading.get_ident()

    try:
        async with asyncio.timeout(hang_guard()):
            first = asyncio.ensure_future(worker.stage("s1", large, lambda why: why))
            await asyncio.sleep(0.05)  # the large stage holds the session's turn in its thread
            second = asyncio.ensure_future(worker.stage("s1", tiny, lambda why: -1, inline=True))
            other = await worker.stage("s2", tiny, lambda why: -1, inline=True)  # another session: at once
            release.set()
            assert (await first).startswith("weir-stage")
            assert await second == loop_thread
    finally:
        worker.close()
    assert other == loop_thread
    assert order == ["small", "large", "small"]


async def test_a_worker_whose_stages_wait_on_the_network_runs_even_a_small_one_in_its_pool() -> None:
    """``inline=False`` (an audit trail in PostgreSQL): a small stage's commit never stops the loop."""
    worker = Worker(budget_s=60, inline=False)
    try:
        async with asyncio.timeout(hang_guard()):
            where = await worker.stage("s1", lambda _: threading.current_thread().name, lambda why: why, inline=True)
    finally:
        worker.close()
    assert where.startswith("weir-stage")
