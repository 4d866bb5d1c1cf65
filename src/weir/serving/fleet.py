"""A replica's share of a fleet: the shared agent sessions ``state.redis`` names, or none.

Without a ``state:`` section nothing here imports a network client and the gateway keeps its
sessions in its own memory, as ever. With one, the Redis URL is read from the environment variable
the section names (never from the file, never logged) and the ``fleet`` extra must be installed.
"""

from __future__ import annotations

import os
import secrets
import socket
from typing import Any

from weir.config import WeirConfig
from weir.detect.pinning import PinStore
from weir.errors import ConfigError
from weir.flow.store import SessionStore
from weir.observe.metrics import Registry
from weir.state.config import redis_url_problem
from weir.state.ports import SharedSessions

__all__ = ["open_figures", "open_quotas", "open_relay", "open_request_states", "open_shared", "open_shared_pins"]


def open_shared(config: WeirConfig, local: SessionStore) -> SharedSessions | None:
    """The fleet's sessions, loaded into and written back from ``local`` (the Guard's own store)."""
    settings = config.state.redis
    if settings is None:
        return None
    problem = redis_url_problem(settings)
    if problem is not None:
        raise ConfigError(problem)
    try:
        from weir.state.redis import RedisSessions, connect
    except ImportError as exc:  # the extra is not installed
        raise ConfigError(f"state.redis needs the Redis client: pip install 'weir[fleet]' ({exc})") from exc
    return RedisSessions(connect(os.environ[settings.url_env], settings), local, settings)


def open_relay(config: WeirConfig, shared: SharedSessions | None) -> Any:
    """The approvals relay beside the shared sessions (their Redis client), or None without them."""
    settings = config.state.redis
    client = getattr(shared, "client", None)
    if settings is None or client is None:
        return None
    from weir.state.relay import RedisApprovalRelay

    replica = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"
    return RedisApprovalRelay(client, settings.prefix, replica)


def open_request_states(config: WeirConfig, shared: SharedSessions | None) -> Any:
    """The fleet's request states (2026-07-28 confirmations) beside the shared sessions, or None."""
    settings = config.state.redis
    client = getattr(shared, "client", None)
    if settings is None or client is None:
        return None
    from weir.state.requeststates import RedisRequestStates

    return RedisRequestStates(client, settings.prefix)


def open_quotas(config: WeirConfig, shared: SharedSessions | None) -> tuple[Any, Any, Any]:
    """The fleet's quota ledger, request rate and this replica's quota holders (whose heartbeat
    renews its lease) beside the shared sessions, or three ``None`` without them."""
    settings = config.state.redis
    client = getattr(shared, "client", None)
    if settings is None or client is None:
        return None, None, None
    from weir.gateway.quotas import SharedQuotas, SharedRate
    from weir.state.buckets import RedisBuckets
    from weir.state.quotas import RedisQuotaHolders

    replica = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"
    holders = RedisQuotaHolders(client, settings.prefix, replica, lease_s=settings.replica_lease_s)
    quotas = config.gateway.quotas
    rate = None
    if quotas.requests_per_s:
        rate = SharedRate(RedisBuckets(client, settings.prefix), quotas.requests_per_s, quotas.request_burst)
    return SharedQuotas(holders), rate, holders


def open_shared_pins(config: WeirConfig) -> PinStore:
    """The fleet's tool pins in the Redis ``state.redis`` names (quarantine and approvals fleet-wide)."""
    settings = config.state.redis
    if settings is None:
        raise ConfigError("shared pins need state.redis")
    problem = redis_url_problem(settings)
    if problem is not None:
        raise ConfigError(problem)
    try:
        from weir.state.pins import RedisPinStore, connect_sync
    except ImportError as exc:  # the extra is not installed
        raise ConfigError(f"state.redis needs the Redis client: pip install 'weir[fleet]' ({exc})") from exc
    return RedisPinStore(connect_sync(os.environ[settings.url_env], settings), settings.prefix)


def open_figures(config: WeirConfig, shared: SharedSessions | None, registry: Registry) -> Any:
    """The fleet-wide figures on ``registry``'s ``/metrics`` (:mod:`weir.serving.fleetmetrics`), or None."""
    settings = config.state.redis
    client = getattr(shared, "client", None)
    if settings is None or client is None:
        return None
    from weir.serving.fleetmetrics import FleetMetrics
    from weir.state.figures import RedisFigures

    replica = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"
    return FleetMetrics(registry, RedisFigures(client, settings.prefix, replica))
