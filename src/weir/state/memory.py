"""The in-memory request states: one process's, as a single gateway has always kept them."""

from __future__ import annotations

import time

__all__ = ["MemoryRequestStates"]


class MemoryRequestStates:
    """:class:`weir.state.ports.RequestStates` in a dict, bounded (the oldest goes first when full)."""

    def __init__(self, *, limit: int = 10_000) -> None:
        self._limit = limit
        self._items: dict[str, tuple[float, str]] = {}
        """key -> (monotonic expiry, record), in insertion order."""

    async def put(self, key: str, record: str, ttl_s: float) -> None:
        """Keep ``record`` for ``ttl_s`` seconds (a negative TTL keeps nothing that can be taken)."""
        self._expire()
        if len(self._items) >= self._limit:
            self._items.pop(next(iter(self._items)))
        self._items[key] = (time.monotonic() + ttl_s, record)

    async def take(self, key: str) -> str | None:
        """The record, removed; ``None`` when it expired or was never kept."""
        self._expire()
        item = self._items.pop(key, None)
        return None if item is None else item[1]

    def _expire(self) -> None:
        now = time.monotonic()
        for key in [k for k, (expires, _) in self._items.items() if expires < now]:
            del self._items[key]
