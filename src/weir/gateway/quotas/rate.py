"""How many requests a second each principal may send: a token bucket per principal.

Quotas bound what a principal *holds*; this bounds how fast it may *ask*. Every request of a
principal takes one token from its bucket (``gateway.quotas.requests_per_s`` refilled each second,
at most ``request_burst`` saved up). A request that finds the bucket empty is refused — and the
refusal is not answered at once: it is held until the token it would have needed is due, and it
borrows that token. So a client that waits for its answers (every HTTP/1.1 connection does) is
slowed to the rate however fast it asks, and its refusals cost the gateway a timer each rather than a
loop of retries. What may be borrowed is bounded (one burst): past it, refusals are answered at once
and nothing more is held, so a principal cannot park unbounded requests in the gateway. A principal
that flooded pays its debt back before it is served again (at most ``request_burst / requests_per_s``
seconds).

Two implementations of one interface (:class:`Pacer`): :class:`RequestRate` in this process's memory,
and :class:`SharedRate`, the same bucket kept in a fleet's shared store
(:class:`weir.state.ports.RequestBuckets`) so that a principal gets its rate once across the fleet.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from weir.gateway.quotas.refusal import QuotaExceeded, QuotaUnavailable
from weir.state.ports import RequestBuckets, StateError

__all__ = ["Pacer", "RateLimited", "RequestRate", "SharedRate"]

_KEPT = 10_000
"""Buckets kept at most (the least recently used go first: a forgotten principal starts full)."""


@dataclass(frozen=True)
class RateLimited:
    """A request refused for its principal's rate: why, and how long to hold the answer."""

    error: QuotaExceeded
    hold_s: float
    """Seconds to wait before answering (0: answer now — the principal's debt is at its bound)."""

    @property
    def retry_after(self) -> int:
        """Whole seconds for a ``Retry-After`` header (at least 1)."""
        return max(1, math.ceil(self.hold_s))


class Pacer(Protocol):
    """What admits each request of a principal at its rate."""

    async def admit(self, principal: str) -> RateLimited | None:
        """Take one token for a request of ``principal``; ``None``: it may proceed."""
        ...


class RequestRate:
    """One token bucket per principal, in this process (see the module's docstring)."""

    def __init__(self, per_s: int, burst: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        if per_s <= 0 or burst <= 0:
            raise ValueError("a request rate and its burst are positive")
        self.per_s = per_s
        self.burst = burst
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # principal → (tokens, when)

    def take(self, principal: str) -> RateLimited | None:
        """Take one token for a request of ``principal``; ``None``: it may proceed."""
        now = self._clock()
        tokens, when = self._buckets.pop(principal, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.per_s)
        refused: RateLimited | None = None
        if tokens >= 1.0:
            tokens -= 1.0
        elif tokens > -self.burst:  # borrow the token, and answer when it is due
            tokens -= 1.0
            refused = RateLimited(self._error(principal), (1.0 - tokens) / self.per_s)
        else:
            refused = RateLimited(self._error(principal), 0.0)
        self._buckets[principal] = (tokens, now)
        if len(self._buckets) > _KEPT:
            self._buckets.popitem(last=False)
        return refused

    async def admit(self, principal: str) -> RateLimited | None:
        """See :meth:`Pacer.admit`."""
        return self.take(principal)

    def _error(self, principal: str) -> QuotaExceeded:
        return _exceeded(principal, self.per_s, self.burst)


class SharedRate:
    """One token bucket per principal for the whole fleet, in its shared store (fail closed: a store
    that does not answer refuses the request, :class:`QuotaUnavailable`, answered at once)."""

    def __init__(self, buckets: RequestBuckets, per_s: int, burst: int) -> None:
        if per_s <= 0 or burst <= 0:
            raise ValueError("a request rate and its burst are positive")
        self.per_s = per_s
        self.burst = burst
        self.buckets = buckets

    async def admit(self, principal: str) -> RateLimited | None:
        """See :meth:`Pacer.admit`."""
        try:
            hold = await self.buckets.take(principal, self.per_s, self.burst)
        except StateError as exc:
            return RateLimited(QuotaUnavailable("requests_per_s", principal, self.per_s, exc.message), 0.0)
        return None if hold is None else RateLimited(_exceeded(principal, self.per_s, self.burst), hold)


def _exceeded(principal: str, per_s: int, burst: int) -> QuotaExceeded:
    said = f"sent more than {per_s} requests a second (a burst of {burst})"
    return QuotaExceeded("requests_per_s", principal, per_s, detail=said)
