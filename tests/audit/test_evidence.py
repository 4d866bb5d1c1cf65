"""weir.audit.evidence: the policy-decision reference, what its digest covers, and where it goes."""

from __future__ import annotations

from pathlib import Path

import rfc8785
from hypothesis import given
from hypothesis import strategies as st

from weir.audit import AuditEvent, DecisionRecord, Phase, SqliteAuditStore
from weir.audit.evidence import (
    attach,
    canonical_evidence,
    decision_evidence,
    find,
    new_ref,
    reference,
    references_in,
    verifies,
)
from weir.audit.payload import Payload
from weir.labels.evidence import digest_of, matches
from weir.labels.keys import TRUST_ANNOTATIONS

DATA_CLASS = {"type": "data-class.v1", "digest": "sha256:" + "a" * 64, "canonicalization": "jcs/rfc8785"}


def _event(ref: str, **decision: str) -> AuditEvent:
    return AuditEvent(
        phase=Phase.RESULT,
        time="2026-12-02T01:00:00Z",  # type: ignore[arg-type]
        session="s1",
        server="mail",
        tool="read",
        call_id="7",
        result=Payload.raw({"content": [{"type": "text", "text": "hello"}]}),
        decision=DecisionRecord(effect="warn", applied="warn", reasons=("quoted «x»",)),
        details={"evidence": ref},
        **decision,  # type: ignore[arg-type]
    )


def test_the_digest_is_the_jcs_digest_of_the_decision_evidence() -> None:
    ref = new_ref()
    event = _event(ref)
    made = reference(event)
    assert made.type == "policy-decision"
    assert made.ref == ref
    assert made.digest == digest_of(decision_evidence(event), "jcs/rfc8785")
    assert decision_evidence(event)["applied"] == "warn"


def test_what_sealing_changes_is_outside_the_digest_and_the_decision_is_inside() -> None:
    event = _event(new_ref())
    sealed = event.sealed(redact=True, redactor=lambda v: ["[REDACTED]"] * len(v) if isinstance(v, list) else {})
    assert sealed.decision is not None
    assert sealed.decision.reasons != event.decision.reasons  # type: ignore[union-attr]
    assert decision_evidence(sealed) == decision_evidence(event)
    blocked = event.model_copy(update={"decision": DecisionRecord(effect="warn", applied="block")})
    assert decision_evidence(blocked) != decision_evidence(event)


def test_attach_keeps_the_servers_references_and_drops_a_forged_policy_decision() -> None:
    event = _event(new_ref())
    forged = {"type": "policy-decision", "digest": "sha256:" + "b" * 64, "canonicalization": "jcs/rfc8785"}
    result = {"content": [], "_meta": {TRUST_ANNOTATIONS: {"sensitive": True, "evidenceRef": [DATA_CLASS, forged]}}}
    out = attach(result, reference(event))
    trust = out["_meta"][TRUST_ANNOTATIONS]
    assert trust["sensitive"] is True
    assert trust["evidenceRef"] == [DATA_CLASS, reference(event).wire()]
    assert references_in(out) == [reference(event).wire()]
    assert result["_meta"][TRUST_ANNOTATIONS]["evidenceRef"] == [DATA_CLASS, forged]  # not changed in place


def test_attach_to_a_result_without_meta_writes_the_single_object_form() -> None:
    out = attach({"content": []}, reference(_event(new_ref())))
    assert isinstance(out["_meta"][TRUST_ANNOTATIONS]["evidenceRef"], dict)


def test_find_and_verify_against_a_store(tmp_path: Path) -> None:
    with SqliteAuditStore(tmp_path / "audit.db") as store:
        ref = new_ref()
        event = _event(ref)
        store.append(_event(new_ref()))
        stored = store.append(event)
        found = find(store, ref)
        assert find(store, new_ref()) is None
    assert found is not None
    assert found.id == stored.id
    wire = reference(event).wire()
    assert isinstance(wire, dict)
    assert verifies(wire, found)
    assert not verifies({**wire, "digest": "sha256:" + "0" * 64}, found)
    assert not verifies({**wire, "ref": new_ref()}, found)
    assert not verifies({"digest": 3}, found)


_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)  # lone surrogates are not JSON text
_EVIDENCE = st.fixed_dictionaries(
    {
        "evidence": st.just(1),
        "ref": _TEXT,
        "time": _TEXT,
        "phase": _TEXT,
        "session": st.none() | _TEXT,
        "server": st.none() | _TEXT,
        "tool": st.none() | _TEXT,
        "callId": st.none() | _TEXT,
        "effect": st.none() | _TEXT,
        "applied": st.none() | _TEXT,
        "rules": st.lists(st.fixed_dictionaries({"name": _TEXT, "effect": _TEXT}), max_size=4),
    }
)


@given(_EVIDENCE)
def test_the_fast_canonical_form_is_the_rfc8785_library_s(evidence: dict[str, object]) -> None:
    assert canonical_evidence(evidence) == rfc8785.dumps(evidence)


def test_a_reference_re_derives_with_the_rfc8785_library() -> None:
    event = _event(new_ref())
    made = reference(event)
    assert made.digest == digest_of(decision_evidence(event), "jcs/rfc8785")  # digest_of uses rfc8785
    assert matches(made, decision_evidence(event))
