"""Weir's own mirror, ``_meta["dev.weir/annotations"]``.

On a tool it holds the non-core annotation keys (SEP-1984 hints, SEP-1913 trust hints and
action metadata): the Python SDK drops `annotations` keys it does not know, on both ends, while
`_meta` survives everywhere. It also carries seed 000's hints without their prefix (``effect``,
``requiresConfirmation``, ``resultSensitivity``): ``mcp.dev/`` is a reserved `_meta` prefix, so
Weir reads those keys but never writes them unless asked for that dialect. Readers treat the
mirror exactly like `annotations`, attributing its facts to :attr:`Dialect.WEIR` (so lint can
tell a mirror that disagrees with its annotations).

On data it holds issue 711's keys plus what no other vocabulary carries on data: SEP-1913
``sensitivity`` classes (with regulatory scopes) and every ``evidenceRef`` (objects, or one).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels.datalabel import DataLabel
from weir.labels.dialects import core, issue711, mcpdev, sep1913, sep1984
from weir.labels.dialects._collect import Collector, cached_path, kind_of
from weir.labels.dialects._evidence import read_evidence_refs
from weir.labels.dialects._values import Part, read_classes
from weir.labels.evidenceref import EvidenceRef
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Severity
from weir.labels.vocab import Dialect

__all__ = ["TOOL_KEYS", "read_data", "read_tool", "write_data", "write_tool"]

_D = Dialect.WEIR
SEED_000_KEYS = frozenset({"effect", "idempotent", "requiresConfirmation", "resultSensitivity"})
TOOL_KEYS = core.KEYS | sep1984.KEYS | sep1913.KEYS | SEED_000_KEYS
"""Every key the tool mirror may hold."""


def _object(c: Collector, value: Any, parts: tuple[Part, ...]) -> Mapping[str, Any] | None:
    if isinstance(value, Mapping):
        return value
    c.report(cached_path(*parts), f"Weir's mirror must be an object, not {kind_of(value)}: ignored", _D)
    return None


def read_tool(c: Collector, value: Any, parts: tuple[Part, ...]) -> None:
    """Read a tool's mirror like an annotations object."""
    obj = _object(c, value, parts)
    if obj is None:
        return
    core.read(c, obj, parts, _D)
    sep1984.read(c, obj, parts, _D)
    sep1913.read(c, obj, parts, _D, _D)
    mcpdev.read(c, obj, parts, dialect=_D, prefix="")
    for key in obj:
        if key not in TOOL_KEYS and not (isinstance(key, str) and key.lower() in ("inputmetadata", "returnmetadata")):
            c.report(
                cached_path(*parts, str(key)),
                f"unknown mirror key {str(key)!r}: ignored",
                _D,
                Severity.WARNING,
            )


def write_tool(profile: ToolProfile) -> dict[str, Any]:
    """The mirror object for ``profile``: its non-core annotation keys and seed 000's hints."""
    return {**sep1984.write(profile), **sep1913.write(profile), **mcpdev.write(profile, prefix="", idempotent=False)}


def read_data(c: Collector, value: Any, parts: tuple[Part, ...]) -> None:
    """Read a data mirror: issue 711's keys, ``sensitivity`` classes and ``evidenceRef``."""
    obj = _object(c, value, parts)
    if obj is None:
        return
    issue711.read(c, obj, parts, dialect=_D, sep1913=_D, extra=frozenset({"sensitivity", "evidenceRef"}))
    if "sensitivity" in obj:
        read_classes(c, _D, ("classes", "scopes"), obj["sensitivity"], (*parts, "sensitivity"), possible=False)
    if "evidenceRef" in obj:
        read_evidence_refs(c, _D, obj["evidenceRef"], (*parts, "evidenceRef"))


def write_data(label: DataLabel) -> dict[str, Any]:
    """The data mirror for ``label``: everything, without loss."""
    out = issue711.write_711(label)
    classes = issue711.classes_wire(label)
    if classes:
        out["sensitivity"] = classes
    if label.evidence:
        refs = [r.wire() for r in sorted(label.evidence, key=EvidenceRef.sort_key)]
        out["evidenceRef"] = refs[0] if len(refs) == 1 else refs
    return out
