"""Writing the wire: a tool profile's annotations and `_meta`, a data label's `_meta` fragment.

The default is the *current* form, which every reader of today and tomorrow understands:
core hints in `annotations`; the action-metadata and tool-resolution extensions in `_meta`; and
every non-core annotation key both in `annotations` and mirrored into
``_meta["dev.weir/annotations"]`` (the Python SDK drops unknown `annotations` keys), together with
seed 000's hints (Weir does not write the reserved ``mcp.dev/`` prefix unless asked to). Any
single dialect can be asked for instead. For every dialect ``d``,
``read(write(x, dialect=d))`` recovers every fact ``d`` can express (:data:`TOOL_FIELDS`,
:data:`DATA_FIELDS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from weir.errors import WeirError
from weir.labels import keys
from weir.labels.datalabel import DataLabel
from weir.labels.dialects import core, extensions, issue711, mcpdev, sep1913, sep1984, sep2061, weir
from weir.labels.profile import ToolProfile
from weir.labels.vocab import DataClass, Dialect, class_level

__all__ = ["DATA_DIALECTS", "DATA_FIELDS", "TOOL_DIALECTS", "TOOL_FIELDS", "write_data_meta", "write_tool"]

_ALL_TOOL_FIELDS = frozenset(
    set(ToolProfile.model_fields) - {"name", "server", "origins", "resolved"},
)

TOOL_FIELDS: Mapping[Dialect | None, frozenset[str]] = {
    None: _ALL_TOOL_FIELDS,
    Dialect.MCP_CORE: frozenset({"title", *core.HINTS.values()}),
    Dialect.SEP1984: frozenset(sep1984.HINTS.values()),
    Dialect.MCP_DEV: mcpdev.FIELDS,
    Dialect.SEP2061: sep2061.FIELDS,
    Dialect.SEP1913: sep1913.FIELDS,
    Dialect.ACTION_EXT: extensions.ACTION_FIELDS,
    Dialect.RESOLUTION_EXT: frozenset({"resolvable"}),
    Dialect.WEIR: frozenset(sep1984.HINTS.values()) | sep1913.FIELDS | (mcpdev.FIELDS - {"idempotent"}),
}
"""For each tool dialect (None = the default form), the canonical fields it can express."""
TOOL_DIALECTS = tuple(d for d in TOOL_FIELDS if d is not None)
"""The dialects :func:`write_tool` can write."""

DATA_FIELDS: Mapping[Dialect | None, frozenset[str]] = {
    None: frozenset({"untrusted", "private", "level", "classes", "scopes", "malicious", "attribution", "evidence"}),
    Dialect.ISSUE711: frozenset({"untrusted", "private", "level", "malicious", "attribution"}),
    Dialect.SEP1913: frozenset({"untrusted", "classes", "scopes", "malicious", "attribution"}),
    Dialect.TRUST_EXT: frozenset({"untrusted", "level", "evidence"}),
    Dialect.WEIR: frozenset(
        {"untrusted", "private", "level", "classes", "scopes", "malicious", "attribution", "evidence"}
    ),
}
"""For each data dialect (None = the default form), the label fields it can express (``level``
only as "2 or above" for trust-annotations, ``evidence`` only one reference there)."""
DATA_DIALECTS = tuple(d for d in DATA_FIELDS if d is not None)
"""The dialects :func:`write_data_meta` can write."""


def _put(out: dict[str, Any], key: str, value: dict[str, Any]) -> None:
    if value:
        out[key] = value


def _default_tool(profile: ToolProfile) -> dict[str, Any]:
    annotations = {**core.write(profile), **sep1984.write(profile), **sep1913.write(profile)}
    # No `mcp.dev/` keys: the prefix is reserved. Seed 000's facts travel in Weir's mirror.
    meta: dict[str, Any] = {}
    meta.update(_action_meta(profile))
    meta.update(_resolution_meta(profile))
    meta.update(_weir_meta(profile))
    return {"annotations": annotations, "_meta": meta}


def _wrapped(key: str, value: dict[str, Any]) -> dict[str, Any]:
    return {key: value} if value else {}


def _action_meta(profile: ToolProfile) -> dict[str, Any]:
    return _wrapped(keys.ACTION_METADATA, extensions.write_action(profile))


def _resolution_meta(profile: ToolProfile) -> dict[str, Any]:
    return _wrapped(keys.TOOL_RESOLUTION, extensions.write_resolution(profile))


def _weir_meta(profile: ToolProfile) -> dict[str, Any]:
    return _wrapped(keys.WEIR_ANNOTATIONS, weir.write_tool(profile))


_Writer = Callable[[ToolProfile], dict[str, Any]]
_ANNOTATION_WRITERS: Mapping[Dialect, _Writer] = {
    Dialect.MCP_CORE: core.write,
    Dialect.SEP1984: sep1984.write,
    Dialect.SEP2061: sep2061.write,
    Dialect.SEP1913: sep1913.write,
}
_META_WRITERS: Mapping[Dialect, _Writer] = {
    Dialect.MCP_DEV: mcpdev.write,
    Dialect.ACTION_EXT: _action_meta,
    Dialect.RESOLUTION_EXT: _resolution_meta,
    Dialect.WEIR: _weir_meta,
}


def write_tool(profile: ToolProfile, *, dialect: Dialect | None = None) -> dict[str, Any]:
    """``{"annotations": {...}, "_meta": {...}}`` for ``profile`` in ``dialect`` (default: current form).

    Claims that are absent (None, empty sets) stay absent: writing never invents a claim.
    Raises :class:`WeirError` for a dialect that does not describe tools (e.g. issue 711).
    """
    if dialect is None:
        return _default_tool(profile)
    if dialect in _ANNOTATION_WRITERS:
        return {"annotations": _ANNOTATION_WRITERS[dialect](profile), "_meta": {}}
    if dialect in _META_WRITERS:
        return {"annotations": {}, "_meta": _META_WRITERS[dialect](profile)}
    raise WeirError(f"the {dialect} vocabulary does not describe tools; use one of {', '.join(TOOL_DIALECTS)}")


def _normalised(label: DataLabel) -> DataLabel:
    """Scopes imply the regulated class, and classes imply a level: write what the label means."""
    classes = label.classes | ({DataClass.REGULATED} if label.scopes else frozenset())
    level = max([label.level, *(class_level(c) for c in classes)])
    if classes == label.classes and level == label.level:
        return label
    return label.model_copy(update={"classes": classes, "level": level})


def write_data_meta(label: DataLabel, *, dialect: Dialect | None = None) -> dict[str, Any]:
    """A `_meta` fragment carrying ``label`` (merge it into a result's, request's or block's `_meta`).

    Default: issue 711 / SEP-1913 ``annotations`` plus the trust-annotations extension, and
    Weir's mirror for what neither can carry (classes, scopes, several evidence references).
    Raises :class:`WeirError` for a dialect that does not describe data.
    """
    label = _normalised(label)
    out: dict[str, Any] = {}
    if dialect is None:
        _put(out, keys.ANNOTATIONS, issue711.write_711(label))
        _put(out, keys.TRUST_ANNOTATIONS, extensions.write_trust(label))
        if label.classes - {DataClass.NONE} or label.scopes or len(label.evidence) > 1:
            _put(out, keys.WEIR_ANNOTATIONS, weir.write_data(label))
    elif dialect is Dialect.ISSUE711:
        _put(out, keys.ANNOTATIONS, issue711.write_711(label))
    elif dialect is Dialect.SEP1913:
        _put(out, keys.ANNOTATIONS, issue711.write_1913(label))
    elif dialect is Dialect.TRUST_EXT:
        _put(out, keys.TRUST_ANNOTATIONS, extensions.write_trust(label))
    elif dialect is Dialect.WEIR:
        _put(out, keys.WEIR_ANNOTATIONS, weir.write_data(label))
    else:
        raise WeirError(f"the {dialect} vocabulary does not describe data; use one of {', '.join(DATA_DIALECTS)}")
    return out
