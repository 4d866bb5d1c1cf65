"""The canonical tool profile: what a tool may do, as the union of every vocabulary's claims.

A field left at ``None`` (booleans) or empty (possible sets) means *no claim*: unknown, not
safe. ``origins`` maps each field that carries a claim to the wire keys it came from.

Two profiles read from different dialects of the same tool combine with :func:`combine`,
which keeps the riskier claim of each field (a contradiction is a lint finding, and until a
human resolves it the riskier reading is the one enforced).
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import Field

from weir.labels.base import WeirModel
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Destination, Level, Outcome, SideEffect, Source

__all__ = ["POSSIBLE_SETS", "RISKY_WHEN", "ToolProfile", "combine"]


class ToolProfile(WeirModel):
    """What one tool declares about itself, across every dialect, plus where each claim came from."""

    name: str
    """The tool's name as its server lists it (not namespaced)."""
    server: str | None = None
    """The server that lists the tool, when known."""
    title: str | None = None
    """Human-readable title."""

    # MCP core hints — None means absent on the wire; the spec defaults are applied by readers
    # of the profile (see weir.labels.effective), never stored as if the server had claimed them.
    read_only: bool | None = None
    """readOnlyHint"""
    destructive: bool | None = None
    """destructiveHint"""
    idempotent: bool | None = None
    """idempotentHint / mcp.dev/idempotent"""
    open_world: bool | None = None
    """Tool-level openWorldHint: the tool may reach external entities."""

    # SEP-1984 tri-state hints.
    ai_processing: bool | None = None
    """aiProcessingHint"""
    slow_execution: bool | None = None
    """slowExecutionHint"""
    resource_intensive: bool | None = None
    """resourceIntensiveHint"""
    sensitive_data: bool | None = None
    """sensitiveDataHint"""
    privileged_access: bool | None = None
    """privilegedAccessHint"""
    reversible: bool | None = None
    """reversibleHint"""

    # Seed 000.
    effects: frozenset[SideEffect] = frozenset()
    """mcp.dev/effect (a set, so a tool may read and write)."""
    requires_confirmation: bool | None = None
    """mcp.dev/requiresConfirmation: the server's preference for user confirmation."""
    result_level: Level | None = None
    """mcp.dev/resultSensitivity mapped onto the ordinal scale."""
    requires_review: bool | None = None
    """action-metadata requiresReview: the tool's author asks the host for explicit human confirmation."""

    # Action metadata (SEP-2061, SEP-1913, action-metadata extension): possible sets.
    destinations: frozenset[Destination] = frozenset()
    """inputMetadata.destination"""
    input_classes: frozenset[DataClass] = frozenset()
    """inputMetadata.sensitivity"""
    input_scopes: frozenset[str] = frozenset()
    """Regulatory scopes of `{regulated: {scopes}}` in inputMetadata.sensitivity."""
    outcomes: frozenset[Outcome] = frozenset()
    """inputMetadata.outcomes"""
    return_sources: frozenset[Source] = frozenset()
    """returnMetadata.source"""
    return_classes: frozenset[DataClass] = frozenset()
    """returnMetadata.sensitivity"""
    return_scopes: frozenset[str] = frozenset()
    """Regulatory scopes in returnMetadata.sensitivity."""

    # Trust hints declared on the tool (SEP-1913 ToolAnnotations extension).
    malicious: bool | None = None
    """maliciousActivityHint declared on the tool (or resolved for a call)."""
    attribution: frozenset[str] = frozenset()
    """attribution declared on the tool (or resolved for a call)."""

    # Tool resolution.
    resolvable: bool = False
    """The tool opted into `tools/resolve` (tool-resolution extension)."""
    resolved: bool = False
    """This profile came from `tools/resolve` for one call: sets are resolved values."""

    origins: Mapping[str, tuple[Origin, ...]] = Field(default_factory=dict)
    """Field name → the wire keys its claim was read from."""

    def origin_of(self, field: str) -> tuple[Origin, ...]:
        """Where the claim in ``field`` came from (empty when nothing claimed it)."""
        return tuple(self.origins.get(field, ()))


# For each boolean field, the value that is the riskier claim. Combining two claims keeps
# this one if either side makes it.
RISKY_WHEN: Mapping[str, bool] = {
    "read_only": False,
    "destructive": True,
    "idempotent": False,
    "open_world": True,
    "ai_processing": True,
    "slow_execution": True,
    "resource_intensive": True,
    "sensitive_data": True,
    "privileged_access": True,
    "reversible": False,
    "requires_confirmation": True,
    "requires_review": True,
    "malicious": True,
}

POSSIBLE_SETS: tuple[str, ...] = (
    "effects",
    "destinations",
    "input_classes",
    "input_scopes",
    "outcomes",
    "return_sources",
    "return_classes",
    "return_scopes",
)
"""The set-valued fields that `tools/list` declares as possible sets and `tools/resolve` narrows."""

_SETS = (*POSSIBLE_SETS, "attribution")


def combine(a: ToolProfile, b: ToolProfile) -> ToolProfile:
    """Join two readings of the same tool, keeping the riskier claim of every field.

    Possible sets are unioned; booleans keep the risky value when either side claims it;
    ``result_level`` takes the maximum. Origins are merged for every field either side claims.
    """
    update: dict[str, object] = {}
    for name, risky in RISKY_WHEN.items():
        va, vb = getattr(a, name), getattr(b, name)
        if va is None or vb is None:
            update[name] = va if vb is None else vb
        else:
            update[name] = risky if risky in (va, vb) else va
    for name in _SETS:
        update[name] = getattr(a, name) | getattr(b, name)
    levels = [x for x in (a.result_level, b.result_level) if x is not None]
    update["result_level"] = max(levels) if levels else None
    update["title"] = a.title or b.title
    update["server"] = a.server or b.server
    update["resolvable"] = a.resolvable or b.resolvable
    update["resolved"] = a.resolved and b.resolved
    origins: dict[str, tuple[Origin, ...]] = {k: tuple(v) for k, v in a.origins.items()}
    for key, more in b.origins.items():
        origins[key] = origins.get(key, ()) + tuple(o for o in more if o not in origins.get(key, ()))
    update["origins"] = origins
    return a.model_copy(update=update)
