"""The ``state:`` section of weir.yaml: where a fleet of replicas shares its agent sessions.

Absent (the default), each gateway keeps its state in its own memory, as a single gateway always has.
The Redis address is never written in the file: ``url_env`` names the environment variable that holds
it (a ``redis://`` or ``rediss://`` URL may carry a password), and no log line or report prints it.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

from pydantic import Field

from weir.labels.base import WeirModel

__all__ = ["RedisStateConfig", "StateConfig", "redis_url_problem"]


class RedisStateConfig(WeirModel):
    """Agent sessions in Redis, shared by every replica that names the same server and prefix."""

    url_env: str = Field(default="WEIR_REDIS_URL", min_length=1)
    """The environment variable holding the server's URL (``redis://[:password@]host:port/db``)."""
    prefix: str = Field(default="weir:", min_length=1)
    """Every key's prefix: two deployments may share one server under different prefixes."""
    lease_ms: int = Field(default=10_000, ge=100)
    """How long one replica's turn with a session lasts at most (a replica killed mid-stage frees
    the session after this long)."""
    wait_s: float = Field(default=10.0, gt=0)
    """How long a stage waits for its session's turn before it fails closed."""
    session_ttl_s: int = Field(default=86_400, ge=60)
    """A stored session unused this long is forgotten by Redis."""
    timeout_s: float = Field(default=2.0, gt=0)
    """One exchange with Redis; past it the stage fails closed."""
    replica_lease_s: float = Field(default=15.0, ge=5)
    """How long the quota holders a replica counts (its client, agent and upstream sessions) outlive
    its last heartbeat (every 2 s): a replica that dies frees its principals' room after this long."""


class StateConfig(WeirModel):
    """Shared state; ``redis: null`` (the default) keeps it in this process."""

    redis: RedisStateConfig | None = None


def redis_url_problem(settings: RedisStateConfig, environ: dict[str, str] | None = None) -> str | None:
    """Why the URL in ``settings.url_env`` cannot be used (``None`` when it can). Never quotes it."""
    env = os.environ if environ is None else environ
    url = env.get(settings.url_env)
    if not url:
        return f"state.redis: the environment variable {settings.url_env} is not set (it holds the Redis URL)"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return f"state.redis: {settings.url_env} is not a URL"
    if parts.scheme not in ("redis", "rediss", "unix"):
        return f"state.redis: {settings.url_env} must be a redis://, rediss:// or unix:// URL"
    if parts.scheme != "unix" and not parts.hostname:
        return f"state.redis: {settings.url_env} names no host"
    del port
    return None
