"""Counting what each principal holds, against its quota.

One small class with one interface (:class:`QuotaLedger`), so a fleet can keep the counts in a
shared store instead of this process's memory: what is counted is a set of *holders* (a client
session's id, an agent session's id, an upstream session's key) per quota and principal, so taking
the same holder twice counts once and giving back is idempotent — the operations a shared store
can do atomically (a set per key, its size).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Protocol

from weir.gateway.quotas.refusal import QuotaExceeded

__all__ = ["MemoryQuotas", "QuotaLedger"]


class QuotaLedger(Protocol):
    """What each principal holds, per quota (``client_sessions``, ``agent_sessions``, ...)."""

    def take(self, quota: str, principal: str, holder: str, limit: int) -> None:
        """Count ``holder`` against ``principal``'s ``quota``; raises :class:`QuotaExceeded` (and
        counts nothing) when it would be one more than ``limit``. A holder already counted is fine."""
        ...

    def give_back(self, quota: str, principal: str, holder: str) -> None:
        """Stop counting ``holder`` (nothing happens when it was not counted)."""
        ...

    def count(self, quota: str, principal: str) -> int:
        """How many holders ``principal`` has under ``quota``."""
        ...


class MemoryQuotas:
    """:class:`QuotaLedger` in this process's memory (one gateway)."""

    def __init__(self) -> None:
        self._held: defaultdict[tuple[str, str], set[str]] = defaultdict(set)

    def take(self, quota: str, principal: str, holder: str, limit: int) -> None:
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
