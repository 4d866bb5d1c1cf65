"""The audit events of one tool call, built from the guard's decisions as they are.

The pipeline appends an event *before* it releases the response the event describes, so a
process killed at any moment has a record of every response a client received. A decision is
recorded exactly as the guard made it (:class:`weir.policy.decision.Decision`): there is no
second decision type between the guard and the trail.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from weir.audit.event import AuditEvent, Phase, label_json
from weir.audit.evidence import EVIDENCE_KEY
from weir.audit.payload import Payload, PayloadState, strip
from weir.detect.redact import redact_result
from weir.errors import DetectorError
from weir.guard.checks import CallCheck, ResultCheck, ToolsReview
from weir.guard.messages import McpMessage
from weir.labels.finding import Finding
from weir.labels.keys import WEIR_DECISION
from weir.pipeline.ports import ToolCall
from weir.policy.decision import AuditLevel, Decision, RuleMatch, Verdict

__all__ = [
    "CallRecords",
    "describe_finding",
    "failed_decision",
    "kept_at",
    "message_event",
    "tools_event",
    "tools_failed",
]


def describe_finding(finding: Finding) -> str:
    """A finding as one short line for the audit trail."""
    where = f" at {finding.path}" if finding.path else ""
    return f"{finding.detector}:{finding.kind} ({finding.cls}){where}"


def failed_decision(why: str) -> Decision:
    """The block a decision boundary records when deciding itself failed (fail closed)."""
    match = RuleMatch(name="weir/decision-error", effect=Verdict.BLOCK, reason=why)
    return Decision(effect=Verdict.BLOCK, applied=Verdict.BLOCK, rules=(match,), reasons=(why,), error=why)


def _record(decision: Decision) -> dict[str, Any]:
    """A decision as the audit trail records it: every rule with its own effect, reason and labels.

    Plain values, validated together with the event that holds them (one validation per event).
    """
    return {
        "effect": str(decision.effect),
        "applied": str(decision.applied),
        "rules": [
            {"name": m.name, "effect": str(m.effect), "reason": m.reason, "labels": m.labels} for m in decision.rules
        ],
        "reasons": decision.reasons,
        "error": decision.error,
    }


def kept_at(event: AuditEvent, level: AuditLevel) -> AuditEvent:
    """What the trail keeps of ``event`` when its decision's ``audit_level`` is ``level``.

    ``full`` (confirm, block): everything. ``detail`` (warn, redact): the decision with its reasons
    and the labels, the arguments and result as their shape only. ``summary`` (allow): the call
    and its decision, no labels. The shape (type and top-level keys) says what was there without
    keeping it. The step, the decision and ``details`` stay whole, so the decision evidence
    (:mod:`weir.audit.evidence`) is the same at every level.
    """
    if level is AuditLevel.FULL:
        return event
    update: dict[str, Any] = {"arguments": _shape(event.arguments), "result": _shape(event.result)}
    if level is AuditLevel.SUMMARY:
        update.update(labels_before=None, labels_after=None)
    return event.model_copy(update=update)


def _shape(payload: Payload | None) -> Payload | None:
    if payload is None or payload.state is PayloadState.STRIPPED:
        return payload
    return Payload(state=PayloadState.STRIPPED, value=strip(payload.value))


def tools_event(server: str, tools: Sequence[Mapping[str, Any]], review: ToolsReview) -> AuditEvent:
    """A server's tool list was read: which tools, and what the tool checks found."""
    findings = [describe_finding(f) for f in review.findings] + list(review.errors)
    details = {"tools": [str(t.get("name")) for t in tools], "findings": findings}
    return AuditEvent(phase=Phase.TOOLS, server=server, details=details)


def tools_failed(server: str, decision: Decision) -> AuditEvent:
    """A server's tool list could not be reviewed: none of its tools is exposed."""
    return AuditEvent(phase=Phase.TOOLS, server=server, decision=_record(decision))


def message_event(
    session: str,
    connection: str,
    message: McpMessage,
    check: ResultCheck | CallCheck,
    principal: str | None = None,
) -> AuditEvent:
    """One message's row: its kind, method and direction, the decision, and the message as released
    (a server's, every detected span redacted) or as the client answered it (sealed by the store);
    ``principal``: whose connection it is for (else the id of the message's principal fact, if any)."""
    details: dict[str, object] = {
        "kind": message.resolved_kind,
        "method": message.method,
        "direction": message.direction,
    }
    if message.item:
        details["item"] = message.item
    fields: dict[str, object] = {}
    if isinstance(check, ResultCheck):
        if check.findings:
            details["findings"] = [describe_finding(f) for f in check.findings]
        raw = message.payload
        fields["result"] = _for_audit(raw, check.result, check.findings, check.decision.applied)
        fields["labels_after"] = label_json(check.label)
    else:
        fields["arguments"] = Payload.raw(dict(message.payload))
    return AuditEvent.model_validate(
        {
            "phase": Phase.MESSAGE,
            "session": session,
            "connection": connection or None,
            "principal": principal or (message.principal or {}).get("id") or None,
            "server": message.server,
            "tool": message.step,
            "decision": _record(check.decision),
            "details": details,
            **fields,
        }
    )


