"""The ``gateway.quotas:`` section of weir.yaml: what one principal may hold, and how long a peer
may take to send a request.

Every quota is counted per *principal* (a string: the bearer token's fingerprint, ``loopback``,
the local user — or, later, an OAuth subject), so one principal at its quotas leaves the rest of
the gateway's capacity (``gateway.max_clients``, ``gateway.max_agent_sessions``) to the others.
The defaults are chosen so that no single principal can exhaust what the others need.
"""

from __future__ import annotations

from pydantic import Field

from weir.labels.base import WeirModel

__all__ = ["QuotaConfig"]


class QuotaConfig(WeirModel):
    """Per-principal quotas and the HTTP listener's read timeouts (docs/security.md has the table)."""

    client_sessions: int = Field(default=64, gt=0)
    """HTTP: at most this many client sessions (``Mcp-Session-Id`` or stateless identities) per
    principal; one more is refused with 429 until one ends (DELETE) or idles out."""
    agent_sessions: int = Field(default=1000, gt=0)
    """At most this many agent sessions per principal; a call that would start one more is refused."""
    agent_session_idle_s: float | None = Field(default=86_400.0, gt=0)
    """An agent session no live connection is in, unused this long, is forgotten (its labels with
    it: naming it again starts it empty). ``None`` keeps them until restart."""
    upstream_sessions: int = Field(default=128, gt=0)
    """At most this many upstream sessions per principal, over all servers (each is one process for
    a stdio server); a request that would open one more is refused."""
    queued_bytes: int = Field(default=8 * 1024 * 1024, gt=0)
    """HTTP: at most this many bytes of events kept for one client session (its standing stream's
    queue and the streams kept for resumption); past it the oldest are dropped and the client is told."""
    requests_per_s: int | None = Field(default=50, gt=0)
    """HTTP: each principal may send this many requests a second on average (a token bucket); one
    more is refused with 429 and held until its token is due (``None``: no limit). Not applied when
    the listener has no tokens (every client is then the one ``loopback`` principal: nobody to starve)."""
    request_burst: int = Field(default=100, gt=0)
    """HTTP: how many requests a principal may send at once above its rate (the bucket's size)."""
    header_timeout_s: float = Field(default=10.0, gt=0)
    """HTTP: a request's line and headers must arrive within this long of its first byte (or of the
    connection); else the connection gets 408 and is closed."""
    body_timeout_s: float = Field(default=60.0, gt=0)
    """HTTP: a request's body must arrive within this long of its headers; else 408 and closed."""
