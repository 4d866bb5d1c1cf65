"""Deployer overrides: `weir.yaml` ``overrides:`` win over whatever servers claim.

Each override names tools with a ``server/tool`` glob (a bare glob matches tool names on any
server) and carries `annotations` and `_meta` in ANY wire dialect. It is read with the same
dialect readers as a server's tool, and every field it sets REPLACES the server's claim, in
either direction (a deployer may loosen as well as tighten). Later overrides win over earlier
ones. Each replaced field's origin becomes ``Dialect.OVERRIDE`` with a path naming the match.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Mapping, Sequence
from typing import Any

from weir.labels.config import Override, ServerConfig, Trust
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Diagnostic, Origin, Severity
from weir.labels.read import ToolReading, read_tool
from weir.labels.trust import apply_trust, dropped_by_trust
from weir.labels.vocab import Dialect

__all__ = ["apply_overrides", "believed", "check_overrides", "matches", "read_override", "resolve_profile", "trust_of"]

_UNSET = {"name", "server", "origins", "resolved", "title"}


def matches(override: Override, tool: str, server: str | None) -> bool:
    """Whether ``override.match`` names ``tool`` on ``server``."""
    pattern = override.match
    if "/" not in pattern:
        return fnmatch.fnmatchcase(tool, pattern)
    server_glob, _, tool_glob = pattern.partition("/")
    return fnmatch.fnmatchcase(server or "", server_glob) and fnmatch.fnmatchcase(tool, tool_glob)


def read_override(override: Override, tool: str = "*") -> ToolReading:
    """Read an override's `annotations` and `_meta` with the ordinary dialect readers."""
    return read_tool({"name": tool, "annotations": override.annotations, "_meta": override.meta})


def check_overrides(overrides: Sequence[Override]) -> tuple[Diagnostic, ...]:
    """Every problem in ``overrides`` (paths prefixed ``overrides[i]``), for `weir policy check` and lint."""
    found: list[Diagnostic] = []
    for i, override in enumerate(overrides):
        reading = read_override(override)
        found.extend(d.model_copy(update={"path": f"overrides[{i}].{d.path}"}) for d in reading.diagnostics)
        if not any(field not in _UNSET for field in reading.profile.origins):
            found.append(
                Diagnostic(path=f"overrides[{i}]", message="this override sets no label", severity=Severity.WARNING)
            )
    return tuple(found)


def _replace(profile: ToolProfile, claims: ToolProfile, match: str) -> ToolProfile:
    update: dict[str, Any] = {}
    origins = dict(profile.origins)
    for field, found in claims.origins.items():
        if field in _UNSET - {"title"}:
            continue
        update[field] = getattr(claims, field)
        origins[field] = tuple(
            Origin(dialect=Dialect.OVERRIDE, path=f"overrides[{json.dumps(match)}].{o.path}") for o in found
        )
    if not update:
        return profile
    update["origins"] = origins
    return profile.model_copy(update=update)


def apply_overrides(profile: ToolProfile, overrides: Sequence[Override], *, server: str | None) -> ToolProfile:
    """``profile`` with every matching override's fields replacing the server's claims, in order."""
    for override in overrides:
        if matches(override, profile.name, server):
            profile = _replace(profile, read_override(override, profile.name).profile, override.match)
    return profile


def resolve_profile(
    raw: Mapping[str, Any],
    *,
    server: str | None,
    servers: Mapping[str, ServerConfig],
    overrides: Sequence[Override],
) -> ToolReading:
    """Read a wire tool, then believe it as far as its server is trusted, then apply overrides.

    A server missing from ``servers`` is untrusted. The reading's diagnostics gain an info note
    per claim dropped for trust.
    """
    reading = read_tool(raw, server=server)
    trust = trust_of(server, servers)
    notes = tuple(
        Diagnostic(
            path=", ".join(str(o.path) for o in reading.profile.origin_of(field)) or field,
            message=f"{field}: a loosening claim by an untrusted server was dropped",
            severity=Severity.INFO,
        )
        for field in dropped_by_trust(reading.profile, trust)
    )
    profile = believed(reading.profile, trust=trust, server=server, overrides=overrides)
    return reading.model_copy(update={"profile": profile, "diagnostics": reading.diagnostics + notes})


def trust_of(server: str | None, servers: Mapping[str, ServerConfig]) -> Trust:
    """How far ``server``'s claims are believed (a server missing from ``servers`` is untrusted)."""
    config = servers.get(server) if server is not None else None
    return config.trust if config is not None else Trust.UNTRUSTED


def believed(profile: ToolProfile, *, trust: Trust, server: str | None, overrides: Sequence[Override]) -> ToolProfile:
    """``profile`` as far as ``trust`` allows, then the deployer's overrides (which win)."""
    return apply_overrides(apply_trust(profile, trust), overrides, server=server)
