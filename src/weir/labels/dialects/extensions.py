"""The extensions in incubation: trust-annotations, action-metadata and tool-resolution.

- ``io.modelcontextprotocol/trust-annotations`` (result / request / block `_meta`):
  ``{"sensitive": bool, "untrusted": bool, "evidenceRef": {type, digest, canonicalization, schema?, ref?}}``
  (the older string ``evidenceRef`` is read as its ``ref``); ``sensitive`` is level 2.
- ``io.modelcontextprotocol/action-metadata`` (`Tool._meta`, and in `Tool.annotations` under the same
  key, where the draft puts it): ``{"inputMetadata": {destination, sensitivity},
  "returnMetadata": {source, sensitivity}, "outcome", "requiresReview"}`` in lower case (SEP-1913's
  ``inputMetadata.outcomes`` is read too; the writer uses the top-level ``outcome``).
- ``io.modelcontextprotocol/tool-resolution`` (`Tool._meta`): ``{"resolvable": true}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels.datalabel import DataLabel
from weir.labels.dialects._collect import Collector, cached_path, kind_of
from weir.labels.dialects._evidence import read_evidence_ref
from weir.labels.dialects._metadata import CONTAINERS, read_container, write_metadata
from weir.labels.dialects._values import Part, hint, read_enum_set
from weir.labels.evidenceref import EvidenceRef
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Severity
from weir.labels.vocab import Dialect, Level, Outcome

__all__ = [
    "ACTION_FIELDS",
    "read_action",
    "read_resolution",
    "read_trust",
    "write_action",
    "write_resolution",
    "write_trust",
]

ACTION_FIELDS = frozenset(
    {
        "destinations",
        "input_classes",
        "input_scopes",
        "outcomes",
        "return_sources",
        "return_classes",
        "return_scopes",
        "requires_review",
    }
)
"""The canonical fields the action-metadata extension can express."""
_TRUST_KEYS = frozenset({"sensitive", "untrusted", "evidenceRef"})


def _object(c: Collector, value: Any, parts: tuple[Part, ...], dialect: Dialect) -> Mapping[str, Any] | None:
    if isinstance(value, Mapping):
        return value
    c.report(cached_path(*parts), f"the extension's value must be an object, not {kind_of(value)}: ignored", dialect)
    return None


def read_trust(c: Collector, value: Any, parts: tuple[Part, ...]) -> None:
    """Read a trust-annotations object (data labels)."""
    d = Dialect.TRUST_EXT
    obj = _object(c, value, parts, d)
    if obj is None:
        return
    hint(c, d, "untrusted", obj, "untrusted", at=parts, risky=True)
    sensitive = obj.get("sensitive")
    if sensitive is True:
        c.claim(d, "level", Level.MEDIUM, cached_path(*parts, "sensitive"))
    elif sensitive is None and "sensitive" in obj:
        c.report(cached_path(*parts, "sensitive"), "sensitive is null: read as no claim", d, Severity.WARNING)
    elif sensitive is not None and not isinstance(sensitive, bool):
        # A label that cannot be read is not a label that says "not sensitive".
        path = cached_path(*parts, "sensitive")
        c.report(path, f"sensitive must be a boolean, not {kind_of(sensitive)}: read as true", d)
        c.claim(d, "level", Level.MEDIUM, path)
    if "evidenceRef" in obj:
        read_evidence_ref(c, d, obj["evidenceRef"], (*parts, "evidenceRef"))
    for key in obj:
        if key not in _TRUST_KEYS:
            c.report(
                cached_path(*parts, str(key)),
                f"unknown key {str(key)!r}: ignored",
                d,
                Severity.WARNING,
            )


def write_trust(label: DataLabel) -> dict[str, Any]:
    """The trust-annotations form of ``label`` (sensitive means level 2 or above).

    The extension carries one ``evidenceRef``, written in its object form: the first of the
    label's references (Weir's mirror keeps them all).
    """
    out: dict[str, Any] = {}
    if label.level >= Level.MEDIUM:
        out["sensitive"] = True
    if label.untrusted:
        out["untrusted"] = True
    if label.evidence:
        out["evidenceRef"] = min(label.evidence, key=EvidenceRef.sort_key).wire()
    return out


def read_action(c: Collector, value: Any, parts: tuple[Part, ...]) -> None:
    """Read an action-metadata object from `Tool._meta`."""
    d = Dialect.ACTION_EXT
    obj = _object(c, value, parts, d)
    if obj is None:
        return
    for key, inner in obj.items():
        if isinstance(key, str) and key.lower() in CONTAINERS:
            read_container(c, key, inner, (*parts, key), lower=d, capital=d)
        elif key == "requiresReview":
            hint(c, d, "requires_review", obj, "requiresReview", at=parts, risky=True)
        elif key == "outcome":
            read_enum_set(c, d, "outcomes", Outcome, inner, at=(*parts, key), capital=False)
        else:
            c.report(
                cached_path(*parts, str(key)), f"unknown action-metadata key {str(key)!r}: ignored", d, Severity.WARNING
            )


def write_action(profile: ToolProfile) -> dict[str, Any]:
    """The action-metadata object for ``profile`` (empty when it declares no action metadata).

    In the draft's current form: the outcome is the object's own ``outcome`` (an array when it is
    a possible set), not SEP-1913's ``inputMetadata.outcomes``; both are read.
    """
    out = write_metadata(profile, capital=False)
    inp = out.get("inputMetadata")
    if isinstance(inp, dict) and "outcomes" in inp:
        out["outcome"] = inp.pop("outcomes")
        if not inp:
            del out["inputMetadata"]
    if profile.requires_review is not None:
        out["requiresReview"] = profile.requires_review
    return out


def read_resolution(c: Collector, value: Any, parts: tuple[Part, ...]) -> None:
    """Read a tool-resolution object from `Tool._meta`."""
    d = Dialect.RESOLUTION_EXT
    obj = _object(c, value, parts, d)
    if obj is not None:
        hint(c, d, "resolvable", obj, "resolvable", at=parts)


def write_resolution(profile: ToolProfile) -> dict[str, Any]:
    """``{"resolvable": true}`` when the tool opted into `tools/resolve`."""
    return {"resolvable": True} if profile.resolvable else {}