class CallRecords:
    """Builds the events of one tool call, which share session, connection, server, tool and id."""

    def __init__(self, call: ToolCall) -> None:
        self._common: dict[str, Any] = {
            "session": call.session,
            "connection": call.connection or None,
            "principal": (call.principal or {}).get("id") or None,
            "server": call.server,
            "tool": call.tool,
            "call_id": None if call.call_id is None else str(call.call_id),
        }

    def _event(self, phase: Phase, *, evidence: str | None = None, **fields: Any) -> AuditEvent:
        """One event of the call; ``evidence``: the reference a result names it by (``details.evidence``)."""
        if evidence is not None:
            fields["details"] = {**(fields.get("details") or {}), EVIDENCE_KEY: evidence}
        return AuditEvent.model_validate({"phase": phase, **fields, **self._common})

    def call(
        self,
        decision: Decision,
        arguments: Mapping[str, Any],
        *,
        stripped: bool = False,
        resolve_problems: Sequence[str] = (),
        evidence: str | None = None,
    ) -> AuditEvent:
        """The pre-call decision; ``stripped`` keeps only the arguments' shape (a call too large to decide).

        ``resolve_problems``: why the server's ``tools/resolve`` answer was not believed (the static
        definition decided instead), kept in the event's details. ``evidence``: the reference the
        blocked result names this record by (``details.evidence``).
        """
        payload = Payload.stripped(dict(arguments)) if stripped else Payload.raw(dict(arguments))
        details = {"resolve_rejected": list(resolve_problems)} if resolve_problems else None
        decided = _record(decision)
        return self._event(Phase.CALL, arguments=payload, decision=decided, details=details, evidence=evidence)

    def note(
        self, effect: str, rule: str, reason: str, *, base: Decision | None = None, evidence: str | None = None
    ) -> AuditEvent:
        """A confirmation outcome (approved, declined, fallback) for the call; ``evidence``: the
        reference a declined call's result names this record by."""
        rules = [*(base.rule_names if base else ()), rule]
        reasons = [*(base.reasons if base else ()), reason]
        decision = {
            "effect": effect,
            "applied": effect,
            "rules": [{"name": name, "effect": effect, "reason": reasons[i]} for i, name in enumerate(rules)],
            "reasons": reasons,
        }
        return self._event(Phase.CALL, decision=decision, details={"confirmation": True}, evidence=evidence)

    def result(
        self,
        post: ResultCheck,
        raw: Mapping[str, Any],
        released: Mapping[str, Any],
        latency_ms: float,
        *,
        evidence: str | None = None,
    ) -> AuditEvent:
        """The post-call decision and the result as released (every detected span redacted).

        ``evidence``: the reference the released result names this record by (``details.evidence``).
        """
        findings = {"findings": [describe_finding(f) for f in post.findings]} if post.findings else None
        return self._event(
            Phase.RESULT,
            result=_for_audit(raw, released, post.findings, post.decision.applied),
            decision=_record(post.decision),
            latency_ms=latency_ms,
            labels_after=label_json(post.label),
            details=findings,
            evidence=evidence,
        )

    def error(self, message: str, latency_ms: float) -> AuditEvent:
        """The upstream failed for this call."""
        return self._event(Phase.ERROR, upstream_error=message, latency_ms=latency_ms)


def _for_audit(
    raw: Mapping[str, Any], released: Mapping[str, Any], findings: Sequence[Finding], applied: Verdict
) -> Payload:
    """What the audit trail keeps: the released result with every detected span redacted.

    Finding spans index the raw result, so allowed and warned results are redacted from the raw
    one (the warning is in the decision record); redacted and blocked results are kept as shaped.
    Weir's own ``_meta["dev.weir/decision"]`` is left out: the event's decision records it, and
    its reasons are redacted there (a reason may quote an argument). A result whose findings
    cannot be placed is kept as its shape only.
    """
    if applied in (Verdict.REDACT, Verdict.BLOCK) or not findings:
        return Payload.redacted(_without_decision(released))
    if any(f.path is None for f in findings):
        return Payload(state=PayloadState.STRIPPED, value=strip(raw))  # a finding with no place to redact
    try:
        return Payload.redacted(redact_result(raw, findings))
    except DetectorError:
        return Payload(state=PayloadState.STRIPPED, value=strip(raw))


def _without_decision(result: Mapping[str, Any]) -> dict[str, Any]:
    meta = result.get("_meta")
    if not (isinstance(meta, Mapping) and WEIR_DECISION in meta):
        return dict(result)
    rest = {k: v for k, v in meta.items() if k != WEIR_DECISION}
    out = {k: v for k, v in result.items() if k != "_meta"}
    if rest:
        out["_meta"] = rest
    return out
