"""The two Redis scripts behind :mod:`weir.state.redis`: a session's turn, and its atomic, monotone write-back.

Each runs atomically inside Redis, so two replicas can never interleave within one. The join in
``CHECKIN`` is :func:`weir.state.codec.join_docs`: booleans *or*, numbers *max*, objects (sets)
*union* — a label written by one replica is never weakened by another's, whatever the order.

Keys: ``KEYS[1]`` the session's hash (``v`` version, ``b`` blob, ``l`` label document),
``KEYS[2]`` its lease (the holder's token, with an expiry).
"""

from __future__ import annotations

__all__ = ["CHECKIN", "CHECKOUT", "JOIN"]

CHECKOUT = """
-- ARGV[1] token, ARGV[2] lease ms, ARGV[3] the version this replica holds (-1: none)
if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {0}
end
local v = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if v == tonumber(ARGV[3]) then
  return {1, v}
end
local r = redis.call('HMGET', KEYS[1], 'b', 'l')
return {1, v, r[1], r[2]}
"""

JOIN = """
local function join(a, b)
  for k, x in pairs(b) do
    local y = a[k]
    if y == nil or y == cjson.null then
      a[k] = x
    elseif type(x) == 'boolean' then
      a[k] = (y == true) or x
    elseif type(x) == 'number' then
      if x > y then a[k] = x end
    elseif type(x) == 'table' then
      a[k] = join(y, x)
    end
  end
  return a
end
"""

CHECKIN = (
    JOIN
    + """
-- ARGV[1] token, ARGV[2] the version checked out, ARGV[3] blob, ARGV[4] label document, ARGV[5] ttl s
local v = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
local old = redis.call('HGET', KEYS[1], 'l')
local labels = ARGV[4]
if old then
  labels = cjson.encode(join(cjson.decode(old), cjson.decode(ARGV[4])))
end
local conflict = 0
-- v == 0: nothing stored (new, or Redis lost it): this replica's copy is at least what it saw.
if v == tonumber(ARGV[2]) or v == 0 then
  redis.call('HSET', KEYS[1], 'b', ARGV[3])
else
  conflict = 1
end
redis.call('HSET', KEYS[1], 'v', v + 1, 'l', labels)
redis.call('EXPIRE', KEYS[1], ARGV[5])
if redis.call('GET', KEYS[2]) == ARGV[1] then
  redis.call('DEL', KEYS[2])
end
return {v + 1, conflict}
"""
)
