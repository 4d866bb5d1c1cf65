"""pipeline.records.kept_at: what each audit level keeps of an event."""

from __future__ import annotations

from weir.audit import AuditEvent, DecisionRecord, Phase
from weir.audit.evidence import decision_evidence
from weir.labels.datalabel import DataLabel
from weir.pipeline.records import kept_at
from weir.policy.decision import AuditLevel


def _event() -> AuditEvent:
    return AuditEvent(
        phase=Phase.RESULT,
        session="s",
        server="mail",
        tool="read",
        arguments={"folder": "inbox"},
        result={"content": [{"type": "text", "text": "dear bob"}]},
        decision=DecisionRecord(effect="warn", applied="warn", reasons=("flagged",)),
        labels_after=DataLabel(untrusted=True),
        details={"evidence": "urn:weir:audit:00"},
    )


def test_full_keeps_the_event_itself() -> None:
    event = _event()
    assert kept_at(event, AuditLevel.FULL) is event


def test_detail_keeps_labels_and_reasons_but_only_the_payloads_shape() -> None:
    kept = kept_at(_event(), AuditLevel.DETAIL)
    assert kept.arguments is not None
    assert kept.arguments.value == {"$weir": "stripped", "type": "object", "keys": ["folder"]}
    assert kept.result is not None
    assert kept.result.value == {"$weir": "stripped", "type": "object", "keys": ["content"]}
    assert kept.labels_after == _event().labels_after
    assert kept.decision == _event().decision


def test_summary_also_drops_the_labels_and_the_evidence_is_the_same_at_every_level() -> None:
    event = _event()
    kept = kept_at(event, AuditLevel.SUMMARY)
    assert kept.labels_after is None
    assert "dear bob" not in kept.model_dump_json()
    assert decision_evidence(kept) == decision_evidence(event) == decision_evidence(kept_at(event, AuditLevel.DETAIL))
