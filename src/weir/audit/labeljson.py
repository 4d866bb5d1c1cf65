"""A data label as the audit trail stores it: deterministic JSON, bottom values left out, sets sorted.

Every tool result's audit record carries its label, so this runs once per call. The reference is
pydantic's dump (``model_dump(mode="json", by_alias=True, exclude_defaults=True)``) with every set
sorted by its members' JSON text (:func:`reference_label_json`). :func:`label_json` builds the same
dict from the label's attributes directly, several times faster: the label is frozen and fully
typed, so there is nothing to infer. A label it does not fully know — a subclass, or a model that
gained a field this module does not name — takes the reference path, so the stored JSON (and
therefore the chain hash) is the same either way; ``tests/audit/test_labeljson.py`` compares the
two over generated labels.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any

from pydantic import BaseModel

from weir.audit.chain import one_shot
from weir.labels.datalabel import DataLabel
from weir.labels.evidenceref import EvidenceRef
from weir.labels.finding import Finding
from weir.labels.provenance import Origin
from weir.labels.vocab import Level

__all__ = ["label_json", "reference_label_json"]


_sort_key = one_shot(json.JSONEncoder(sort_keys=True))
"""``json.dumps(v, sort_keys=True)``, the text a label's sets are sorted by, with its encoder built once."""
_string_text: Callable[[str], str] = json.encoder.encode_basestring_ascii

# The fields this module writes by hand; a model with any other field set takes the reference path.
_KNOWN: dict[type[BaseModel], tuple[str, ...]] = {
    DataLabel: (
        "untrusted",
        "private",
        "level",
        "classes",
        "scopes",
        "malicious",
        "findings",
        "attribution",
        "evidence",
        "origins",
    ),
    Finding: ("detector", "kind", "cls", "start", "end", "confidence", "path", "message"),
    Origin: ("dialect", "path"),
    EvidenceRef: ("type", "digest", "canonicalization", "schema_uri", "ref"),
}
_FAST = all(tuple(model.model_fields) == names for model, names in _KNOWN.items())


def label_json(label: DataLabel) -> dict[str, Any]:
    """A data label as deterministic JSON: fields at their bottom value left out, sets sorted."""
    if not _FAST or type(label) is not DataLabel:
        return reference_label_json(label)
    out: dict[str, Any] = {}
    for name in ("untrusted", "private"):
        value = getattr(label, name)
        if value != False:  # noqa: E712 - pydantic's exclude_defaults compares with ==
            out[name] = value
    if label.level != Level.NONE:
        out["level"] = _value(label.level)
    _put_set(out, "classes", [_value(c) for c in label.classes])
    _put_set(out, "scopes", list(label.scopes))
    if label.malicious != False:  # noqa: E712 - as above
        out["malicious"] = label.malicious
    _put_set(out, "findings", [_finding(f) for f in label.findings])
    _put_set(out, "attribution", list(label.attribution))
    _put_set(out, "evidence", [_evidence(e) for e in label.evidence])
    if label.origins != {}:
        out["origins"] = {key: _sorted_origins(value) for key, value in label.origins.items()}
    return out


def reference_label_json(label: DataLabel) -> dict[str, Any]:
    """:func:`label_json` through pydantic's general serialiser (the definition the fast path follows)."""
    dumped = label.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    return {key: _sorted_sets(value) for key, value in dumped.items()}


def _put_set(out: dict[str, Any], key: str, members: list[Any]) -> None:
    if members:  # an empty set is the default, left out
        out[key] = _sorted(members)


def _sorted(members: list[Any]) -> list[Any]:
    return sorted(members, key=_member_key) if len(members) > 1 else members


def _member_key(member: Any) -> str:
    # A string's JSON text is encode_basestring_ascii's (what the encoder itself calls for it).
    return _string_text(member) if type(member) is str else _sort_key(member)


def _sorted_origins(origins: Iterable[Origin]) -> list[Any]:
    """Origins as JSON, sorted by their JSON text, which is written here without the encoder.

    ``json.dumps({"dialect": d, "path": p}, sort_keys=True)`` is exactly
    ``'{"dialect": ' + text(d) + ', "path": ' + text(p) + "}"`` for strings ``d`` and ``p``.
    """
    keyed = []
    for origin in origins:
        member = _origin(origin)
        dialect, path = member.get("dialect"), member.get("path")
        if len(member) == 2 and type(dialect) is str and type(path) is str:
            key = '{"dialect": ' + _string_text(dialect) + ', "path": ' + _string_text(path) + "}"
        else:
            key = _sort_key(member)
        keyed.append((key, member))
    if len(keyed) > 1:
        keyed.sort(key=_first)
    return [member for _, member in keyed]


def _first(pair: tuple[str, Any]) -> str:
    return pair[0]


def _value(member: Any) -> Any:
    # ``_value_`` is a plain attribute; ``.value`` goes through enum's Python-level descriptor.
    return member._value_ if isinstance(member, Enum) else member


def _finding(f: Finding) -> Any:
    if type(f) is not Finding:
        return _reference_member(f)
    out: dict[str, Any] = {"detector": f.detector, "kind": f.kind, "class": _value(f.cls)}
    if f.start != 0:
        out["start"] = f.start
    if f.end != 0:
        out["end"] = f.end
    if f.confidence != 1.0:
        out["confidence"] = f.confidence
    if f.path is not None:
        out["path"] = f.path
    if f.message is not None:
        out["message"] = f.message
    return out


def _evidence(e: EvidenceRef) -> Any:
    if type(e) is not EvidenceRef:
        return _reference_member(e)
    pairs = (("type", e.type), ("digest", e.digest), ("canonicalization", e.canonicalization))
    return {k: v for k, v in (*pairs, ("schema", e.schema_uri), ("ref", e.ref)) if v is not None}


def _origin(o: Origin) -> Any:
    if type(o) is not Origin:
        return _reference_member(o)
    return {"dialect": _value(o.dialect), "path": o.path}


def _reference_member(member: Any) -> Any:
    dump = getattr(member, "model_dump", None)
    if dump is None:
        return _sorted_sets(member)
    return _sorted_sets(dump(mode="json", by_alias=True, exclude_defaults=True))


def _sorted_sets(value: Any) -> Any:
    # Every list in a dumped DataLabel is a frozenset, so sorting loses nothing and makes the
    # stored JSON (and therefore the chain hash) independent of set iteration order.
    if isinstance(value, list):
        items = [_sorted_sets(v) for v in value]
        return sorted(items, key=_sort_key) if len(items) > 1 else items
    if isinstance(value, dict):
        return {k: _sorted_sets(v) for k, v in value.items()}
    return value
