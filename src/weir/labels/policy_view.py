"""The conservative view of a tool profile that policy reasons about: "unknown is not safe".

A :class:`~weir.labels.profile.ToolProfile` stores only what was claimed. :func:`effective`
applies the MCP spec's defaults to the core hints (destructive and open-world true, read-only and
idempotent false), reduces each possible set to its worst member, and maps sensitivity onto the
ordinal level. Whatever stays unknown is ``None`` here: a policy must treat ``None`` as unknown,
never as "no". Levels are floors ("at least this sensitive"); ``None`` means nobody said.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from weir.labels.base import WeirModel
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Destination, Dialect, Level, Outcome, SideEffect, Source, class_level, worst

__all__ = ["Effective", "effective"]

_SPEC_DEFAULT = Origin(dialect=Dialect.POLICY, path="MCP spec default")


class Effective(WeirModel):
    """A tool as policy should see it: spec defaults applied, possible sets reduced to their worst."""

    name: str
    """The tool's name."""
    server: str | None = None
    """The server listing it, when known."""
    read_only: bool
    """readOnlyHint, default false."""
    destructive: bool
    """destructiveHint, default true (false only for a tool claimed read-only and not claimed destructive)."""
    idempotent: bool
    """idempotentHint / mcp.dev/idempotent, default false."""
    open_world: bool
    """Tool-level openWorldHint, default true."""
    ai_processing: bool | None = None
    """aiProcessingHint (None: unknown)."""
    slow_execution: bool | None = None
    """slowExecutionHint (None: unknown)."""
    resource_intensive: bool | None = None
    """resourceIntensiveHint (None: unknown)."""
    sensitive_data: bool | None = None
    """sensitiveDataHint (None: unknown)."""
    privileged_access: bool | None = None
    """privilegedAccessHint (None: unknown)."""
    reversible: bool | None = None
    """reversibleHint (None: unknown)."""
    requires_confirmation: bool | None = None
    """The server's confirmation preference (None: no preference stated)."""
    requires_review: bool | None = None
    """action-metadata requiresReview: the author asks for human confirmation (None: no claim)."""
    malicious: bool = False
    """maliciousActivityHint declared on (or resolved for) the tool."""
    worst_effect: SideEffect | None = None
    """The riskiest mcp.dev/effect claimed (None: unknown)."""
    worst_outcome: Outcome | None = None
    """The riskiest possible outcome (None: unknown; assume irreversible)."""
    worst_destination: Destination | None = None
    """The most public possible destination of inputs (None: unknown; assume public)."""
    worst_source: Source | None = None
    """The least trusted possible source of returned data (None: unknown)."""
    return_untrusted: bool | None = None
    """Returned data may be untrusted public (None: the source is unknown — policy decides)."""
    input_classes: frozenset[DataClass] = frozenset()
    """Data classes the tool may accept."""
    input_scopes: frozenset[str] = frozenset()
    """Regulatory scopes of accepted data."""
    input_level: Level | None = None
    """The highest level of data the tool may accept (None: unknown)."""
    return_classes: frozenset[DataClass] = frozenset()
    """Data classes the tool may return."""
    return_scopes: frozenset[str] = frozenset()
    """Regulatory scopes of returned data."""
    return_level: Level | None = None
    """The highest level of data the tool may return (None: unknown)."""
    attribution: frozenset[str] = frozenset()
    """Declared sources of the tool's data."""
    resolvable: bool = False
    """The tool supports `tools/resolve`."""
    resolved: bool = False
    """The view is of a `tools/resolve` answer for one call."""
    defaults: tuple[str, ...] = ()
    """Fields whose value is the spec's default, not a claim."""
    origins: Mapping[str, tuple[Origin, ...]] = Field(default_factory=dict)
    """Field → the wire keys (or the spec default) behind it."""

    def no_looser_than(self, other: Effective) -> bool:
        """True when every field of this view is at least as strict as ``other``'s."""
        return all(_rank(name, getattr(self, name)) >= _rank(name, getattr(other, name)) for name in _ORDERED) and all(
            getattr(self, name) - {DataClass.NONE} >= getattr(other, name) - {DataClass.NONE} for name in _SETS
        )


