"""Fleet-wide counters in Redis: each replica adds what it counted since its last report.

Every replica's ``/metrics`` shows its own counters and, beside them, the fleet's: the sum over every
replica that ever reported, kept in one Redis hash that only grows (``HINCRBYFLOAT`` of each
replica's increments, so a replica that dies leaves its counts in the sum, and a counter never goes
down). Each report also renews a heartbeat key of the replica (it expires after ``ttl_s``), so the
fleet's size is the heartbeats that are live. One pipeline per report: the increments, the
heartbeat, the read of the sums and the count of live replicas.

Imported only when ``state.redis`` is configured (``weir[fleet]``): ``import weir`` never loads redis.
"""

from __future__ import annotations

from collections.abc import Mapping

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from weir.state.ports import StateError

__all__ = ["RedisFigures"]


class RedisFigures:
    """The fleet's summed counters under ``prefix``; this replica's heartbeat under its ``replica`` id."""

    def __init__(self, client: aioredis.Redis, prefix: str, replica: str, *, ttl_s: int = 10) -> None:
        self._client = client
        self._sums = f"{prefix}fig:sums"
        self._beats = f"{prefix}fig:replica:"
        self._replica = replica
        self._ttl = ttl_s

    async def report(self, increments: Mapping[str, float]) -> tuple[dict[str, float], int]:
        """Add ``increments`` (series key → amount) to the fleet's sums; return the sums after it and
        how many replicas reported within ``ttl_s``. Raises :class:`StateError` when Redis does not
        answer (then nothing of ``increments`` may be assumed added: the caller keeps them)."""
        try:
            async with self._client.pipeline(transaction=True) as tx:
                for key, amount in increments.items():
                    tx.hincrbyfloat(self._sums, key, amount)
                tx.set(self._beats + self._replica, b"1", ex=self._ttl)
                tx.hgetall(self._sums)
                replies = await tx.execute()
            beats = [key async for key in self._client.scan_iter(match=self._beats + "*", count=1000)]
        except (RedisError, OSError) as exc:
            raise StateError(f"shared state unavailable: Redis does not answer: {type(exc).__name__}: {exc}") from exc
        sums = replies[-1]
        return {_text(k): float(v) for k, v in sums.items()}, len(beats)


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else raw
