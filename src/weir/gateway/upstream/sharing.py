"""One session with a server shared by one principal's connections (``servers.NAME.share: per_principal``).

Off by default: a session of a connection's own is the only one where everything the server sends
outside a request can belong to one client alone. A deployer turns sharing on for a stdio server
whose processes are costly and whose sessions hold nothing one connection must not see of another
of the same principal. Then:

- **Never across principals.** The share key starts with the principal's id.
- **Capabilities are never merged.** Connections share only a session that declared exactly what
  they declared (and in the same revision): a client is never offered what it cannot answer, nor
  denied what it declared. Connections that declared differently get a shared session each.
- **What the server sends.** A message tied to a call in flight (over stdio: while a call is in
  flight, the oldest such call's) goes to that call's client; a notification outside any call goes
  to every connection holding the session, each decided on that connection's own agent session; a
  server's *request* outside any call is refused (no one connection can answer for the others).
- **Lifetime.** Reference counted: the session (its process) ends when the last connection holding
  it ends or idles out; it counts once against ``gateway.quotas.upstream_sessions``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from weir.gateway.clients.exchange import ClientState
from weir.gateway.upstream.session import Upstream

__all__ = ["SharedSession", "share_key"]


@dataclass
class SharedSession:
    """A server session and the connections holding it (all of one principal)."""

    session: Upstream
    holder: str
    """What the session is counted as under the principal's ``upstream_sessions`` quota."""
    clients: dict[str, ClientState] = field(default_factory=dict)
    """The connections holding it, by connection id."""


def share_key(
    principal: str, server: str, declared: Mapping[str, Any], legacy: Mapping[str, Any]
) -> tuple[str, str, str]:
    """Which shared session a connection joins: its principal, the server, and a digest of the
    capabilities it declares (both revisions' forms), so only identical declarations share."""
    shape = json.dumps([dict(declared), dict(legacy)], sort_keys=True, separators=(",", ":"), default=str)
    return principal, server, hashlib.sha256(shape.encode()).hexdigest()[:16]
