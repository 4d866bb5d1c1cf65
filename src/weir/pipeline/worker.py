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
That holds only while a stage waits on nothing: a worker whose stages wait on the network (an
audit trail in PostgreSQL, whose every append is a round trip and a commit) is built with
``inline=False``, and then every stage runs in the pool — on the loop, one session's commit would
stop every other session for its whole round trip, and the appends could never share a commit
(:mod:`weir.audit.group`), since only the loop's one thread would ever hand one in.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from weir.state.ports import Lease, SharedSessions, StateError

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


class _Abandoned(Generic[T]):
    """A stage past its budget: the future of the thread that still runs it."""

    __slots__ = ("future",)

    def __init__(self, future: asyncio.Future[T]) -> None:
        self.future = future


class Worker:
    """Runs stages in threads under ``budget_s`` seconds each, or inline when ``budget_s`` is None."""

    def __init__(
        self,
        budget_s: float | None = None,
        *,
        threads: int = 8,
        shared: SharedSessions | None = None,
        inline: bool = True,
    ) -> None:
        self.budget_s = budget_s
        self.inline = inline
        """Whether a small stage may run on the loop (False when stages wait on the network)."""
        self.shared = shared
        """A fleet's shared sessions: each stage runs in its session's fleet-wide turn (None: this process only)."""
        self._finishing: set[asyncio.Task[None]] = set()
        self._threads = threads
        self._pool: ThreadPoolExecutor | None = None
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}

    async def stage(
        self,
        key: str,
        run: Callable[[Gate], T],
        timed_out: Callable[[str], T],
        *,
        inline: bool = False,
        sessions: tuple[str, ...] | None = None,
    ) -> T:
        """``run(gate)`` for session (or resource) ``key``; past the budget, ``timed_out(why)`` instead.

        ``timed_out`` itself runs in the pool (it may record), outside the session's turn.
        ``inline``: the message is small (:func:`small`): run on the loop, in the session's turn
        (not with :attr:`shared` state, whose check-out always runs in the pool).
        ``sessions``: the agent sessions the stage reads and changes (default: ``key`` itself; ``()``
        for a stage of no session). With :attr:`shared` state they are checked out around the stage,
        and a store that fails either way is the fail-closed outcome, ``timed_out(why)``.
        """
        ids = (key,) if sessions is None else sessions
        if self.shared is not None and ids:
            return await self._held(self.shared, key, sorted(set(ids)), run, timed_out)
        if self.budget_s is None:
            return run(OPEN)
        if inline and self.inline:
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

    async def _held(
        self, shared: SharedSessions, key: str, ids: list[str], run: Callable[[Gate], T], timed_out: Callable[[str], T]
    ) -> T:
        """``run`` inside this process's turn of ``key`` and the fleet-wide turns of ``ids`` (sorted:
        two stages taking two sessions never wait for each other crosswise)."""
        await self._enter(key)
        leases: list[Lease] = []
        try:
            for sid in ids:
                leases.append(await shared.checkout(sid))
        except StateError as exc:
            await self._checkin(shared, leases)
            self._leave(key)
            return await self._late(timed_out, str(exc))
        try:
            result = await self._execute(run)
        except BaseException:
            await self._checkin(shared, leases)
            self._leave(key)
            raise
        if isinstance(result, _Abandoned):  # the thread still has the session; its turn ends with it
            task = asyncio.ensure_future(self._finish(shared, result.future, leases, key))
            self._finishing.add(task)
            task.add_done_callback(self._finishing.discard)
            return await self._late(
                timed_out, f"the work took longer than the budget of {self.budget_s:g}s (fail closed)"
            )
        problem = await self._checkin(shared, leases)
        self._leave(key)
        return result if problem is None else await self._late(timed_out, problem)

    async def _execute(self, run: Callable[[Gate], T]) -> T | _Abandoned[T]:
        """Run a held stage inline, or in the pool under the budget; an abandoned one comes back as
        its still running future."""
        if self.budget_s is None:
            return run(OPEN)
        gate = Gate()
        future = asyncio.get_running_loop().run_in_executor(self._executor(), run, gate)
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.budget_s)
        except TimeoutError:
            if not gate.abandon():
                return await future
        return _Abandoned(future)

    async def _finish(self, shared: SharedSessions, future: asyncio.Future[T], leases: list[Lease], key: str) -> None:
        try:
            await asyncio.wait([future])
            await self._checkin(shared, leases)
        finally:
            self._leave(key)

    async def _checkin(self, shared: SharedSessions, leases: list[Lease]) -> str | None:
        """Check every lease in; the first failure's reason (the rest are still tried)."""
        problem = None
        for lease in leases:
            try:
                await shared.checkin(lease)
            except StateError as exc:
                problem = problem or str(exc)
        return problem

    async def _late(self, timed_out: Callable[[str], T], why: str) -> T:
        if self.budget_s is None:
            return timed_out(why)
        return await asyncio.get_running_loop().run_in_executor(self._executor(), timed_out, why)

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
