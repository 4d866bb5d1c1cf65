"""Per-principal request rates in Redis: one token bucket per principal for the whole fleet.

The same bucket as :class:`weir.gateway.quotas.RequestRate` (read its docstring): ``per_s`` tokens a
second, at most ``burst`` saved up, a request that finds none borrows one (down to ``-burst``) and
is answered when it is due. Here the bucket is one hash in Redis (``{prefix}rate:{principal}``:
tokens and when they were counted), refilled and taken in one script, atomic, in Redis's own clock
(``TIME``): the replicas' clocks do not matter, and a principal gets its rate once, not once per
replica. The bucket's time only moves forward (a Redis clock stepped back refills nothing until it
catches up). The hash expires when it would be full again (a bucket not kept is a full one), so Redis
keeps only the principals that asked lately.

Imported only when ``state.redis`` is configured (``weir[fleet]``): ``import weir`` never loads redis.
"""

from __future__ import annotations

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from weir.state.ports import StateError

__all__ = ["TAKE_TOKEN", "RedisBuckets"]

TAKE_TOKEN = """
-- KEYS[1] the principal's bucket (t tokens, w when, s); ARGV[1] per second, ARGV[2] burst.
-- Returns -1 when a token was there, else the microseconds until the borrowed one is due (0: none borrowed).
local time = redis.call('TIME')
local now = tonumber(time[1]) + tonumber(time[2]) / 1000000
local per, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 't', 'w')
local tokens = tonumber(b[1]) or burst
local when = tonumber(b[2]) or now
if now > when then
  tokens = math.min(burst, tokens + (now - when) * per)
  when = now
end
local wait = -1
if tokens >= 1 then
  tokens = tokens - 1
elseif tokens > -burst then
  tokens = tokens - 1
  wait = math.ceil((1 - tokens) / per * 1000000)
else
  wait = 0
end
redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'w', string.format('%.17g', when))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / per * 1000) + 1000)
return wait
"""


class RedisBuckets:
    """:class:`weir.state.ports.RequestBuckets` in Redis, under ``prefix``."""

    def __init__(self, client: aioredis.Redis, prefix: str) -> None:
        self._client = client
        self._prefix = prefix
        self._script = client.register_script(TAKE_TOKEN)
        self.round_trips = 0

    async def take(self, principal: str, per_s: int, burst: int) -> float | None:
        """See :meth:`weir.state.ports.RequestBuckets.take`."""
        self.round_trips += 1
        try:
            wait = int(await self._script(keys=[f"{self._prefix}rate:{principal}"], args=[per_s, burst]))
        except (RedisError, OSError) as exc:
            # The exception's text may name the host, never the password; the URL itself is never quoted.
            why = f"shared state unavailable: Redis does not answer: {type(exc).__name__}: {exc} (fail closed)"
            raise StateError(why) from exc
        return None if wait < 0 else wait / 1_000_000
