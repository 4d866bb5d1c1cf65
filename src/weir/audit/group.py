"""Group commit: the rows that arrive while a commit is under way go to the disk together, next.

An append is durable when it returns: the gateway forwards a call only once its row is committed
and releases a result only once its row is. With one transaction per row, concurrent sessions
queue on the store's lock and each pays a whole commit (a WAL write, with ``durability: full`` an
fsync, and the anchor log's line). :class:`GroupCommit` keeps the promise and shares the commit:
a caller that finds no commit running commits its own row at once (no thread hop, no waiting —
a lone caller pays what it paid before); callers that arrive meanwhile queue their rows, and when
that commit ends the first of them commits the whole queue in one transaction. Each caller
returns only when the commit that holds its row has finished: with its row's place in the chain,
or with the commit's error. A failed commit fails every row in it — none of them is on record, so
none of their callers goes on (fail closed); the next batch starts afresh.

The batch keeps arrival order, so the chain's order is the order in which callers handed their
rows in. The store's own lock still guards the database: this only decides who commits what.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from weir.errors import AuditError

__all__ = ["GroupCommit"]

I = TypeVar("I")  # noqa: E741 - an item handed in
R = TypeVar("R")  # its result once committed

_MAX_BATCH = 256
"""At most this many rows per transaction (bounds one commit's time and the memory it holds)."""


class _Waiting(Generic[I, R]):
    """One caller's row, and what its commit made of it."""

    __slots__ = ("done", "error", "item", "result")

    def __init__(self, item: I) -> None:
        self.item = item
        self.done = False
        self.result: R | None = None
        self.error: BaseException | None = None


class GroupCommit(Generic[I, R]):
    """Commits items through ``commit(items) -> results`` (one result per item, in order, all or none)."""

    def __init__(self, commit: Callable[[Sequence[I]], Sequence[R]], *, max_batch: int = _MAX_BATCH) -> None:
        self._commit = commit
        self._max_batch = max_batch
        self._cond = threading.Condition()
        self._queue: list[_Waiting[I, R]] = []
        self._leading = False
        self.batches = 0
        """How many commits ran (for tests and benchmarks: rows ÷ batches is the grouping)."""

    @property
    def waiting(self) -> int:
        """How many rows are queued for the next commit (not the one under way)."""
        with self._cond:
            return len(self._queue)

    def submit(self, item: I) -> R:
        """Commit ``item`` (with whatever else is queued) and return its result once durable.

        Raises what the commit raised (``AuditError``); a caller whose row was in another caller's
        failed commit gets an ``AuditError`` saying so, chained to the cause.
        """
        mine: _Waiting[I, R] = _Waiting(item)
        with self._cond:
            self._queue.append(mine)
            while self._leading and not mine.done:
                self._cond.wait()
            if not mine.done:  # nobody is committing and my row is still queued: I commit the queue
                self._leading = True
                batch, self._queue = self._queue[: self._max_batch], self._queue[self._max_batch :]
        if not mine.done:
            self._lead(batch)
            if mine.error is not None and not isinstance(mine.error, AuditError):
                raise mine.error  # the leader's own failure (a bug, an interrupt) goes on as it was
        return self._outcome(mine)

    def _lead(self, batch: list[_Waiting[I, R]]) -> None:
        """Commit ``batch`` outside the condition's lock, then hand every caller its outcome."""
        results: Sequence[R] = ()
        failure: BaseException | None = None
        try:
            results = self._commit([w.item for w in batch])
            if len(results) != len(batch):
                raise AuditError(f"a commit of {len(batch)} rows answered for {len(results)}")
        except BaseException as exc:  # every row of the batch shares the outcome, whatever it was
            failure = exc
        with self._cond:
            self.batches += 1
            for i, waiting in enumerate(batch):
                if failure is None:
                    waiting.result = results[i]
                else:
                    waiting.error = failure
                waiting.done = True
            self._leading = False
            self._cond.notify_all()

    @staticmethod
    def _outcome(mine: _Waiting[I, R]) -> R:
        if mine.error is not None:
            if isinstance(mine.error, AuditError):
                raise mine.error
            raise AuditError(f"the commit holding this event failed: {type(mine.error).__name__}") from mine.error
        assert mine.result is not None
        return mine.result
