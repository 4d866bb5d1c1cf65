"""Annotations are claims: how far a server's claims are believed.

For a server marked trusted, claims are taken as written. For any other server, a claim may only
*tighten* what policy would assume without it, never loosen it: every claim that would loosen is
dropped (and its origin with it), every claim that tightens is kept. Concretely, for an untrusted
server:

- a boolean hint survives only when it states the risky value (readOnlyHint false, destructiveHint
  true, idempotentHint false, openWorldHint true, reversibleHint false, sensitiveDataHint true, ...);
- a possible set (effects, outcomes, destinations, sources) survives only when it contains its
  enum's worst member — anything narrower is a loosening the server cannot be trusted to make;
- sensitivity classes and levels are floors: they survive, minus explicit ``none`` / ``public``;
- regulatory scopes, attribution and the opt-in to `tools/resolve` survive.
"""

from __future__ import annotations

from weir.labels.config import Trust
from weir.labels.profile import RISKY_WHEN, ToolProfile
from weir.labels.vocab import DataClass, Destination, Level, Outcome, SideEffect, Source

__all__ = ["apply_trust", "dropped_by_trust"]

_WORST_OF = {
    "effects": SideEffect.DELETE,
    "outcomes": Outcome.IRREVERSIBLE,
    "destinations": Destination.PUBLIC,
    "return_sources": Source.UNTRUSTED_PUBLIC,
}


def _tightening(profile: ToolProfile) -> dict[str, object]:
    """The update that removes every loosening claim from ``profile``."""
    update: dict[str, object] = {}
    for field, risky in RISKY_WHEN.items():
        value = getattr(profile, field)
        if value is not None and value != risky:
            update[field] = None
    for field, worst_member in _WORST_OF.items():
        values = getattr(profile, field)
        if values and worst_member not in values:
            update[field] = frozenset()
    for field in ("input_classes", "return_classes"):
        values = getattr(profile, field)
        if DataClass.NONE in values:
            update[field] = values - {DataClass.NONE}
    if profile.result_level == Level.NONE:
        update["result_level"] = None
    return update


def dropped_by_trust(profile: ToolProfile, trust: Trust) -> tuple[str, ...]:
    """The fields whose claims :func:`apply_trust` would drop or narrow (for explanations)."""
    if trust is Trust.TRUSTED:
        return ()
    return tuple(sorted(_tightening(profile)))


def apply_trust(profile: ToolProfile, trust: Trust) -> ToolProfile:
    """``profile`` as far as a server with ``trust`` is believed (see the module docstring)."""
    if trust is Trust.TRUSTED:
        return profile
    update = _tightening(profile)
    if not update:
        return profile
    origins = dict(profile.origins)
    for field, value in update.items():
        if value is None or value == frozenset():
            origins.pop(field, None)
    update["origins"] = origins
    return profile.model_copy(update=update)