_SETS = ("input_classes", "input_scopes", "return_classes", "return_scopes")
# Three-valued hints: a claim that the risky thing is absent < no claim < a claim that it is present.
_TRI_RISKY_TRUE = (
    "ai_processing",
    "slow_execution",
    "resource_intensive",
    "sensitive_data",
    "privileged_access",
    "requires_confirmation",
    "requires_review",
    "return_untrusted",
)
_WORST_ORDER: Mapping[str, tuple[Any, ...]] = {
    "worst_effect": (SideEffect.READ, SideEffect.WRITE, SideEffect.EXTERNAL, SideEffect.DELETE),
    "worst_outcome": tuple(Outcome),
    "worst_destination": tuple(Destination),
}
_ORDERED = (
    "read_only",
    "destructive",
    "idempotent",
    "open_world",
    "reversible",
    "malicious",
    "input_level",
    "return_level",
    *_TRI_RISKY_TRUE,
    *_WORST_ORDER,
)


def _rank(name: str, value: Any) -> int:
    """Higher is stricter (riskier assumed)."""
    if name in ("read_only", "idempotent"):
        return 0 if value else 1
    if name in ("destructive", "open_world", "malicious"):
        return 1 if value else 0
    if name == "reversible":
        return {True: 0, None: 1, False: 2}[value]
    if name in _TRI_RISKY_TRUE:
        return {False: 0, None: 1, True: 2}[value]
    if name in ("input_level", "return_level"):
        return 0 if value is None else int(value)
    order = _WORST_ORDER[name]
    # Unknown is as bad as the worst member: that is what policy must assume.
    return len(order) - 1 if value is None else order.index(value)


def _level(classes: frozenset[DataClass], *more: Level | None) -> Level | None:
    levels = [class_level(c) for c in classes] + [m for m in more if m is not None]
    return max(levels) if levels else None


def effective(profile: ToolProfile) -> Effective:
    """The conservative view of ``profile`` (apply trust and overrides first)."""
    origins: dict[str, tuple[Origin, ...]] = {k: tuple(v) for k, v in profile.origins.items()}
    defaults: list[str] = []

    def default(field: str, claimed: bool | None, value: bool) -> bool:
        if claimed is not None:
            return claimed
        defaults.append(field)
        origins[field] = (_SPEC_DEFAULT,)
        return value

    read_only = default("read_only", profile.read_only, False)
    destructive = default("destructive", profile.destructive, not read_only)
    sensitive = Level.MEDIUM if profile.sensitive_data else None
    worst_source = worst(profile.return_sources)
    # Every value below is already typed: construct without re-validating (policy calls this often).
    return Effective.model_construct(
        name=profile.name,
        server=profile.server,
        read_only=read_only,
        destructive=destructive,
        idempotent=default("idempotent", profile.idempotent, False),
        open_world=default("open_world", profile.open_world, True),
        ai_processing=profile.ai_processing,
        slow_execution=profile.slow_execution,
        resource_intensive=profile.resource_intensive,
        sensitive_data=profile.sensitive_data,
        privileged_access=profile.privileged_access,
        reversible=profile.reversible,
        requires_confirmation=profile.requires_confirmation,
        requires_review=profile.requires_review,
        malicious=profile.malicious is True,
        worst_effect=worst(profile.effects),
        worst_outcome=worst(profile.outcomes),
        worst_destination=worst(profile.destinations),
        worst_source=worst_source,
        return_untrusted=None if worst_source is None else worst_source is Source.UNTRUSTED_PUBLIC,
        input_classes=profile.input_classes,
        input_scopes=profile.input_scopes,
        input_level=_level(profile.input_classes | _regulated(profile.input_scopes), sensitive),
        return_classes=profile.return_classes,
        return_scopes=profile.return_scopes,
        return_level=_level(
            profile.return_classes | _regulated(profile.return_scopes), profile.result_level, sensitive
        ),
        attribution=profile.attribution,
        resolvable=profile.resolvable,
        resolved=profile.resolved,
        defaults=tuple(defaults),
        origins=origins,
    )


def _regulated(scopes: frozenset[str]) -> frozenset[DataClass]:
    return frozenset({DataClass.REGULATED}) if scopes else frozenset()
