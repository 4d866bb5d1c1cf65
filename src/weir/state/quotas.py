"""Per-principal quotas in Redis: what a principal holds on any replica counts on every replica.

One hash per quota and principal (``{prefix}quota:{quota}:{principal}``): each field is a holder (a
client session's id, an agent session's, an upstream session's key), its value the replicas that
hold it, space-separated — the same holder taken on two replicas counts once. Beside them one sorted
set of *leases* (``{prefix}quota:leases``: replica → when its lease ends, in Redis's own clock, so
the replicas' clocks do not matter). Every take renews the taker's lease, and so does its heartbeat
(:meth:`RedisQuotaHolders.beat`, every 2 s); a replica that stops renewing (it died) holds nothing
once its lease ends (at once when it stops cleanly: :meth:`RedisQuotaHolders.close`): ``TAKE``,
finding the principal at its limit, drops the holders only ended replicas hold and counts again —
one script, atomic, so two replicas racing for the last room never both get it.

Giving back is not on any request's path (a connection closed, a session expired): it is noted at
once in this replica's own view and sent to Redis soon after — and again at each heartbeat until
Redis has it. A replica whose lease ended while it lived (Redis restarted empty, or it stalled)
claims its holders again at its next heartbeat.

Imported only when ``state.redis`` is configured (``weir[fleet]``): ``import weir`` never loads redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from weir.state.ports import StateError

__all__ = ["BEAT", "CLAIM", "GIVE", "TAKE", "RedisQuotaHolders"]

log = logging.getLogger("weir.state")

_NOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
"""

TAKE = (
    _NOW
    + """
-- KEYS[1] the (quota, principal) hash: holder -> its replicas; KEYS[2] the leases (replica -> end, ms)
-- ARGV[1] replica, ARGV[2] holder, ARGV[3] limit, ARGV[4] lease ms. Returns 1 taken, 0 refused.
local me, holder, limit = ARGV[1], ARGV[2], tonumber(ARGV[3])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), me)
local held = redis.call('HGET', KEYS[1], holder)
if held then
  if not string.find(' ' .. held .. ' ', ' ' .. me .. ' ', 1, true) then
    redis.call('HSET', KEYS[1], holder, held .. ' ' .. me)
  end
  return 1
end
if redis.call('HLEN', KEYS[1]) >= limit then
  -- At the limit: holders that only ended replicas hold are nobody's any more.
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  local alive = {}
  local all = redis.call('HGETALL', KEYS[1])
  for i = 1, #all, 2 do
    local live = {}
    for r in string.gmatch(all[i + 1], '%S+') do
      if alive[r] == nil then alive[r] = redis.call('ZSCORE', KEYS[2], r) ~= false end
      if alive[r] then live[#live + 1] = r end
    end
    if #live == 0 then
      redis.call('HDEL', KEYS[1], all[i])
    else
      redis.call('HSET', KEYS[1], all[i], table.concat(live, ' '))
    end
  end
  if redis.call('HLEN', KEYS[1]) >= limit then
    return 0
  end
end
redis.call('HSET', KEYS[1], holder, me)
return 1
"""
)

GIVE = """
-- KEYS[1] the (quota, principal) hash; ARGV[1] replica, ARGV[2..] the holders it gives back
for i = 2, #ARGV do
  local held = redis.call('HGET', KEYS[1], ARGV[i])
  if held then
    local rest = {}
    for r in string.gmatch(held, '%S+') do
      if r ~= ARGV[1] then rest[#rest + 1] = r end
    end
    if #rest == 0 then
      redis.call('HDEL', KEYS[1], ARGV[i])
    else
      redis.call('HSET', KEYS[1], ARGV[i], table.concat(rest, ' '))
    end
  end
end
return 1
"""

CLAIM = """
-- KEYS[1] the (quota, principal) hash; ARGV[1] replica, ARGV[2..] holders it holds (whatever the limit:
-- they exist on this replica, and counting them is the truth)
for i = 2, #ARGV do
  local held = redis.call('HGET', KEYS[1], ARGV[i])
  if not held then
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[1])
  elseif not string.find(' ' .. held .. ' ', ' ' .. ARGV[1] .. ' ', 1, true) then
    redis.call('HSET', KEYS[1], ARGV[i], held .. ' ' .. ARGV[1])
  end
end
return 1
"""

BEAT = (
    _NOW
    + """
-- KEYS[1] the leases; ARGV[1] replica, ARGV[2] lease ms. Returns 1 when its lease was still running.
local ends = redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
if ends and tonumber(ends) > now then
  return 1
end
return 0
"""
)

Key = tuple[str, str]


