"""Evidence Weir gives: a released result names the audit record of its decision, with a digest.

Each tool result the pipeline releases may carry, in its trust-annotations ``evidenceRef``, a
reference of ``type: "policy-decision"``: ``ref`` names the result's audit record (a fresh
``urn:weir:audit:…`` id kept in the record's ``details.evidence``) and ``digest`` is the JCS
(RFC 8785) SHA-256 digest of that record's *decision evidence* (:func:`decision_evidence`). A
consumer holding the trail looks the record up by ``ref`` (``weir audit show REF``) and
re-derives the digest (``weir audit verify-evidence RESULT.json``): what Weir decided is then
checked against the trail, not believed from the wire.

Why a projection and not the whole stored row: the reference is attached before the store has
the event (the pipeline audits first, then releases, and a store may batch), and the store seals
the event on the way in (payloads and every text that may quote data are redacted there). The
decision evidence is what sealing never changes: when, which step of which call in which
session, the effect decided and applied, and each matching rule's name and effect. The reasons
and payloads stay in the record (``weir audit show`` prints them), outside the digest.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from typing import Any, Final

from weir.audit.event import AuditEvent, Phase, format_time
from weir.audit.store import AuditQuery, AuditStore, StoredEvent
from weir.labels.evidence import matches
from weir.labels.evidenceref import Canonicalization, EvidenceRef
from weir.labels.keys import TRUST_ANNOTATIONS

__all__ = [
    "EVIDENCE_KEY",
    "EVIDENCE_TYPE",
    "REF_PREFIX",
    "attach",
    "canonical_evidence",
    "decision_evidence",
    "find",
    "new_ref",
    "reference",
    "references_in",
    "verifies",
]

EVIDENCE_TYPE: Final = "policy-decision"
REF_PREFIX: Final = "urn:weir:audit:"
EVIDENCE_KEY: Final = "evidence"
"""The ``details`` key of an audit event that holds its reference."""
EVIDENCE_VERSION: Final = 1
"""The version of :func:`decision_evidence`'s shape; it is part of what is digested."""


def new_ref() -> str:
    """A fresh reference for one audit record (random: it tells a reader nothing by itself)."""
    return REF_PREFIX + os.urandom(16).hex()


def decision_evidence(event: AuditEvent) -> dict[str, Any]:
    """What the digest covers: the parts of ``event`` the store keeps exactly as given."""
    decision = event.decision
    return {
        "evidence": EVIDENCE_VERSION,
        "ref": (event.details or {}).get(EVIDENCE_KEY),
        "time": format_time(event.time),
        "phase": str(event.phase),
        "session": event.session,
        "server": event.server,
        "tool": event.tool,
        "callId": event.call_id,
        "effect": None if decision is None else decision.effect,
        "applied": None if decision is None else decision.applied,
        "rules": [] if decision is None else [{"name": r.name, "effect": r.effect} for r in decision.rules],
    }


def reference(event: AuditEvent) -> EvidenceRef:
    """The ``policy-decision`` reference naming ``event`` (which must carry its ``details.evidence``)."""
    ref = (event.details or {}).get(EVIDENCE_KEY)
    if not isinstance(ref, str):
        raise ValueError("the event carries no evidence reference in details.evidence")
    digest = "sha256:" + hashlib.sha256(canonical_evidence(decision_evidence(event))).hexdigest()
    return EvidenceRef(type=EVIDENCE_TYPE, digest=digest, canonicalization=Canonicalization.JCS.value, ref=ref)


def canonical_evidence(evidence: Mapping[str, Any]) -> bytes:
    """The JCS (RFC 8785) bytes of a :func:`decision_evidence` value, on every released result.

    The decision evidence holds only ASCII keys, strings, ``null``, one small integer and lists of
    such objects; for those, sorted compact ``json.dumps`` without ASCII escaping *is* JCS (the same
    string escapes, key order by code point = by UTF-16 unit for ASCII keys) at a fraction of the
    cost of the pure-Python ``rfc8785`` encoder. The reader re-derives with ``rfc8785`` itself
    (:func:`verifies` → :func:`weir.labels.evidence.matches`), so a divergence can only fail a
    verification, never pass one; ``tests/audit/test_evidence.py`` holds the two equal.
    """
    return json.dumps(evidence, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def attach(result: Mapping[str, Any], ref: EvidenceRef) -> dict[str, Any]:
    """``result`` with ``ref`` in its trust-annotations ``evidenceRef`` (beside any the server gave).

    A ``policy-decision`` reference the server put there is dropped: only Weir speaks for Weir's
    decisions (it would not verify against the trail anyway).
    """
    meta = dict(result.get("_meta") or {}) if isinstance(result.get("_meta"), Mapping) else {}
    slot = meta.get(TRUST_ANNOTATIONS)
    trust = dict(slot) if isinstance(slot, Mapping) else {}
    given = trust.get("evidenceRef")
    kept = [r for r in (given if isinstance(given, list) else [given]) if r is not None and not _weirs_kind(r)]
    trust["evidenceRef"] = [*kept, ref.wire()] if kept else ref.wire()
    meta[TRUST_ANNOTATIONS] = trust
    return {**result, "_meta": meta}


def _weirs_kind(value: Any) -> bool:
    return isinstance(value, Mapping) and value.get("type") == EVIDENCE_TYPE


def references_in(result: Any) -> list[Mapping[str, Any]]:
    """The ``policy-decision`` references a result carries (wire objects, in order)."""
    meta = result.get("_meta") if isinstance(result, Mapping) else None
    slot = meta.get(TRUST_ANNOTATIONS) if isinstance(meta, Mapping) else None
    given = slot.get("evidenceRef") if isinstance(slot, Mapping) else None
    return [r for r in (given if isinstance(given, list) else [given]) if isinstance(r, Mapping) and _weirs_kind(r)]


def find(store: AuditStore, ref: str, *, phases: Iterable[Phase] = (Phase.RESULT,)) -> StoredEvent | None:
    """The record ``ref`` names (a scan of the ``phases`` events; ``None`` when there is none)."""
    for phase in phases:
        for stored in store.query(AuditQuery(phase=phase)):
            details = stored.event.details
            if details is not None and details.get(EVIDENCE_KEY) == ref:
                return stored
    return None


def verifies(wire: Mapping[str, Any], stored: StoredEvent) -> bool:
    """Whether the reference ``wire`` (as a result carries it) re-derives from ``stored``'s record."""
    try:
        ref = EvidenceRef.model_validate(dict(wire))
    except ValueError:  # pydantic's ValidationError: not a reference at all
        return False
    return ref.ref == (stored.event.details or {}).get(EVIDENCE_KEY) and matches(ref, decision_evidence(stored.event))
