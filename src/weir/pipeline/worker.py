"""Where the pipeline's CPU-heavy stages run: off the event loop, one session at a time, under a budget.

Deciding a call, scanning and labelling its result and sealing their audit records are linear in
the size of the message — and a message may be megabytes. On the event loop that work would stop
every other session for as long as it takes. A :class:`Worker` with a budget runs each stage in a
thread of its own pool instead, so the loop keeps serving; stages of one agent session run one at
a time (a session is not thread-safe), stages of different sessions side by side.

A stage that outlives the budget is abandoned: the caller gets the fail-closed outcome at once,
with the reason. The thread cannot be stopped; it runs to its end, still holding its session, but
the gate it must pass before it records anything (:class:`Gate`) is closed, so nothing it decided
is ever recorded or released. Without a budget (``weir replay``, an in-process host by default)
stages run inline, exactly as before.

A small message is decided inline too, on the loop, in its session's turn: its work is bounded by
its size (every stage is linear in it), and two hops to a thread and back cost more than deciding
it (about a millisecond of a small call's few). :func:`small` says which are: at most
:data:`INLINE_CHARS` characters of text, measured by a walk that stops as soon as it is past that.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["INLINE_CHARS", "OPEN", "Gate", "Worker", "small"]

T = TypeVar("T")

INLINE_CHARS = 4096
"""A message with at most this much text (strings, keys, a few characters per other scalar) is small."""
_SCALAR_CHARS = 8


def small(*values: Any, limit: int = INLINE_CHARS) -> bool:
    """Whether ``values`` (JSON values) together hold at most ``limit`` characters of text.

    Reads at most ``limit`` characters' worth of the values (deep ones count as large), so telling
    costs nothing next to deciding.
    """
    left = limit
    stack: list[tuple[Any, int]] = [(v, 0) for v in values]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            left -= len(value)
        elif isinstance(value, Mapping):
            if depth >= _MAX_DEPTH:
                return False
            left -= _SCALAR_CHARS * len(value)
            for key, sub in value.items():
                left -= len(key) if isinstance(key, str) else _SCALAR_CHARS
                stack.append((sub, depth + 1))
        elif isinstance(value, list | tuple):
            if depth >= _MAX_DEPTH:
                return False
            left -= _SCALAR_CHARS * len(value)
            stack.extend((sub, depth + 1) for sub in value)
        else:
            left -= _SCALAR_CHARS
        if left < 0:
            return False
    return True


_MAX_DEPTH = 32


class Gate:
    """Decides, once, whether a stage's results are kept: the stage commits, or the waiter abandons it."""

    __slots__ = ("_lock", "_state")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._state = "open"

    def commit(self) -> bool:
        """Called by the stage before it records: ``False`` when it was abandoned (record nothing)."""
        return self._settle("committed", unless="abandoned")

    def abandon(self) -> bool:
        """Called by the waiter at the deadline: ``False`` when the stage already committed."""
        return self._settle("abandoned", unless="committed")

    def _settle(self, state: str, *, unless: str) -> bool:
        with self._lock:
            if self._state == unless:
                return False
            self._state = state
            return True


class _Open(Gate):
    """The gate of a stage run inline: nobody can abandon it."""

    def commit(self) -> bool:
        return True


OPEN: Gate = _Open()
"""The gate for stages run inline."""


class Worker:
    """Runs stages in threads under ``budget_s`` seconds each, or inline when ``budget_s`` is None."""

    def __init__(self, budget_s: float | None = None, *, threads: int = 8) -> None:
        self.budget_s = budget_s
        self._threads = threads
        self._pool: ThreadPoolExecutor | None = None
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}

    async def stage(
        self, key: str, run: Callable[[Gate], T], timed_out: Callable[[str], T], *, inline: bool = False
    ) -> T:
        """``run(gate)`` for session (or resource) ``key``; past the budget, ``timed_out(why)`` instead.

        ``timed_out`` itself runs in the pool (it may record), outside the session's turn.
        ``inline``: the message is small (:func:`small`): run on the loop, in the session's turn.
        """
        if self.budget_s is None:
            return run(OPEN)
        if inline:
            await self._enter(key)  # after any larger stage of the session still in a thread
            try:
                return run(OPEN)
            finally:
                self._leave(key)
        loop = asyncio.get_running_loop()
        pool = self._executor()
        await self._enter(key)
        gate = Gate()
        try:
            future = loop.run_in_executor(pool, run, gate)
        except BaseException:
            self._leave(key)
            raise
        future.add_done_callback(lambda _: self._leave(key))  # the session is free when the thread is
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.budget_s)
        except TimeoutError:
            if not gate.abandon():
                return await future  # it committed just now: only its record is left to write
        why = f"the work took longer than the budget of {self.budget_s:g}s (fail closed)"
        return await loop.run_in_executor(pool, timed_out, why)

    def _executor(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self._threads, thread_name_prefix="weir-stage")
        return self._pool

    async def _enter(self, key: str) -> None:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        self._users[key] = self._users.get(key, 0) + 1
        try:
            await lock.acquire()
        except BaseException:
            self._forget(key)
            raise

    def _leave(self, key: str) -> None:
        self._locks[key].release()
        self._forget(key)

    def _forget(self, key: str) -> None:
        left = self._users[key] - 1
        if left:
            self._users[key] = left
        else:  # nobody holds or waits for it: the table does not grow with every session ever seen
            del self._users[key]
            del self._locks[key]

    def close(self) -> None:
        """Let the threads finish in the background (a later stage starts a new pool)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False)
