"""The gateway's audit events: built in one validation each, equal to events built record by record."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.audit import AuditEvent, DecisionRecord, Payload, PayloadState, Phase, RuleRecord
from weir.gateway.audit import Step, decision_record
from weir.gateway.enforcer import PostCall, PreCall

_text = st.text(max_size=12)
_names = st.lists(_text, max_size=3).map(tuple)
_reasons = st.lists(st.text(max_size=40), max_size=4).map(tuple)
_effects = st.sampled_from(["allow", "warn", "redact", "confirm", "block"])
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=8,
)
_COMMON = {"session": "s-1", "connection": "c-1", "server": "mail", "tool": "read_email", "call_id": "7"}


def _reference_decision(
    effect: str, applied: str, rules: tuple[str, ...], reasons: tuple[str, ...], error: str | None = None
) -> DecisionRecord:
    """The record as built before: one ``RuleRecord`` per rule, then the ``DecisionRecord``."""
    records = tuple(
        RuleRecord(name=name, effect=effect, reason=reasons[i] if i < len(reasons) else "")
        for i, name in enumerate(rules)
    )
    return DecisionRecord(effect=effect, applied=applied, rules=records, reasons=reasons, error=error)


def _same(built: AuditEvent, reference: AuditEvent) -> None:
    assert built.model_dump(exclude={"time"}) == reference.model_dump(exclude={"time"})
    assert type(built.decision) is type(reference.decision)


_pre = st.builds(
    PreCall, effect=_effects, decided=_effects | st.just(""), rules=_names, reasons=_reasons, error=st.none() | _text
)
_post = st.builds(
    lambda effect, rules, reasons, findings, label, result, redacted: PostCall(
        effect=effect,
        result=result,
        rules=rules,
        reasons=reasons,
        findings=findings,
        label=label,
        audit_result=result if redacted else None,
    ),
    effect=_effects,
    rules=_names,
    reasons=_reasons,
    findings=st.lists(_text, max_size=2).map(tuple),
    label=st.none() | st.dictionaries(_text, _json, max_size=3),
    result=st.builds(lambda v: {"content": [], "structuredContent": {"v": v}}, _json),
    redacted=st.booleans(),
)


@settings(max_examples=60)
@given(pre=_pre, args=_json)
def test_a_call_event_is_the_event_built_record_by_record(pre: PreCall, args: Any) -> None:
    arguments = {"value": args}
    built = Step("s-1", "c-1", "mail", "read_email", 7).call(pre, arguments)
    decision = _reference_decision(pre.decided or pre.effect, pre.effect, pre.rules, pre.reasons, pre.error)
    reference = AuditEvent(phase=Phase.CALL, arguments=Payload.raw(dict(arguments)), decision=decision, **_COMMON)
    _same(built, reference)
    assert built.arguments is not None
    assert built.arguments.state is PayloadState.RAW


@settings(max_examples=60)
@given(post=_post)
def test_a_result_event_is_the_event_built_record_by_record(post: PostCall) -> None:
    released = dict(post.result)
    built = Step("s-1", "c-1", "mail", "read_email", "7").result(post, released, 1.25)
    redacted = post.audit_result is not None
    payload = Payload.redacted(dict(released)) if redacted else Payload.raw(dict(released))
    reference = AuditEvent(
        phase=Phase.RESULT,
        result=payload,
        decision=_reference_decision(post.effect, post.effect, post.rules, post.reasons),
        latency_ms=1.25,
        labels_after=dict(post.label) if post.label is not None else None,
        details={"findings": list(post.findings)} if post.findings else None,
        **_COMMON,
    )
    _same(built, reference)


def test_notes_errors_and_records_are_what_they_were() -> None:
    step = Step("s-1", "c-1", "mail", "read_email", 7)
    note = step.note("block", ("a", "weir/confirm"), ("why a",))
    reference = AuditEvent(
        phase=Phase.CALL,
        decision=_reference_decision("block", "block", ("a", "weir/confirm"), ("why a",)),
        details={"confirmation": True},
        **_COMMON,
    )
    _same(note, reference)
    error = step.error("boom", 3.5)
    _same(error, AuditEvent(phase=Phase.ERROR, upstream_error="boom", latency_ms=3.5, **_COMMON))
    assert decision_record("block", "block", ("x",), (), "failed") == _reference_decision(
        "block", "block", ("x",), (), "failed"
    )
    assert Step("s", "c", "srv", "t", None).error("x", 1.0).call_id is None
