"""Request deadlines on one loop timer: only the earliest pending deadline is armed.

``asyncio.timeout()`` arms and cancels a loop timer for every request, and a cancelled timer
stays in the loop's heap until it would have fired: a cost every tool call pays for a 30 s
limit that almost never trips. Here a request only notes its deadline; one timer waits for
the earliest, fails whatever is overdue with :class:`TimeoutError` and re-arms for the next.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

__all__ = ["Deadlines"]


class Deadlines:
    """Fails watched futures that are still pending at their deadline (one event loop)."""

    def __init__(self) -> None:
        self._pending: dict[asyncio.Future[Any], float] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._armed_at = math.inf

    def watch(self, future: asyncio.Future[Any], timeout: float | None) -> None:
        """Fail ``future`` with :class:`TimeoutError` unless it is done within ``timeout`` s (``None``: never)."""
        if timeout is None:
            return
        loop = future.get_loop()
        deadline = loop.time() + timeout
        self._pending[future] = deadline
        if deadline < self._armed_at:
            self._arm(loop, deadline)

    def forget(self, future: asyncio.Future[Any]) -> None:
        """Stop watching ``future`` (it is done, or its waiter has gone)."""
        self._pending.pop(future, None)

    def _arm(self, loop: asyncio.AbstractEventLoop, deadline: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._armed_at = deadline
        self._timer = loop.call_at(deadline, self._expire, loop)

    def _expire(self, loop: asyncio.AbstractEventLoop) -> None:
        # The loop may run a timer up to its clock resolution early: what this timer was armed
        # for is due by definition.
        due = max(loop.time(), self._armed_at)
        self._timer, self._armed_at = None, math.inf
        for future, deadline in list(self._pending.items()):
            if deadline <= due:
                del self._pending[future]
                if not future.done():
                    future.set_exception(TimeoutError())
        if self._pending:
            self._arm(loop, min(self._pending.values()))
