"""The pipeline's audit events: built in one validation each, equal to events built from the decision."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.audit import AuditEvent, DecisionRecord, Payload, PayloadState, Phase
from weir.audit.payload import strip
from weir.guard import ResultCheck
from weir.labels.datalabel import DataLabel
from weir.labels.finding import Finding, FindingClass
from weir.pipeline import ToolCall
from weir.pipeline.records import CallRecords, describe_finding, failed_decision
from weir.policy.decision import Decision, RuleMatch, Verdict

_text = st.text(max_size=12)
_verdicts = st.sampled_from(list(Verdict))
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=8,
)
_matches = st.builds(
    RuleMatch, name=_text, effect=_verdicts, reason=st.text(max_size=40), labels=st.lists(_text, max_size=2).map(tuple)
)
_decisions = st.builds(
    lambda effect, applied, rules, error: Decision(
        effect=effect, applied=applied, rules=tuple(rules), reasons=tuple(m.reason for m in rules), error=error
    ),
    _verdicts,
    _verdicts,
    st.lists(_matches, max_size=3),
    st.none() | _text,
)
_COMMON = {"session": "s-1", "connection": "c-1", "server": "mail", "tool": "read_email", "call_id": "7"}
CALL = ToolCall("s-1", "mail", "read_email", connection="c-1", call_id=7)


def _same(built: AuditEvent, reference: AuditEvent) -> None:
    assert built.model_dump(exclude={"time"}) == reference.model_dump(exclude={"time"})


@settings(max_examples=60)
@given(decision=_decisions, args=_json)
def test_a_call_event_is_the_event_built_from_the_decision_itself(decision: Decision, args: Any) -> None:
    arguments = {"value": args}
    built = CallRecords(CALL).call(decision, arguments)
    reference = AuditEvent(
        phase=Phase.CALL, arguments=Payload.raw(dict(arguments)), decision=DecisionRecord.of(decision), **_COMMON
    )
    _same(built, reference)
    assert built.arguments is not None
    assert built.arguments.state is PayloadState.RAW


@settings(max_examples=60)
@given(decision=_decisions, value=_json, findings=st.lists(_text, max_size=2))
def test_a_result_event_records_the_decision_the_label_and_the_findings(
    decision: Decision, value: Any, findings: list[str]
) -> None:
    found = tuple(Finding(detector="d", kind=k or "k", cls=FindingClass.MALICIOUS) for k in findings)
    result = {"content": [], "structuredContent": {"v": value}}
    post = ResultCheck(decision, result, DataLabel(untrusted=True), found)
    built = CallRecords(CALL).result(post, result, result, 1.25)
    # Findings with no path cannot be redacted in place: unless the released result is Weir's
    # own (redacted or blocked), only its shape is kept.
    placed = not found or decision.applied in (Verdict.REDACT, Verdict.BLOCK)
    reference = AuditEvent(
        phase=Phase.RESULT,
        result=Payload.redacted(dict(result)) if placed else Payload(state=PayloadState.STRIPPED, value=strip(result)),
        decision=DecisionRecord.of(decision),
        latency_ms=1.25,
        labels_after=DataLabel(untrusted=True),
        details={"findings": [describe_finding(f) for f in found]} if found else None,
        **_COMMON,
    )
    _same(built, reference)


def test_notes_errors_and_failures_are_recorded_with_their_reasons() -> None:
    records = CallRecords(CALL)
    base = Decision(
        effect=Verdict.CONFIRM,
        applied=Verdict.CONFIRM,
        rules=(RuleMatch(name="a", effect=Verdict.CONFIRM, reason="why a"),),
        reasons=("why a",),
    )
    note = records.note("block", "weir/confirm", "the user said no", base=base)
    assert note.decision is not None
    assert [r.name for r in note.decision.rules] == ["a", "weir/confirm"]
    assert note.decision.reasons == ("why a", "the user said no")
    assert note.details == {"confirmation": True}
    error = records.error("boom", 3.5)
    _same(error, AuditEvent(phase=Phase.ERROR, upstream_error="boom", latency_ms=3.5, **_COMMON))
    failed = records.call(failed_decision("deciding failed: boom"), {})
    assert failed.decision is not None
    assert failed.decision.applied == "block"
    assert failed.decision.error == "deciding failed: boom"
    assert [r.name for r in failed.decision.rules] == ["weir/decision-error"]
    assert CallRecords(ToolCall("s", "srv", "t")).error("x", 1.0).call_id is None


def _result_event(result: dict[str, Any], released: dict[str, Any], *findings: Finding) -> Any:
    decision = Decision(effect=Verdict.WARN, applied=Verdict.WARN)
    post = ResultCheck(decision, released, DataLabel(), findings)
    stored = CallRecords(CALL).result(post, result, released, 1.0).result
    assert stored is not None
    return stored


def test_the_audit_copy_is_redacted_from_the_raw_result_where_each_finding_is() -> None:
    raw = {"content": [{"type": "text", "text": "ok", "_meta": {"k": "key SECRET"}}]}
    released = {**raw, "_meta": {"dev.weir/decision": {"reasons": ["quotes SECRET"]}}}
    found = Finding(detector="d", kind="k", cls=FindingClass.CREDENTIALS, start=4, end=10, path="content[0]._meta.k")
    stored = _result_event(raw, released, found)
    assert stored == Payload.redacted(
        {"content": [{"type": "text", "text": "ok", "_meta": {"k": "key [REDACTED:credentials]"}}]}
    )


def test_weirs_own_decision_is_left_out_of_the_audit_copy() -> None:
    released = {"content": [], "_meta": {"dev.weir/decision": {"reasons": ["quotes SECRET"]}, "v": 1}}
    assert _result_event(released, released) == Payload.redacted({"content": [], "_meta": {"v": 1}})


def test_an_audit_copy_whose_findings_cannot_be_placed_keeps_only_its_shape() -> None:
    raw = {"content": [{"type": "text", "text": "SECRET"}]}
    nowhere = Finding(detector="d", kind="k", cls=FindingClass.CREDENTIALS, start=0, end=6, path="content[3].text")
    for finding in (nowhere, nowhere.model_copy(update={"path": None})):
        stored = _result_event(raw, raw, finding)
        assert stored.state is PayloadState.STRIPPED
        assert "SECRET" not in str(stored.value)
