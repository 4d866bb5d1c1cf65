"""Reading ``evidenceRef`` in either form: the extension's object, or the older string (its ``ref``).

Every field is checked on its own and a malformed one is a diagnostic naming its path; the rest of
the reference is kept (bad input loses nothing that was well formed). Evidence only describes a
label, it never weakens one, so a reference missing its required digest is kept and reported.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from weir.labels.dialects._collect import Collector, cached_path, kind_of
from weir.labels.dialects._values import Part
from weir.labels.evidenceref import DIGEST_LENGTHS, Canonicalization, EvidenceRef
from weir.labels.provenance import Severity
from weir.labels.vocab import Dialect

__all__ = ["read_evidence_ref", "read_evidence_refs"]

_DIGEST = re.compile(r"(?P<alg>[a-z0-9-]+):(?P<hex>[0-9a-f]+)")
_KEYS = ("type", "digest", "canonicalization", "schema", "ref")
_REQUIRED = ("type", "digest", "canonicalization")
_CANONICALIZATIONS = frozenset(c.value for c in Canonicalization)


def _digest_problem(value: str) -> str | None:
    match = _DIGEST.fullmatch(value)
    if match is None:
        return f"digest must be '<algorithm>:<lower-case hex>' such as 'sha256:' and 64 hex digits, not {value!r}"
    alg, digits = match["alg"], match["hex"]
    if alg not in DIGEST_LENGTHS:
        return f"digest algorithm {alg!r} is not one of {', '.join(DIGEST_LENGTHS)}"
    if len(digits) != DIGEST_LENGTHS[alg]:
        return f"a {alg} digest has {DIGEST_LENGTHS[alg]} hex digits, not {len(digits)}"
    return None


def _field(c: Collector, d: Dialect, key: str, value: Any, parts: tuple[Part, ...]) -> str | None:
    """One field's value when well formed; else a diagnostic at its path and None."""
    path = cached_path(*parts, key)
    if not isinstance(value, str) or not value:
        c.report(
            path, f"evidenceRef.{key} must be a non-empty string, not {kind_of(value) if value != '' else 'empty'}", d
        )
        return None
    problem = _digest_problem(value) if key == "digest" else None
    if problem is not None:
        c.report(path, f"evidenceRef.{problem}", d)
        return None
    if key == "canonicalization" and value not in _CANONICALIZATIONS:
        known = " or ".join(sorted(_CANONICALIZATIONS))
        c.report(
            path, f"evidenceRef.canonicalization {value!r} is not one Weir can re-derive ({known})", d, Severity.WARNING
        )
    return value


def _from_object(c: Collector, d: Dialect, obj: Mapping[str, Any], parts: tuple[Part, ...]) -> EvidenceRef | None:
    kept: dict[str, str] = {}
    for key in _KEYS:
        if key in obj and (value := _field(c, d, key, obj[key], parts)) is not None:
            kept[key] = value
    missing = [k for k in _REQUIRED if k not in obj]
    if missing:
        c.report(cached_path(*parts), f"evidenceRef has no {' and no '.join(missing)} (required)", d)
    for key in obj:
        if key not in _KEYS:
            c.report(
                cached_path(*parts, str(key)), f"unknown evidenceRef key {str(key)!r}: ignored", d, Severity.WARNING
            )
    return EvidenceRef.model_validate(kept) if kept else None


def read_evidence_ref(c: Collector, d: Dialect, value: Any, parts: tuple[Part, ...]) -> None:
    """Claim ``evidence`` for one ``evidenceRef`` at ``parts`` (object form, or a string read as ``ref``)."""
    path = cached_path(*parts)
    if isinstance(value, str) and value:
        c.claim(d, "evidence", frozenset({EvidenceRef(ref=value)}), path)
    elif isinstance(value, Mapping):
        ref = _from_object(c, d, value, parts)
        if ref is not None:
            c.claim(d, "evidence", frozenset({ref}), path)
    else:
        shown = "an empty string" if value == "" else kind_of(value)
        c.report(path, f"evidenceRef must be an object (or the older string form), not {shown}", d)


def read_evidence_refs(c: Collector, d: Dialect, value: Any, parts: tuple[Part, ...]) -> None:
    """One reference, or an array of them (Weir's mirror keeps every reference a label has)."""
    if isinstance(value, list):
        for i, inner in enumerate(value):
            read_evidence_ref(c, d, inner, (*parts, i))
    else:
        read_evidence_ref(c, d, value, parts)
