"""Re-deriving evidence digests, and what a ``data-class.v1`` record adds to a label.

Digests are recomputed with maintained encoders, never hand-written ones: ``rfc8785`` for JCS (a
core dependency: Weir needs JCS at run time for the records it checks) and ``cbor2``'s canonical
encoding for CBOR (the ``cbor`` extra, imported only when a CBOR digest is checked; without it a
CBOR reference is reported as not re-derivable, never as matching).

A record is out of band: a consumer that holds one (its own evidence store, a record a trusted
producer handed over) joins what it says into a label with :func:`with_records`. The record only
ever adds to the label the wire's ``sensitive`` boolean gives.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

import rfc8785

from weir.errors import WeirError
from weir.labels.datalabel import DataLabel
from weir.labels.evidenceref import DATA_CLASS_V1, DIGEST_LENGTHS, Canonicalization, EvidenceRef
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Dialect, Level

__all__ = [
    "EvidenceError",
    "canonical_bytes",
    "data_class_label",
    "digest_of",
    "evidence_for",
    "matches",
    "with_records",
]


class EvidenceError(WeirError):
    """A record that cannot be canonicalised (outside JSON, or CBOR asked for without the extra)."""


def canonical_bytes(record: Any, canonicalization: str) -> bytes:
    """The bytes a record's digest is taken of. Raises :class:`EvidenceError` when they cannot be made."""
    if canonicalization == Canonicalization.JCS:
        try:
            return rfc8785.dumps(record)
        except (rfc8785.CanonicalizationError, TypeError, ValueError) as exc:
            raise EvidenceError(f"the record cannot be canonicalised as JCS: {exc}") from exc
    if canonicalization == Canonicalization.CBOR:
        try:
            import cbor2  # the `cbor` extra: only a CBOR digest needs it
        except ImportError as exc:
            raise EvidenceError("a cbor/rfc8949 digest needs the cbor extra: pip install 'mcp-weir[cbor]'") from exc
        try:
            return bytes(cbor2.dumps(record, canonical=True))
        except (cbor2.CBOREncodeError, TypeError, ValueError) as exc:
            raise EvidenceError(f"the record cannot be encoded as CBOR: {exc}") from exc
    raise EvidenceError(f"canonicalization {canonicalization!r} is not one Weir can re-derive")


def digest_of(record: Any, canonicalization: str, algorithm: str = "sha256") -> str:
    """``<algorithm>:<hex>`` of the record's canonical bytes."""
    if algorithm not in DIGEST_LENGTHS:
        raise EvidenceError(f"digest algorithm {algorithm!r} is not one of {', '.join(DIGEST_LENGTHS)}")
    return f"{algorithm}:{hashlib.new(algorithm, canonical_bytes(record, canonicalization)).hexdigest()}"


def evidence_for(
    record: Any,
    type: str,
    *,
    canonicalization: str = Canonicalization.JCS,
    schema: str | None = None,
    ref: str | None = None,
) -> EvidenceRef:
    """The reference naming ``record``, its digest computed here (what a producer attaches)."""
    digest = digest_of(record, canonicalization)
    return EvidenceRef(type=type, digest=digest, canonicalization=str(canonicalization), schema_uri=schema, ref=ref)


def matches(ref: EvidenceRef, record: Any) -> bool:
    """Whether ``record`` is the one ``ref`` names: its digest re-derived under ``ref``'s canonicalization.

    A reference without digest or canonicalization, or one Weir cannot re-derive, matches nothing.
    """
    if ref.digest is None or ref.canonicalization is None:
        return False
    try:
        return digest_of(record, ref.canonicalization, ref.digest.partition(":")[0]) == ref.digest
    except EvidenceError:
        return False


_CLASSES: Mapping[str, tuple[Level, frozenset[DataClass], bool]] = {
    "public": (Level.NONE, frozenset(), False),
    "internal": (Level.LOW, frozenset(), True),
    "personal": (Level.MEDIUM, frozenset({DataClass.PII}), True),
    "confidential": (Level.MEDIUM, frozenset(), True),
    "restricted": (Level.HIGH, frozenset(), True),
    "highly_confidential": (Level.HIGH, frozenset(), True),
}
"""data-class.v1 ``class`` → (level, categorical classes, private): the scheme's candidate set
(public / internal / confidential / restricted) and SEP-1913's (public / personal / confidential /
highly_confidential)."""
_UNKNOWN_CLASS = (Level.MEDIUM, frozenset[DataClass](), True)
"""``unknown``, a class not listed, or none at all: read as confidential (unknown is not safe)."""


def data_class_label(ref: EvidenceRef, record: Any) -> DataLabel | None:
    """The label a ``data-class.v1`` record adds when ``record`` is the one ``ref`` names; else None.

    ``class`` maps onto the one sensitivity scale, ``regulatory`` onto scopes (and the
    ``regulated`` class); org-defined ``labels`` and ``policyRef`` say nothing a label holds.
    """
    if ref.type != DATA_CLASS_V1 or not isinstance(record, Mapping) or not matches(ref, record):
        return None
    name = record.get("class")
    level, classes, private = _CLASSES.get(name, _UNKNOWN_CLASS) if isinstance(name, str) else _UNKNOWN_CLASS
    regulatory = record.get("regulatory")
    listed = regulatory if isinstance(regulatory, list) else []
    scopes = frozenset(s for s in listed if isinstance(s, str) and s)
    if scopes:
        classes, level = classes | {DataClass.REGULATED}, Level.HIGH
    origin = frozenset({Origin(dialect=Dialect.TRUST_EXT, path=f"evidenceRef[{ref.digest}]")})
    values: dict[str, Any] = {"level": level, "classes": classes, "scopes": scopes, "private": private}
    present = {k: v for k, v in values.items() if v}
    return DataLabel(**present, evidence=frozenset({ref}), origins=dict.fromkeys((*present, "evidence"), origin))


def with_records(label: DataLabel, records: Iterable[Any]) -> DataLabel:
    """``label`` joined with what every record it references says (``data-class.v1`` records only)."""
    pool = list(records)
    for ref in label.evidence:
        for record in pool:
            found = data_class_label(ref, record)
            if found is not None:
                label = label.join(found)
                break
    return label
