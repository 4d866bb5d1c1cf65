"""Request states in Redis: a confirmation asked by one replica is answered through any.

A 2026-07-28 client retries a confirmed call with the ``requestState`` the gateway minted; behind a
load balancer the retry lands on any replica. Each state is one key (``SET PX``: Redis expires it)
taken with ``GETDEL`` — one atomic step, so a state answers one retry in the whole fleet, never two.

Imported only when ``state.redis`` is configured (``weir[fleet]``): ``import weir`` never loads redis.
"""

from __future__ import annotations

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from weir.state.ports import StateError

__all__ = ["RedisRequestStates"]


class RedisRequestStates:
    """:class:`weir.state.ports.RequestStates` on a Redis server, under ``prefix``."""

    def __init__(self, client: aioredis.Redis, prefix: str) -> None:
        self._client = client
        self._prefix = prefix

    def _key(self, key: str) -> str:
        return f"{self._prefix}rs:{key}"

    async def put(self, key: str, record: str, ttl_s: float) -> None:
        """Keep ``record`` for ``ttl_s`` seconds (at least 1 ms: Redis refuses a zero expiry)."""
        try:
            await self._client.set(self._key(key), record.encode(), px=max(1, int(ttl_s * 1000)))
        except (RedisError, OSError) as exc:
            raise _failed(exc) from exc

    async def take(self, key: str) -> str | None:
        """The record, deleted in the same command (``GETDEL``, Redis 6.2+)."""
        try:
            raw = await self._client.getdel(self._key(key))
        except (RedisError, OSError) as exc:
            raise _failed(exc) from exc
        return None if raw is None else (raw.decode() if isinstance(raw, bytes) else str(raw))


def _failed(exc: BaseException) -> StateError:
    # The exception's text may name the host, never the password; the URL itself is never quoted.
    return StateError(f"shared state unavailable: Redis does not answer: {type(exc).__name__}: {exc} (fail closed)")