class RedisQuotaHolders:
    """:class:`weir.state.ports.QuotaHolders` in Redis, for the replica named ``replica``."""

    def __init__(self, client: aioredis.Redis, prefix: str, replica: str, *, lease_s: float) -> None:
        self._client = client
        self._prefix = prefix
        self._leases = f"{prefix}quota:leases"
        self.replica = replica
        self._lease_ms = int(lease_s * 1000)
        self._take = client.register_script(TAKE)
        self._give = client.register_script(GIVE)
        self._claim = client.register_script(CLAIM)
        self._beat = client.register_script(BEAT)
        self._mine: defaultdict[Key, set[str]] = defaultdict(set)
        """What this replica holds (a holder it holds already is taken again without asking Redis)."""
        self._owed: defaultdict[Key, set[str]] = defaultdict(set)
        """Given back here, not yet in Redis."""
        self._sending = asyncio.Lock()
        self._flusher: asyncio.Task[None] | None = None
        self.round_trips = 0

    def _key(self, key: Key) -> str:
        return f"{self._prefix}quota:{key[0]}:{key[1]}"

    async def take(self, quota: str, principal: str, holder: str, limit: int) -> bool:
        """See :meth:`weir.state.ports.QuotaHolders.take`."""
        key = (quota, principal)
        mine = self._mine.get(key)
        if mine is not None and holder in mine:
            return True
        if self._owed:  # a give-back this replica made goes first (it may be this holder's)
            await self.flush()
        args = [self.replica, holder, limit, self._lease_ms]
        try:
            taken = await self._run(self._take, [self._key(key), self._leases], args)
        except BaseException:
            # The reply may be what was lost (Redis gone, or the request cancelled mid-exchange): give
            # the holder back soon, in case Redis counted it.
            self._owed[key].add(holder)
            self._flush_soon()
            raise
        if taken:
            self._mine[key].add(holder)
        return bool(taken)

    def give_back(self, quota: str, principal: str, holder: str) -> None:
        """See :meth:`weir.state.ports.QuotaHolders.give_back`."""
        key = (quota, principal)
        mine = self._mine.get(key)
        if mine is None or holder not in mine:
            return
        mine.discard(holder)
        if not mine:
            del self._mine[key]
        self._owed[key].add(holder)
        self._flush_soon()

    def count(self, quota: str, principal: str) -> int:
        """See :meth:`weir.state.ports.QuotaHolders.count`."""
        return len(self._mine.get((quota, principal), ()))

    async def fleet_count(self, quota: str, principal: str) -> int:
        """How many holders Redis counts for ``principal`` (ended replicas' included until a take drops them)."""
        key = self._key((quota, principal))
        try:
            return int(await self._client.hlen(key))
        except (RedisError, OSError) as exc:
            raise _failed(exc) from exc

    def _flush_soon(self) -> None:
        if self._flusher is not None and not self._flusher.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test's teardown): the next take or heartbeat sends it
            return
        self._flusher = loop.create_task(self._flush_quietly())

    async def _flush_quietly(self) -> None:
        try:
            await self.flush()
        except StateError as exc:  # kept, sent at the next heartbeat (Redis gone is on /readyz already)
            log.debug("quota give-backs not sent yet", extra={"problem": str(exc)})

    async def flush(self) -> None:
        """Send every give-back not yet in Redis (those that fail stay owed)."""
        async with self._sending:
            owed, self._owed = self._owed, defaultdict(set)
            try:
                while owed:
                    key, holders = next(iter(owed.items()))
                    await self._run(self._give, [self._key(key)], [self.replica, *sorted(holders)])
                    del owed[key]
            finally:
                for key, holders in owed.items():
                    self._owed[key] |= holders

    async def beat(self) -> None:
        """Renew this replica's lease; claim its holders again when the lease had ended. Raises
        :class:`StateError` when Redis does not answer."""
        await self.flush()
        alive = await self._run(self._beat, [self._leases], [self.replica, self._lease_ms])
        if alive:
            return
        for key, holders in list(self._mine.items()):
            if holders:
                await self._run(self._claim, [self._key(key)], [self.replica, *sorted(holders)])

    async def _run(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        self.round_trips += 1
        try:
            return await script(keys=keys, args=args)
        except (RedisError, OSError) as exc:
            raise _failed(exc) from exc

    async def close(self) -> None:
        """This replica stops: give back what it owes and end its lease now, so that whatever it still
        holds is nobody's for the other replicas' next take (best effort: else the lease ends by itself)."""
        if self._flusher is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._flusher
        with contextlib.suppress(StateError, RedisError, OSError):
            await self.flush()
            await self._client.zrem(self._leases, self.replica)


def _failed(exc: BaseException) -> StateError:
    # The exception's text may name the host, never the password; the URL itself is never quoted.
    return StateError(f"shared state unavailable: Redis does not answer: {type(exc).__name__}: {exc} (fail closed)")
