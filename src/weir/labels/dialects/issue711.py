"""Issue 711 / SEP-1913 data annotations: `_meta.annotations` on results, requests and blocks.

privateHint → private; sensitiveHint low/medium/high → level 1/2/3; openWorldHint (on data) →
untrusted; maliciousActivityHint → malicious; attribution → attribution. A response may also
carry SEP-1913's resolved ``returnMetadata`` (source ``untrustedPublic`` → untrusted, sensitivity
→ classes and scopes). Only ``true`` hints raise a label: labels are monotonic, so ``false``
says nothing a missing key does not. A hint that is not a boolean raises the label too: an
unreadable label must not read as "nothing to worry about".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels.datalabel import DataLabel
from weir.labels.dialects._collect import Collector, cached_path, kind_of
from weir.labels.dialects._metadata import read_container
from weir.labels.dialects._values import LEVEL_WORDS, Part, hint, read_strings
from weir.labels.provenance import Severity
from weir.labels.vocab import DataClass, Dialect, Level

__all__ = ["CONTENT_KEYS", "KEYS", "read", "write_711", "write_1913"]

KEYS = frozenset({"privateHint", "sensitiveHint", "openWorldHint", "maliciousActivityHint", "attribution"})
"""Issue 711's keys."""
CONTENT_KEYS = frozenset({"audience", "priority", "lastModified"})
"""Core MCP content-block annotations: not labels, silently skipped."""
_LEVEL_NAME = {level: word for word, level in LEVEL_WORDS.items()}


def _sensitive_hint(c: Collector, dialect: Dialect, value: Any, parts: tuple[Part, ...]) -> None:
    path = cached_path(*parts)
    if isinstance(value, str) and value.lower() in LEVEL_WORDS:
        c.claim(dialect, "level", LEVEL_WORDS[value.lower()], path)
    elif value is True:
        c.report(path, "a boolean sensitiveHint: read as medium (the scale's `sensitive`)", dialect, Severity.WARNING)
        c.claim(dialect, "level", Level.MEDIUM, path)
    elif value is False or value is None:
        return
    else:
        what = f"unknown value {value[:80]!r}" if isinstance(value, str) else kind_of(value)
        c.report(path, f"{what}: expected low, medium or high; read as high", dialect)
        c.claim(dialect, "level", Level.HIGH, path)


def read(
    c: Collector,
    slot: Any,
    parts: tuple[Part, ...],
    *,
    dialect: Dialect = Dialect.ISSUE711,
    sep1913: Dialect = Dialect.SEP1913,
    extra: frozenset[str] = frozenset(),
) -> None:
    """Read one data-annotations object into the data fields of ``c``.

    ``extra`` names keys the caller reads itself (not reported as unknown).
    """
    if not isinstance(slot, Mapping):
        c.report(cached_path(*parts), f"annotations must be an object, not {kind_of(slot)}: ignored", dialect)
        return
    hint(c, dialect, "private", slot, "privateHint", at=parts, risky=True)
    hint(c, dialect, "untrusted", slot, "openWorldHint", at=parts, risky=True)
    hint(c, dialect, "malicious", slot, "maliciousActivityHint", at=parts, risky=True)
    if "sensitiveHint" in slot:
        _sensitive_hint(c, dialect, slot["sensitiveHint"], (*parts, "sensitiveHint"))
    if "attribution" in slot:
        read_strings(c, dialect, "attribution", slot["attribution"], (*parts, "attribution"))
    for key, value in slot.items():
        if isinstance(key, str) and key.lower() == "returnmetadata":
            read_container(c, key, value, (*parts, key), lower=sep1913, capital=sep1913)
        elif key not in KEYS and key not in CONTENT_KEYS and key not in extra:
            c.report(
                cached_path(*parts, str(key)), f"unknown data annotation {str(key)!r}: ignored", dialect, Severity.INFO
            )


def write_711(label: DataLabel) -> dict[str, Any]:
    """Issue 711's form of ``label`` (what it cannot say: classes, scopes, evidence)."""
    out: dict[str, Any] = {}
    if label.private:
        out["privateHint"] = True
    if label.level > Level.NONE:
        out["sensitiveHint"] = _LEVEL_NAME[label.level]
    if label.untrusted:
        out["openWorldHint"] = True
    if label.malicious:
        out["maliciousActivityHint"] = True
    if label.attribution:
        out["attribution"] = sorted(label.attribution)
    return out


def classes_wire(label: DataLabel) -> Any:
    """``label``'s classes as a SEP-1913 DataClass array (regulated with its scopes)."""
    classes = set(label.classes - {DataClass.NONE})
    if label.scopes:
        classes.add(DataClass.REGULATED)
    out: list[Any] = []
    for cls in sorted(classes, key=lambda m: m.value):
        out.append({"regulated": {"scopes": sorted(label.scopes)}} if cls is DataClass.REGULATED else cls.value)
    return out


def write_1913(label: DataLabel) -> dict[str, Any]:
    """SEP-1913's response form of ``label``: open-world, malicious, attribution, resolved returnMetadata."""
    out: dict[str, Any] = {}
    if label.untrusted:
        out["openWorldHint"] = True
    if label.malicious:
        out["maliciousActivityHint"] = True
    if label.attribution:
        out["attribution"] = sorted(label.attribution)
    ret: dict[str, Any] = {}
    if label.untrusted:
        ret["source"] = "untrustedPublic"
    classes = classes_wire(label)
    if classes:
        ret["sensitivity"] = classes[0] if len(classes) == 1 else classes
    if ret:
        out["returnMetadata"] = ret
    return out
