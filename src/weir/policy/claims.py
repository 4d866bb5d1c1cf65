"""Claims only tighten: an unbelieved server's tool facts are never looser than with no claim.

:mod:`weir.labels.trust` drops every claim of an untrusted server that loosens a *field* of the
profile. That is not enough for the facts policy reads, because facts are derived from several
fields at once and some fields are read two ways:

- ``mcp.dev/effect: delete`` is the worst effect (kept), yet an effect without ``external``
  implies the tool acts in place, so ``tool.egress`` would turn off;
- ``inputMetadata.sensitivity`` is a floor for the level of what a tool takes, yet
  ``tool.input_classes`` is read by rules as what the tool is *allowed* to take (a permission).

:func:`bounded` closes the class rather than the cases: every tool fact of a tool whose claims
are not believed is the riskier of the fact computed from its claims and the same fact computed
from its *floor* — the profile with no server claim at all (the deployer's overrides kept). Each
fact's risky direction is listed in :data:`DIRECTION` (a test holds it to every fact the schema
declares), so a rule written in terms of risk (a risky fact true, a level high, a permission
absent) can only match more often when an unbelieved server adds a claim.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from weir.labels.profile import ToolProfile
from weir.labels.vocab import Destination, Dialect, Outcome

__all__ = ["DIRECTION", "bounded", "floor_of"]

_SOURCE_ORDER = ("system", "user", "internal", "trustedPublic", "unknown", "untrustedPublic")
"""``tool.source`` from least to most risky: a claimed trusted source is looser than no claim."""


def _either(a: Any, b: Any) -> Any:
    return bool(a) or bool(b)


def _both(a: Any, b: Any) -> Any:
    return bool(a) and bool(b)


def _tri(order: tuple[Any, ...]) -> Callable[[Any, Any], Any]:
    """The riskier of two three-valued hints, ``order`` from safest to riskiest."""
    return lambda a, b: max(a, b, key=order.index)


def _ranked(order: tuple[str, ...]) -> Callable[[Any, Any], Any]:
    return lambda a, b: max(a, b, key=lambda v: order.index(v) if v in order else len(order))


def _union(a: Any, b: Any) -> Any:
    return sorted(set(a) | set(b))


def _permitted(a: Any, b: Any) -> Any:
    # What a tool may take is a permission: only what both readings grant is granted.
    return sorted(set(a) & set(b))


def _claimed(a: Any, b: Any) -> Any:
    return a


def _floor(a: Any, b: Any) -> Any:
    return b


DIRECTION: Mapping[str, Callable[[Any, Any], Any]] = {
    # Not risk facts: what the tool is called, and what is known about its pin or resolution.
    "name": _claimed,
    "server": _claimed,
    "title": _claimed,
    "resolved": _claimed,
    # What the name says is the same with or without claims; what the server says about reading
    # is kept as said, for the rules that ask what the server claims (never to loosen a floor).
    "named_destructive": _either,
    "named_read": _claimed,
    "read_claimed": _claimed,
    "quarantined": _claimed,
    "changes": _claimed,
    # "Did the server claim this?": an unbelieved claim is no claim.
    "outcome_claimed": _floor,
    "destination_claimed": _floor,
    # Risky when true.
    "destructive": _either,
    "open_world": _either,
    "requires_confirmation": _either,
    "requires_review": _either,
    "consequential": _either,
    "irreversible": _either,
    "egress": _either,
    "malicious": _either,
    # Risky when false.
    "read_only": _both,
    "idempotent": _both,
    # Three-valued hints (null: no claim).
    "ai_processing": _tri((False, None, True)),
    "slow_execution": _tri((False, None, True)),
    "resource_intensive": _tri((False, None, True)),
    "sensitive_data": _tri((False, None, True)),
    "privileged_access": _tri((False, None, True)),
    "reversible": _tri((True, None, False)),
    # Worst members and floors.
    "outcome": _ranked(tuple(Outcome)),
    "destination": _ranked(tuple(Destination)),
    "source": _ranked(_SOURCE_ORDER),
    "input_level": max,
    "return_level": max,
    "effects": _union,
    "outcomes": _union,
    "destinations": _union,
    "sources": _union,
    "return_classes": _union,
    "return_scopes": _union,
    "findings": _union,
    # Permissions.
    "input_classes": _permitted,
    "input_scopes": _permitted,
}
"""Tool fact → how the fact from the claims and the fact from the floor combine (the riskier)."""


def bounded(values: Mapping[str, Any], floor: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` (facts from the claims) made no looser than ``floor`` (facts with no claim), fact by fact.

    A fact missing from :data:`DIRECTION` takes the floor's value: what is not known to be a
    claim-independent fact is not believed from an unbelieved server.
    """
    return {name: DIRECTION.get(name, _floor)(value, floor.get(name)) for name, value in values.items()}


def floor_of(profile: ToolProfile) -> ToolProfile:
    """``profile`` without any server claim: only the deployer's overrides (and name, server, title) stay."""
    keep: dict[str, Any] = {"name": profile.name, "server": profile.server, "title": profile.title}
    origins: dict[str, Any] = {}
    for field, found in profile.origins.items():
        if found and all(o.dialect is Dialect.OVERRIDE for o in found):
            keep[field] = getattr(profile, field)
            origins[field] = found
    base = ToolProfile(name=profile.name, server=profile.server)
    return base.model_copy(update={**keep, "origins": origins, "resolved": profile.resolved})
