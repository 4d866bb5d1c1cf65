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

:func:`stricter` applies the same idea to a tool whose definition changed after it was approved
(a rug pull): until the new definition is approved, no claim is believed that neither definition
agrees on, unless it tightens.
"""

from __future__ import annotations

from weir.labels.config import Trust
from weir.labels.profile import RISKY_WHEN, ToolProfile, combine
from weir.labels.vocab import DataClass, Destination, Level, Outcome, SideEffect, Source

__all__ = ["apply_trust", "dropped_by_trust", "stricter"]

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


_FLOORS = ("input_classes", "input_scopes", "return_classes", "return_scopes", "attribution")
"""Sensitivity classes, scopes and attribution are floors (as for an untrusted server): the union is kept."""


def stricter(approved: ToolProfile, current: ToolProfile) -> ToolProfile:
    """The more conservative of a tool's approved profile and its changed one, field by field.

    A boolean hint keeps its risky value if either side states it, else a value both sides state,
    else no claim; a possible set (effects, outcomes, destinations, sources) is the union when both
    sides claim one, else the side that claims its enum's worst member, else no claim (unknown is
    the worst); sensitivity classes, scopes, levels and attribution are floors: the union, the
    maximum (``none`` only when both sides claim it). So the changed claims can tighten a decision
    before anyone approved them, never loosen it — whether the server's code changed or only what
    it says about it.
    """
    if approved == current:
        return current
    joined = combine(apply_trust(approved, Trust.UNTRUSTED), apply_trust(current, Trust.UNTRUSTED))
    update: dict[str, object] = {"title": current.title, "resolvable": approved.resolvable and current.resolvable}
    for field in RISKY_WHEN:
        a, c = getattr(approved, field), getattr(current, field)
        if a == c and getattr(joined, field) is None:
            update[field] = a  # a claim both definitions make is no loosening
    for field in _WORST_OF:
        a, c = getattr(approved, field), getattr(current, field)
        if a and c:
            update[field] = a | c
    for field in _FLOORS:
        a, c = getattr(approved, field), getattr(current, field)
        both_none = DataClass.NONE in a and DataClass.NONE in c
        update[field] = (a | c) if both_none else (a | c) - {DataClass.NONE}
    levels = [x for x in (approved.result_level, current.result_level) if x is not None]
    update["result_level"] = max(levels) if levels else None
    merged = joined.model_copy(update=update)
    claimed = combine(approved, current).origins
    origins = {k: v for k, v in claimed.items() if getattr(merged, k, None) not in (None, frozenset())}
    return merged.model_copy(update={"origins": origins})
