"""`tools/resolve`: narrowing a tool's possible sets to what one call will do.

In `tools/list` an array is a possible set and a ``true`` hint means "may"; `tools/resolve` names
what applies to one call's arguments. :func:`narrow` takes the resolved claims where they narrow
the listing. A resolved answer that is *less safe* than the listing (a value outside a declared
possible set, a riskier hint) breaks the extension's rule; it is still taken at its riskier
reading — the union with the listing for sets, the resolved value for hints — and reported.

Trust and overrides apply after narrowing (:func:`resolve_call`): an untrusted server's narrowing
is a loosening claim like any other, so it is dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from weir.labels.config import Override, ServerConfig
from weir.labels.overrides import believed, trust_of
from weir.labels.profile import POSSIBLE_SETS, RISKY_WHEN, ToolProfile
from weir.labels.provenance import Diagnostic, Origin, Severity
from weir.labels.read import ToolReading, read_resolution

__all__ = ["narrow", "resolve_call"]

_SETS = POSSIBLE_SETS


def _warn(field: str, origins: tuple[Origin, ...], what: str) -> Diagnostic:
    path = ", ".join(o.path for o in origins) or field
    return Diagnostic(
        path=path, message=f"{field}: tools/resolve {what}; the riskier reading is kept", severity=Severity.WARNING
    )


def _narrow_field(field: str, static: ToolProfile, resolved: ToolProfile) -> tuple[Any, str | None]:
    """The narrowed value of one claimed field, and a complaint when the answer was less safe."""
    old, new = getattr(static, field), getattr(resolved, field)
    if field in _SETS:
        if old and not new <= old:
            return old | new, "named a value outside the listed possible set"
        return new, None
    if field in RISKY_WHEN and old is not None and new != old and new == RISKY_WHEN[field]:
        return new, "is less safe than the listing"
    if field == "result_level" and old is not None and new > old:
        return new, "is more sensitive than the listing"
    return new, None


def narrow(static: ToolProfile, resolved: ToolProfile) -> tuple[ToolProfile, tuple[Diagnostic, ...]]:
    """``static`` narrowed by the fields ``resolved`` claims; marked resolved."""
    update: dict[str, Any] = {"resolved": True}
    origins = dict(static.origins)
    notes: list[Diagnostic] = []
    for field, found in resolved.origins.items():
        if field in ("name", "server", "title", "resolvable"):
            continue
        value, complaint = _narrow_field(field, static, resolved)
        update[field] = value
        origins[field] = tuple(found) if complaint is None else static.origin_of(field) + tuple(found)
        if complaint is not None:
            notes.append(_warn(field, tuple(found), complaint))
    update["origins"] = origins
    return static.model_copy(update=update), tuple(notes)


def resolve_call(
    static: ToolProfile,
    resolved_raw: Mapping[str, Any],
    *,
    server: str | None,
    servers: Mapping[str, ServerConfig],
    overrides: Sequence[Override],
) -> ToolReading:
    """The profile for one call: listing claims (as read, before trust) narrowed by a `tools/resolve`
    answer, then believed as far as the server is trusted, then overridden by the deployer.
    """
    reading = read_resolution(resolved_raw, server=server)
    narrowed, notes = narrow(static, reading.profile)
    profile = believed(narrowed, trust=trust_of(server, servers), server=server, overrides=overrides)
    return reading.model_copy(update={"profile": profile, "diagnostics": reading.diagnostics + notes})
