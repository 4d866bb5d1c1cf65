"""One reader (and writer) module per wire vocabulary; this package dispatches a document's slots.

- :mod:`.core` — MCP core `ToolAnnotations`
- :mod:`.sep1984` — SEP-1984's six tri-state hints
- :mod:`.mcpdev` — seed 000's `mcp.dev/*` `_meta` hints
- :mod:`.sep2061` / :mod:`.sep1913` — action metadata (capitalised / lower-case) and trust hints
- :mod:`.issue711` — data annotations on results, requests and content blocks
- :mod:`.extensions` — trust-annotations, action-metadata, tool-resolution
- :mod:`.weir` — Weir's own `dev.weir/annotations` mirror
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels import keys
from weir.labels.dialects import core, extensions, issue711, mcpdev, sep1913, sep1984, weir
from weir.labels.dialects._collect import Collector, cached_path, kind_of
from weir.labels.dialects._metadata import CONTAINERS
from weir.labels.dialects._values import Part
from weir.labels.provenance import Severity

__all__ = ["Collector", "read_data_slots", "read_tool_annotations", "read_tool_meta"]

_ANNOTATION_KEYS = core.KEYS | sep1984.KEYS | sep1913.KEYS


def read_tool_annotations(c: Collector, slot: Any, parts: tuple[Part, ...]) -> None:
    """Every dialect that lives in `Tool.annotations`."""
    if not isinstance(slot, Mapping):
        if slot is not None:
            c.report(cached_path(*parts), f"annotations must be an object, not {kind_of(slot)}: ignored", None)
        return
    core.read(c, slot, parts)
    sep1984.read(c, slot, parts)
    sep1913.read(c, slot, parts)
    if keys.ACTION_METADATA in slot:
        # The action-metadata draft nests its object in ToolAnnotations; Weir also reads it in `_meta`.
        extensions.read_action(c, slot[keys.ACTION_METADATA], (*parts, keys.ACTION_METADATA))
    for key in slot:
        if (
            key not in _ANNOTATION_KEYS
            and key != keys.ACTION_METADATA
            and not (isinstance(key, str) and key.lower() in CONTAINERS)
        ):
            c.report(
                cached_path(*parts, str(key)),
                f"annotation key {str(key)!r} is in no known vocabulary: ignored",
                None,
                Severity.INFO,
            )


def read_tool_meta(c: Collector, meta: Any, parts: tuple[Part, ...]) -> None:
    """Every dialect that lives in `Tool._meta` (other vendors' keys are left alone)."""
    if not isinstance(meta, Mapping):
        if meta is not None:
            c.report(cached_path(*parts), f"_meta must be an object, not {kind_of(meta)}: ignored", None)
        return
    mcpdev.read(c, meta, parts)
    if keys.ACTION_METADATA in meta:
        extensions.read_action(c, meta[keys.ACTION_METADATA], (*parts, keys.ACTION_METADATA))
    if keys.TOOL_RESOLUTION in meta:
        extensions.read_resolution(c, meta[keys.TOOL_RESOLUTION], (*parts, keys.TOOL_RESOLUTION))
    if keys.WEIR_ANNOTATIONS in meta:
        weir.read_tool(c, meta[keys.WEIR_ANNOTATIONS], (*parts, keys.WEIR_ANNOTATIONS))


def read_data_slots(c: Collector, meta: Any, parts: tuple[Part, ...]) -> None:
    """Every dialect that labels data inside one `_meta` object (result, request or content block)."""
    if not isinstance(meta, Mapping):
        if meta is not None:
            c.report(cached_path(*parts), f"_meta must be an object, not {kind_of(meta)}: ignored", None)
        return
    if keys.ANNOTATIONS in meta:
        issue711.read(c, meta[keys.ANNOTATIONS], (*parts, keys.ANNOTATIONS))
    if keys.TRUST_ANNOTATIONS in meta:
        extensions.read_trust(c, meta[keys.TRUST_ANNOTATIONS], (*parts, keys.TRUST_ANNOTATIONS))
    if keys.WEIR_ANNOTATIONS in meta:
        weir.read_data(c, meta[keys.WEIR_ANNOTATIONS], (*parts, keys.WEIR_ANNOTATIONS))
