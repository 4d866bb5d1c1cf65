"""The seam between the proxy and the decision path.

The proxy moves messages; an :class:`Enforcer` decides. The production enforcer is
:class:`weir.gateway.guarded.GuardEnforcer` (the shared ``weir.guard.Guard``, the same
decision path ``weir replay`` and ``weir.client`` use); the proxy never contains policy.
Every value here is plain data so the proxy can audit and format it without knowing how it
was decided.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

__all__ = ["EFFECTS", "Enforcer", "Obligations", "PostCall", "PreCall", "ToolsReview", "stronger"]

EFFECTS: Final = ("allow", "warn", "redact", "confirm", "block")
"""Weakest to strongest."""


def stronger(a: str, b: str) -> str:
    """The stronger of two effects; an unknown effect counts as block (fail closed)."""
    rank = {e: i for i, e in enumerate(EFFECTS)}
    return a if rank.get(a, len(EFFECTS)) >= rank.get(b, len(EFFECTS)) else b


@dataclass(frozen=True)
class Obligations:
    """What the decision requires of the transport, beyond allow/block."""

    retry_allowed: bool = False
    """The tool is idempotent: a transport failure may be retried."""
    heavy: bool = False
    """Resource-intensive: subject to the per-server concurrency limit."""
    slow: bool = False
    """Slow: gets the longer timeout and progress."""
    cache_allowed: bool = True
    """False when the result is sensitive: never cache it."""
    timeout_s: float | None = None
    """The decision's own upstream timeout (``None``: the gateway's configured one)."""


@dataclass(frozen=True)
class PreCall:
    """The decision before a call."""

    effect: str
    """The effect to apply (after the policy mode)."""
    decided: str = ""
    """The strongest matching effect before the mode (equal to ``effect`` in enforce mode)."""
    rules: tuple[str, ...] = ()
    """Every rule that matched."""
    reasons: tuple[str, ...] = ()
    """Human-readable reasons, one per matched rule."""
    request_meta: Mapping[str, Any] = field(default_factory=dict)
    """`_meta` entries to add to the upstream request (the session's annotations)."""
    obligations: Obligations = Obligations()
    """Transport obligations."""
    error: str | None = None
    """Set when deciding failed (the effect is then block)."""


@dataclass(frozen=True)
class PostCall:
    """The decision after a call, with the result as it may be released."""

    effect: str
    """allow, warn, redact or block."""
    result: Mapping[str, Any]
    """The wire result to release, already shaped by the enforcer: redacted, carrying its warning,
    or (for block) the error result that replaces it."""
    rules: tuple[str, ...] = ()
    """Every rule that matched."""
    reasons: tuple[str, ...] = ()
    """Reasons, one per matched rule."""
    findings: tuple[str, ...] = ()
    """Detector findings, as short descriptions for the audit trail."""
    error: str | None = None
    """Set when deciding failed (the effect is then block)."""
    label: Mapping[str, Any] | None = None
    """The result's label, as JSON, for the audit trail."""
    audit_result: Mapping[str, Any] | None = None
    """The released result with every detected span redacted, for the audit trail (saves the
    store scanning it again); ``None`` lets the store redact it."""


@dataclass(frozen=True)
class ToolsReview:
    """What the enforcer makes of a server's `tools/list`."""

    profiles: Mapping[str, Mapping[str, Any]]
    """Tool name → the resolved profile to publish in ``_meta["dev.weir/profile"]``."""
    findings: tuple[str, ...] = ()
    """Pinning and tool-poisoning findings, for the audit trail."""


class Enforcer(Protocol):
    """Decides for the proxy. Implementations may raise; the proxy then blocks (fail closed)."""

    def review_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> ToolsReview:
        """Register a server's tools: resolved profiles, pinning and poisoning findings."""

    def before_call(
        self,
        session: str,
        server: str,
        tool: str,
        arguments: Mapping[str, Any],
        *,
        meta: Mapping[str, Any] | None,
        resolved: Mapping[str, Any] | None,
    ) -> PreCall:
        """Decide a call before it runs; ``resolved`` is the `tools/resolve` answer when there is one."""

    def after_call(self, session: str, server: str, tool: str, result: Mapping[str, Any]) -> PostCall:
        """Feed a result to the session and decide what of it may be released."""
