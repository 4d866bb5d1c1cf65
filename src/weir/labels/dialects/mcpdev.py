"""Seed 000: advisory `mcp.dev/*` hints in `Tool._meta`.

``mcp.dev/effect`` is read as a set (the seed asks whether a tool may both read and write; an
array is accepted as a possible set). ``mcp.dev/resultSensitivity`` maps onto the one ordinal
scale: public 0, internal 1, confidential 2, restricted 3.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels import keys
from weir.labels.dialects._collect import Collector, cached_path, kind_of
from weir.labels.dialects._values import Part, hint, read_enum_set
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Severity
from weir.labels.vocab import Dialect, Level, SideEffect

__all__ = ["FIELDS", "KEYS", "RESULT_SENSITIVITY", "read", "write"]

RESULT_SENSITIVITY: Mapping[str, Level] = {
    "public": Level.NONE,
    "internal": Level.LOW,
    "confidential": Level.MEDIUM,
    "restricted": Level.HIGH,
}
"""mcp.dev/resultSensitivity value → level."""
_LEVEL_WORD = {level: word for word, level in RESULT_SENSITIVITY.items()}

KEYS = frozenset(
    {keys.MCP_DEV_EFFECT, keys.MCP_DEV_IDEMPOTENT, keys.MCP_DEV_REQUIRES_CONFIRMATION, keys.MCP_DEV_RESULT_SENSITIVITY}
)
FIELDS = frozenset({"effects", "idempotent", "requires_confirmation", "result_level"})
"""The canonical fields seed 000 can express."""

_D = Dialect.MCP_DEV


def _result_level(c: Collector, dialect: Dialect, value: Any, parts: tuple[Part, ...]) -> None:
    path = cached_path(*parts)
    if isinstance(value, str) and value.lower() in RESULT_SENSITIVITY:
        c.claim(dialect, "result_level", RESULT_SENSITIVITY[value.lower()], path)
        return
    what = f"unknown value {value[:80]!r}" if isinstance(value, str) else kind_of(value)
    c.report(path, f"{what}: expected public, internal, confidential or restricted; read as restricted", dialect)
    c.claim(dialect, "result_level", Level.HIGH, path)


def read(
    c: Collector, meta: Mapping[str, Any], parts: tuple[Part, ...], *, dialect: Dialect = _D, prefix: str = "mcp.dev/"
) -> None:
    """Read seed 000's hints from one object: `Tool._meta` (``mcp.dev/`` keys) or, with ``prefix=""``
    and ``dialect=Dialect.WEIR``, Weir's mirror (which must not write the reserved ``mcp.dev/`` prefix).
    """
    effect, confirm, level = f"{prefix}effect", f"{prefix}requiresConfirmation", f"{prefix}resultSensitivity"
    if effect in meta:
        read_enum_set(c, dialect, "effects", SideEffect, meta[effect], at=(*parts, effect), capital=False)
    hint(c, dialect, "idempotent", meta, f"{prefix}idempotent", at=parts)
    hint(c, dialect, "requires_confirmation", meta, confirm, at=parts)
    if level in meta:
        _result_level(c, dialect, meta[level], (*parts, level))
    if not prefix:
        return
    for key in meta:
        if isinstance(key, str) and key.startswith(prefix) and key not in KEYS:
            c.report(cached_path(*parts, key), f"unknown seed-000 key {key!r}: ignored", dialect, Severity.WARNING)


def write(profile: ToolProfile, *, prefix: str = "mcp.dev/", idempotent: bool = True) -> dict[str, Any]:
    """Seed 000's keys of ``profile`` (for `Tool._meta`, or Weir's mirror with ``prefix=""``)."""
    out: dict[str, Any] = {}
    if profile.effects:
        names = sorted(e.value for e in profile.effects)
        out[f"{prefix}effect"] = names[0] if len(names) == 1 else names
    if idempotent and profile.idempotent is not None:
        out[f"{prefix}idempotent"] = profile.idempotent
    if profile.requires_confirmation is not None:
        out[f"{prefix}requiresConfirmation"] = profile.requires_confirmation
    if profile.result_level is not None:
        out[f"{prefix}resultSensitivity"] = _LEVEL_WORD[profile.result_level]
    return out
