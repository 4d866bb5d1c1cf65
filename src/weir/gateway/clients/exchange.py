"""The downstream side of one request: who the client is and how to reach it mid-request.

A transport (stdio, HTTP, in-memory) creates a :class:`ClientState` per connection and an
:class:`Exchange` per incoming request. The proxy uses the exchange to send progress and,
where the revision and transport allow it, requests (``elicitation/create``) to the client.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from weir.gateway.wire.era import CAPABILITIES_KEY, VERSION_KEY, Era, era_of_version
from weir.gateway.wire.jsonrpc import Message
from weir.identity.principal import Principal
from weir.labels.keys import WEIR_SESSION
from weir.policy.facts import principal_facts

__all__ = ["LOCAL", "SESSION_KEY", "ClientState", "Exchange"]

LOCAL = "local"
"""The principal of stdio and in-memory connections: the local user running the gateway."""

SESSION_KEY = WEIR_SESSION
"""A client names its agent session in request ``_meta`` under this key."""


@dataclass
class ClientState:
    """One downstream connection (a stdio pipe, an HTTP session or token, an in-memory pair)."""

    conn_id: str
    """Unique per connection; the default agent session id."""
    principal: str = LOCAL
    """Who is behind the connection: its bearer token's fingerprint over HTTP, the local user on
    stdio and in memory. Agent sessions, pending questions and session names belong to one."""
    session: str | None = None
    """The agent session the connection's calls belong to (set by its first call)."""
    era: Era | None = None
    """Set by ``initialize`` (legacy); modern requests carry their revision themselves."""
    protocol_version: str | None = None
    """The negotiated legacy version."""
    capabilities: dict[str, Any] = field(default_factory=dict)
    """Client capabilities from ``initialize``."""
    info: dict[str, Any] = field(default_factory=dict)
    """clientInfo from ``initialize``."""
    identity: Principal | None = None
    """The principal's claims when an OAuth access token proved it (``principal`` is its id)."""

    def principal_fact(self) -> dict[str, Any]:
        """The ``principal`` fact of this connection: its claims, or its id alone."""
        if self.identity is not None:
            return self.identity.facts()
        return principal_facts(self.principal)


@dataclass
class Exchange:
    """One request being answered."""

    client: ClientState
    """The connection it came on."""
    send: Callable[[Message], Awaitable[None]]
    """Send a notification or request to the client, in the context of this request."""
    back_channel: bool = True
    """False when the transport cannot carry server→client requests for this request."""
    request_id: Any = None
    """The client's JSON-RPC id."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """The request's params."""

    meta: Mapping[str, Any] = field(init=False, repr=False)
    """The request's ``_meta`` (empty when absent or malformed): read once, it is read often."""

    def __post_init__(self) -> None:
        meta = self.params.get("_meta")
        self.meta = meta if isinstance(meta, Mapping) else {}

    @property
    def era(self) -> Era:
        """The revision of this request: modern when it carries the per-request envelope."""
        version = self.meta.get(VERSION_KEY)
        if isinstance(version, str):
            return era_of_version(version)
        return self.client.era or Era.LEGACY

    @property
    def capabilities(self) -> Mapping[str, Any]:
        """The client's capabilities as they apply to this request."""
        if self.era is Era.MODERN:
            caps = self.meta.get(CAPABILITIES_KEY)
            return caps if isinstance(caps, Mapping) else {}
        return self.client.capabilities

    @property
    def can_elicit(self) -> bool:
        """The client declared form elicitation (an empty ``elicitation`` object means form)."""
        caps = self.capabilities.get("elicitation")
        if not isinstance(caps, Mapping):
            return False
        return "form" in caps or "url" not in caps

    @property
    def session_name(self) -> str | None:
        """The agent session the client names in ``_meta`` (``None``: the connection's own)."""
        named = self.meta.get(SESSION_KEY)
        return named if isinstance(named, str) and named else None
