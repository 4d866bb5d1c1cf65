"""Counting what each principal holds, against its quota.

One small interface (:class:`QuotaLedger`) with two implementations: :class:`MemoryQuotas`, this
process's memory (one gateway), and :class:`SharedQuotas`, a fleet's shared store
(:class:`weir.state.ports.QuotaHolders`, Redis with ``state.redis``) so that what a principal holds
on one replica counts on every replica. What is counted is a set of *holders* (a client session's
id, an agent session's id, an upstream session's key) per quota and principal, so taking the same
holder twice counts once and giving back is idempotent — the operations a shared store can do
atomically (a set per key, its size).

Taking is awaited (a shared store answers over the network; it happens when a holder is new, never
on every request). Giving back is not: it happens where a connection or a session ends, and a shared
store sends it soon after.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Protocol

from weir.gateway.quotas.refusal import QuotaExceeded, QuotaUnavailable, what
from weir.state.ports import QuotaHolders, StateError

__all__ = ["MemoryQuotas", "QuotaLedger", "SharedQuotas"]


class QuotaLedger(Protocol):
    """What each principal holds, per quota (``client_sessions``, ``agent_sessions``, ...)."""

    async def take(self, quota: str, principal: str, holder: str, limit: int) -> None:
        """Count ``holder`` against ``principal``'s ``quota``; raises :class:`QuotaExceeded` (and
        counts nothing) when it would be one more than ``limit`` — :class:`QuotaUnavailable` when the
        count cannot be known. A holder already counted is fine."""
        ...

    def give_back(self, quota: str, principal: str, holder: str) -> None:
        """Stop counting ``holder`` (nothing happens when it was not counted)."""
        ...

    def count(self, quota: str, principal: str) -> int:
        """How many holders ``principal`` has under ``quota`` in this process."""
        ...


class MemoryQuotas:
    """:class:`QuotaLedger` in this process's memory (one gateway)."""

    def __init__(self) -> None:
        self._held: defaultdict[tuple[str, str], set[str]] = defaultdict(set)

    async def take(self, quota: str, principal: str, holder: str, limit: int) -> None:
        """See :meth:`QuotaLedger.take`."""
        held = self._held[(quota, principal)]
        if holder in held:
            return
        if len(held) >= limit:
            raise QuotaExceeded(quota, principal, limit)
        held.add(holder)

    def give_back(self, quota: str, principal: str, holder: str) -> None:
        """See :meth:`QuotaLedger.give_back`."""
        key = (quota, principal)
        held = self._held.get(key)
        if held is None:
            return
        held.discard(holder)
        if not held:
            del self._held[key]  # a principal that holds nothing costs nothing

    def count(self, quota: str, principal: str) -> int:
        """See :meth:`QuotaLedger.count`."""
        return len(self._held.get((quota, principal), ()))


class SharedQuotas:
    """:class:`QuotaLedger` over a fleet's shared holders: a principal's quota is for the whole fleet.

    The store not answering is a refusal (:class:`QuotaUnavailable`, fail closed), never a free pass.
    """

    def __init__(self, holders: QuotaHolders) -> None:
        self.holders = holders

    async def take(self, quota: str, principal: str, holder: str, limit: int) -> None:
        """See :meth:`QuotaLedger.take`."""
        try:
            taken = await self.holders.take(quota, principal, holder, limit)
        except StateError as exc:
            raise QuotaUnavailable(quota, principal, limit, exc.message) from exc
        if not taken:
            said = f"already holds {limit} {what(quota)} across the fleet, the most it may"
            raise QuotaExceeded(quota, principal, limit, detail=said)

    def give_back(self, quota: str, principal: str, holder: str) -> None:
        """See :meth:`QuotaLedger.give_back`."""
        self.holders.give_back(quota, principal, holder)

    def count(self, quota: str, principal: str) -> int:
        """See :meth:`QuotaLedger.count` (this replica's holders)."""
        return self.holders.count(quota, principal)
