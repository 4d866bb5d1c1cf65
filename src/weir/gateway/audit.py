"""The gateway's side of the audit trail: building :class:`weir.audit.AuditEvent` values.

The gateway appends an event *before* it releases the response the event describes, so a
gateway killed at any moment has a record of every response a client received. Any object
with ``append(AuditEvent)`` will do: the configured :class:`weir.audit.SqliteAuditStore` in
production, :class:`MemoryAudit` in tests and the in-memory benchmark.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from weir.audit import AuditEvent, DecisionRecord, Payload, Phase
from weir.gateway.enforcer import PostCall, PreCall

__all__ = ["AuditSink", "MemoryAudit", "Step", "decision_record"]


class AuditSink(Protocol):
    """Where events go. ``append`` must be durable when it returns (or raise)."""

    def append(self, event: AuditEvent) -> Any:
        """Record one event."""


class MemoryAudit:
    """Events kept in a list (tests, benchmarks)."""

    def __init__(self) -> None:
        self.events: list[AuditEvent] = []

    def append(self, event: AuditEvent) -> None:
        """Keep the event."""
        self.events.append(event)


def decision_record(
    effect: str, applied: str, rules: tuple[str, ...], reasons: tuple[str, ...], error: str | None = None
) -> DecisionRecord:
    """A decision as the audit trail records it (rule names paired with their reasons)."""
    return DecisionRecord.model_validate(_decision(effect, applied, rules, reasons, error))


def _decision(
    effect: str, applied: str, rules: tuple[str, ...], reasons: tuple[str, ...], error: str | None = None
) -> dict[str, Any]:
    """:func:`decision_record`'s fields as plain values, validated together with the event that holds
    them (one pydantic validation per event instead of one per record inside it)."""
    records = [
        {"name": name, "effect": effect, "reason": reasons[i] if i < len(reasons) else ""}
        for i, name in enumerate(rules)
    ]
    return {"effect": effect, "applied": applied, "rules": records, "reasons": reasons, "error": error}


class Step:
    """Builds the events of one tool call, which share session, connection, server, tool and id."""

    def __init__(self, session: str, connection: str, server: str, tool: str, call_id: Any) -> None:
        self._common: dict[str, Any] = {
            "session": session,
            "connection": connection,
            "server": server,
            "tool": tool,
            "call_id": None if call_id is None else str(call_id),
        }

    def _event(self, phase: Phase, **fields: Any) -> AuditEvent:
        return AuditEvent.model_validate({"phase": phase, **fields, **self._common})

    def call(self, pre: PreCall, arguments: Mapping[str, Any]) -> AuditEvent:
        """The pre-call decision."""
        decision = _decision(pre.decided or pre.effect, pre.effect, pre.rules, pre.reasons, pre.error)
        return self._event(Phase.CALL, arguments=Payload.raw(dict(arguments)), decision=decision)

    def note(self, effect: str, rules: tuple[str, ...], reasons: tuple[str, ...]) -> AuditEvent:
        """A confirmation outcome (approved, declined, fallback) for the call."""
        decision = _decision(effect, effect, rules, reasons)
        return self._event(Phase.CALL, decision=decision, details={"confirmation": True})

    def result(self, post: PostCall, released: Mapping[str, Any], latency_ms: float) -> AuditEvent:
        """The post-call decision and the result as released."""
        decision = _decision(post.effect, post.effect, post.rules, post.reasons, post.error)
        details = {"findings": list(post.findings)} if post.findings else None
        if post.audit_result is not None:
            payload = Payload.redacted(dict(post.audit_result))
        else:
            payload = Payload.raw(dict(released))
        return self._event(
            Phase.RESULT,
            result=payload,
            decision=decision,
            latency_ms=latency_ms,
            labels_after=dict(post.label) if post.label is not None else None,
            details=details,
        )

    def error(self, message: str, latency_ms: float) -> AuditEvent:
        """The upstream failed for this call."""
        return self._event(Phase.ERROR, upstream_error=message, latency_ms=latency_ms)
