"""The Guard's seam onto the labels layer: every wire object is read through here.

Tools are read, believed as far as their server is trusted, and corrected by overrides
(``resolve_profile``); a ``tools/resolve`` answer goes through the same steps and is then
merged so that it may narrow the static possible sets but never promise more safety than the
static declaration did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from weir.guard.memo import Memo
from weir.labels.config import Override, ServerConfig, Trust
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.overrides import believed, trust_of
from weir.labels.profile import RISKY_WHEN, ToolProfile
from weir.labels.read import read_data_meta, read_resolution, read_result_label, read_tool, returned_label

__all__ = [
    "declared_label",
    "merge_resolved",
    "meta_label",
    "read_listed",
    "read_profile",
    "read_resolved",
    "result_label_of",
]

_SETS = ("effects", "destinations", "input_classes", "input_scopes", "outcomes", "return_sources", "return_classes")


def read_profile(
    raw: Mapping[str, Any],
    *,
    server: str,
    servers: Mapping[str, ServerConfig],
    overrides: Sequence[Override],
    trust: Trust | None = None,
) -> ToolProfile:
    """A wire tool as the policy should see it: read → trust → overrides.

    The profile :func:`weir.labels.overrides.resolve_profile` gives, without the diagnostics it
    adds for lint (the claims trust dropped), which the Guard never reads. ``trust`` replaces the
    server's configured trust (a quarantined tool is believed as an untrusted server's).
    """
    trust = trust or trust_of(server, servers)
    return believed(read_tool(raw, server=server).profile, trust=trust, server=server, overrides=overrides)


def read_listed(raw: Mapping[str, Any], *, server: str) -> ToolProfile:
    """A wire tool's claims as its server wrote them (before trust and overrides): what a
    ``tools/resolve`` answer is held to."""
    return read_tool(raw, server=server).profile


def read_resolved(
    raw: Mapping[str, Any],
    *,
    server: str,
    servers: Mapping[str, ServerConfig],
    overrides: Sequence[Override],
    trust: Trust | None = None,
) -> ToolProfile:
    """A ``tools/resolve`` result, read → trust → overrides (an untrusted server cannot narrow)."""
    trust = trust or trust_of(server, servers)
    return believed(read_resolution(raw, server=server).profile, trust=trust, server=server, overrides=overrides)


def merge_resolved(static: ToolProfile, resolved: ToolProfile) -> ToolProfile:
    """Combine the static profile with a resolved one for one call.

    A resolved set inside the static possible set narrows it (that is what resolving is for);
    a resolved value outside it contradicts the declaration, so both are kept (the riskier
    reading). A static boolean hint is a possible value ("may be destructive"), so a resolved
    boolean either narrows it or is riskier than it, and is taken as given; a hint the resolution
    does not mention keeps its static value. Resolved sensitivity levels only raise.
    """
    update: dict[str, object] = {"resolved": True}
    for name in _SETS:
        s, r = getattr(static, name), getattr(resolved, name)
        if r:
            update[name] = r if (not s or r <= s) else (s | r)
    for name in RISKY_WHEN:
        r = getattr(resolved, name)
        if r is not None:
            update[name] = r
    levels = [x for x in (static.result_level, resolved.result_level) if x is not None]
    update["result_level"] = max(levels) if levels else None
    update["attribution"] = static.attribution | resolved.attribution
    origins = dict(static.origins)
    for key, more in resolved.origins.items():
        origins[key] = tuple(more) + tuple(o for o in origins.get(key, ()) if o not in more)
    update["origins"] = origins
    return static.model_copy(update=update)


def meta_label(meta: Any) -> DataLabel:
    """The label a request's or result's ``_meta`` carries (never raises)."""
    return read_data_meta(meta)[0]


def result_label_of(result: Any) -> DataLabel:
    """The label a result's server wrote (result and content blocks joined; never raises)."""
    return read_result_label(result)


def declared_label(profile: ToolProfile | None) -> DataLabel:
    """What a tool's declared returnMetadata implies for its results.

    Kept per profile (both are frozen values, and every result of a tool asks again).
    """
    if profile is None:
        return _NO_CLAIM
    # Keyed by id: the entry holds the profile, so no other object can have that id meanwhile.
    return _DECLARED.get(id(profile), lambda: (profile, _canonical(returned_label(profile))))[1]


def _canonical(label: DataLabel) -> DataLabel:
    """BOTTOM itself for a label equal to it, so that joining it can be skipped by identity."""
    return BOTTOM if label == BOTTOM else label


_NO_CLAIM = BOTTOM
_DECLARED: Memo[int, tuple[ToolProfile, DataLabel]] = Memo(4096)
"""id(profile) → (profile, its declared label); the profile is kept so its id stays its own."""
