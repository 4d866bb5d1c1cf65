"""MCP core `ToolAnnotations`: readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title.

Only what is on the wire is stored (None when absent). The spec's defaults (destructive and
open-world true, read-only and idempotent false) are applied by :func:`weir.labels.policy_view.effective`,
never here, so "the server said so" and "the spec assumes so" stay distinguishable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels.dialects._collect import Collector, cached_path, kind_of
from weir.labels.dialects._values import Part, hint
from weir.labels.profile import ToolProfile
from weir.labels.vocab import Dialect

__all__ = ["HINTS", "KEYS", "read", "write"]

HINTS: Mapping[str, str] = {
    "readOnlyHint": "read_only",
    "destructiveHint": "destructive",
    "idempotentHint": "idempotent",
    "openWorldHint": "open_world",
}
"""Wire key → canonical field."""
KEYS = frozenset({*HINTS, "title"})
"""Every `annotations` key this dialect defines."""


def read(c: Collector, slot: Mapping[str, Any], parts: tuple[Part, ...], dialect: Dialect = Dialect.MCP_CORE) -> None:
    """Read the core hints and title from one annotations object."""
    for key, field in HINTS.items():
        hint(c, dialect, field, slot, key, at=parts)
    if "title" in slot:
        title = slot["title"]
        if isinstance(title, str):
            c.claim(dialect, "title", title, cached_path(*parts, "title"))
        else:
            c.report(cached_path(*parts, "title"), f"title must be a string, not {kind_of(title)}: ignored", dialect)


def write(profile: ToolProfile) -> dict[str, Any]:
    """The core keys of ``profile`` as an annotations object (absent claims stay absent)."""
    out: dict[str, Any] = {}
    if profile.title is not None:
        out["title"] = profile.title
    for key, field in HINTS.items():
        value = getattr(profile, field)
        if value is not None:
            out[key] = value
    return out
