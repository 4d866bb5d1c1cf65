"""The principal behind a downstream connection, and the ``principal`` fact rules read.

A principal's *id* is a plain string — what sessions, approvals, quotas and the audit trail key
on: ``local`` (stdio, in memory), ``loopback`` (HTTP without tokens), ``token:<fingerprint>``
(a static bearer token), ``oauth:<sub>`` (a validated OAuth access token). Only an OAuth principal
has claims; the others have an id alone, and rules see empty claims for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from weir.policy.facts import principal_facts

__all__ = ["Principal"]


@dataclass(frozen=True)
class Principal:
    """Who is behind a connection, as far as Weir can tell."""

    id: str
    """The principal's key everywhere (see the module's docstring)."""
    sub: str = ""
    """The token's ``sub`` claim (OAuth only)."""
    client_id: str = ""
    """The OAuth client the token was issued to (``client_id``, else ``azp``)."""
    scopes: tuple[str, ...] = ()
    """The token's scopes (``scope``, space-separated, or ``scp``), sorted."""
    groups: tuple[str, ...] = ()
    """The configured group claim's values, sorted."""
    issuer: str = ""
    expires: float | None = None
    """The token's ``exp`` (seconds since the epoch), when it has one."""
    claims: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """Every claim of the token (kept for logging nothing: never audited whole)."""

    @property
    def authenticated(self) -> bool:
        """The principal was proven by an OAuth access token (claims are believed)."""
        return bool(self.issuer)

    def facts(self) -> dict[str, Any]:
        """The ``principal`` fact rules read (:func:`weir.policy.facts.principal_facts`)."""
        return principal_facts(
            self.id,
            sub=self.sub,
            client_id=self.client_id,
            scopes=self.scopes,
            groups=self.groups,
            authenticated=self.authenticated,
        )
