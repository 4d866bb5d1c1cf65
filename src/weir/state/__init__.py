"""Shared state of a fleet of gateways: the ports, and the default that shares nothing.

A single gateway keeps its agent sessions in its own memory (:class:`weir.flow.store.MemorySessionStore`),
exactly as before. A fleet of replicas hands its pipeline a :class:`SharedSessions` — today
:class:`weir.state.redis.RedisSessions` — and every stage of an agent session then runs between a
*checkout* (the fleet-wide turn of that session, and its latest state loaded into this replica's
store) and a *checkin* (the state written back, its labels joined atomically). The same section
shares the 2026-07-28 confirmations' request states (:class:`weir.state.ports.RequestStates`:
:mod:`weir.state.memory` by default, :mod:`weir.state.requeststates`), the tool pins
(:mod:`weir.state.pins`) and the fleet's summed counters (:mod:`weir.state.figures`). Nothing here
imports a network client: the Redis modules are imported only when ``state.redis`` is configured.
"""

from __future__ import annotations

from weir.state.config import RedisStateConfig, StateConfig
from weir.state.ports import Lease, SharedSessions, StateError

__all__ = ["Lease", "RedisStateConfig", "SharedSessions", "StateConfig", "StateError"]
