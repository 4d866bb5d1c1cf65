"""The gateway's metrics, and the wrappers that feed them without touching the call pipeline.

The pipeline's collaborators are passed in (:mod:`weir.pipeline.ports`), so timing a stage is
wrapping its collaborator: :class:`MeteredDecider` times and counts each decision (the ``decide``
and ``observe`` stages, in the worker threads), :class:`MeteredAudit` each append (the ``audit``
stage, the trail's lag, the upstream latency a result records), and :class:`CallObservation`
each whole ``tools/call`` (how it ended, how long it took, and — with traces on — its span).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from functools import partial
from typing import Any, Protocol, TypeVar

from weir.audit.event import AuditEvent, Phase
from weir.flow.session import Session
from weir.guard.checks import CallCheck, ResultCheck, ToolsReview
from weir.guard.messages import McpMessage
from weir.observe.metrics import Registry
from weir.pipeline import AuditSink, Decider, Passage, ToolCall
from weir.pipeline.ports import Wire

_Check = TypeVar("_Check", CallCheck, ResultCheck)

__all__ = [
    "CallObservation",
    "CallObserver",
    "CallTracer",
    "GatewayMetrics",
    "MeteredAudit",
    "MeteredDecider",
    "outcome",
]


class GatewayMetrics:
    """Every metric the gateway exports (``/metrics``); docs/console.md lists them."""

    def __init__(self, registry: Registry | None = None) -> None:
        r = self.registry = registry or Registry()
        self.decisions = r.counter(
            "weir_decisions_total",
            "Decisions made, by phase (call, result) and the effect applied.",
            ["phase", "effect"],
        )
        self.rules = r.counter(
            "weir_rule_matches_total", "Policy rules that matched, by phase, rule and the rule's effect.",
            ["phase", "rule", "effect"],
        )  # fmt: skip
        self.stages = r.histogram(
            "weir_stage_seconds",
            "Time in each stage of a tool call: decide, observe (label and decide the result), audit, tools_review.",
            ["stage"],
        )
        self.calls = r.counter(
            "weir_tool_calls_total",
            "tools/call requests answered, by server and outcome (ran, blocked, failed, asked).",
            ["server", "outcome"],
        )
        self.call_seconds = r.histogram("weir_tool_call_seconds", "Whole tools/call requests, by server.", ["server"])
        self.upstream_seconds = r.histogram(
            "weir_upstream_seconds", "How long an upstream took to answer a tool call, by server.", ["server"]
        )
        self.confirmations = r.counter(
            "weir_confirmations_total", "Confirmations answered, by outcome (approved, declined).", ["outcome"]
        )
        self.audit_events = r.counter("weir_audit_events_total", "Events committed to the audit trail.", ["phase"])
        self.audit_failures = r.counter("weir_audit_failures_total", "Audit appends that failed (the call failed).")
        self.audit_lag = r.histogram(
            "weir_audit_lag_seconds", "From an event's creation to its commit in the audit trail."
        )
        self.audit_last = r.gauge(
            "weir_audit_last_commit_timestamp_seconds", "When the audit trail last committed an event (Unix time)."
        )
        self.reloads = r.counter("weir_policy_reloads_total", "Policy reloads, by outcome (ok, error).", ["outcome"])
        self.approvals = r.counter(
            "weir_approvals_total", "Queued confirmations, by outcome (approved, denied, expired).", ["outcome"]
        )
        self.webhooks = r.counter(
            "weir_webhook_deliveries_total", "Webhook notifications, by outcome (ok, failed).", ["outcome"]
        )
        self.started = r.gauge("weir_start_time_seconds", "When the gateway started (Unix time).")
        self.started.set(time.time())

    def render(self) -> str:
        """The text exposition of every metric."""
        return self.registry.render()

    def decided(self, phase: str, decision: Any) -> None:
        """Count one decision and every rule that matched in it."""
        self.decisions.inc(phase=phase, effect=str(decision.applied))
        for match in decision.rules:
            self.rules.inc(phase=phase, rule=match.name, effect=str(match.effect))


class MeteredDecider:
    """A :class:`weir.pipeline.Decider` that times and counts what the one it wraps decides."""

    def __init__(self, inner: Decider, metrics: GatewayMetrics) -> None:
        self.inner = inner
        self._metrics = metrics

    def session(self, session_id: str | None = None) -> Session:
        """The inner decider's session."""
        return self.inner.session(session_id)

    def carry(self, source: str, into: str) -> bool:
        """As the inner decider."""
        return self.inner.carry(source, into)

    def forget(self, session_id: str) -> None:
        """As the inner decider."""
        self.inner.forget(session_id)

    def register_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> ToolsReview:
        """As the inner decider, timed (stage ``tools_review``)."""
        started = time.perf_counter()
        try:
            return self.inner.register_tools(server, tools)
        finally:
            self._metrics.stages.observe(time.perf_counter() - started, stage="tools_review")

    def before_call(  # noqa: PLR0917 - the Decider's signature
        self,
        session: Session,
        server: str,
        tool: str,
        arguments: Wire,
        meta: Wire = None,
        resolved: Wire = None,
        *,
        principal: Wire = None,
    ) -> CallCheck:
        """As the inner decider, timed (stage ``decide``) and counted."""

        def decide() -> CallCheck:
            if principal is None:
                return self.inner.before_call(session, server, tool, arguments, meta, resolved)
            return self.inner.before_call(session, server, tool, arguments, meta, resolved, principal=principal)

        return self._timed("decide", "call", decide)

    def intend(self, session: Session, words: str) -> bool:
        """As the inner decider (not timed: it decides nothing)."""
        return self.inner.intend(session, words)

    def listable(self, server: str, tool: str, principal: Mapping[str, Any]) -> bool:
        """As the inner decider."""
        return self.inner.listable(server, tool, principal)

    def shows(self, message: McpMessage) -> bool:
        """As the inner decider."""
        return self.inner.shows(message)

    def after_call(
        self, session: Session, server: str, tool: str, result: Mapping[str, Any], *, principal: Wire = None
    ) -> ResultCheck:
        """As the inner decider, timed (stage ``observe``) and counted."""
        if principal is None:
            return self._timed("observe", "result", lambda: self.inner.after_call(session, server, tool, result))
        observed = partial(self.inner.after_call, session, server, tool, result, principal=principal)
        return self._timed("observe", "result", observed)

    def on_message(self, session: Session, message: McpMessage) -> ResultCheck:
        """As the inner decider, timed (stage ``observe``) and counted (phase ``message``)."""
        return self._timed("observe", "message", lambda: self.inner.on_message(session, message))

    def on_answer(self, session: Session, message: McpMessage) -> CallCheck:
        """As the inner decider, timed (stage ``decide``) and counted (phase ``message``)."""
        return self._timed("decide", "message", lambda: self.inner.on_answer(session, message))

    def _timed(self, stage: str, phase: str, decide: Callable[[], _Check]) -> _Check:
        """``decide()``, its time observed under ``stage`` and its decision counted under ``phase``."""
        started = time.perf_counter()
        check = decide()
        self._metrics.stages.observe(time.perf_counter() - started, stage=stage)
        self._metrics.decided(phase, check.decision)
        return check


class MeteredAudit:
    """An audit sink that times each append and notes the trail's lag behind the events."""

    def __init__(self, inner: AuditSink, metrics: GatewayMetrics) -> None:
        self.inner = inner
        self._metrics = metrics
        self.remote = bool(getattr(inner, "remote", False))
        """The inner sink's: whether its appends wait on the network."""

    def append(self, event: AuditEvent) -> Any:
        """Append through the inner sink (its errors are counted, then raised as they were)."""
        started = time.perf_counter()
        try:
            stored = self.inner.append(event)
        except Exception:
            self._metrics.audit_failures.inc()
            raise
        m = self._metrics
        now = time.time()
        m.stages.observe(time.perf_counter() - started, stage="audit")
        m.audit_events.inc(phase=event.phase.value)
        m.audit_lag.observe(max(0.0, now - event.time.timestamp()))
        m.audit_last.set(now)
        self._note(event)
        return stored

    def _note(self, event: AuditEvent) -> None:
        if event.phase is Phase.RESULT and event.latency_ms is not None and event.server:
            self._metrics.upstream_seconds.observe(event.latency_ms / 1000, server=event.server)
        details = event.details or {}
        if details.get("confirmation") and event.decision is not None:
            outcome = "approved" if event.decision.effect == "allow" else "declined"
            self._metrics.confirmations.inc(outcome=outcome)


class CallTracer(Protocol):
    """Opens a span around one tool call (:mod:`weir.observe.tracing` with OpenTelemetry)."""

    def start(self, call: ToolCall) -> Any:
        """Begin the call's span; what is returned is handed to :meth:`end`."""
        ...

    def end(self, span: Any, passage: Passage | None, error: BaseException | None) -> None:
        """End the span with the call's outcome (``error`` when the call raised)."""
        ...


class CallObserver(Protocol):
    """Watches each whole tool call of a gateway (``Gateway(observer=…)``)."""

    async def around(self, call: ToolCall, run: Callable[[], Awaitable[Passage]]) -> Passage:
        """Run the call (``run()``) and return its passage, watching it."""
        ...


class CallObservation:
    """Watches whole tool calls (the gateway's ``observer``): how each ended, how long it took."""

    def __init__(self, metrics: GatewayMetrics, tracer: CallTracer | None = None) -> None:
        self._metrics = metrics
        self._tracer = tracer

    async def around(self, call: ToolCall, run: Callable[[], Awaitable[Passage]]) -> Passage:
        """Run the call, counting and timing it (and tracing it when a tracer was given)."""
        span = self._tracer.start(call) if self._tracer is not None else None
        started = time.perf_counter()
        passage: Passage | None = None
        error: BaseException | None = None
        try:
            passage = await run()
            return passage
        except BaseException as exc:
            error = exc
            raise
        finally:
            self._metrics.call_seconds.observe(time.perf_counter() - started, server=call.server)
            self._metrics.calls.inc(server=call.server, outcome=outcome(passage))
            if self._tracer is not None:
                self._tracer.end(span, passage, error)


def outcome(passage: Passage | None) -> str:
    """How a call ended: ``ran``, ``blocked``, ``failed`` (upstream error or refusal) or ``asked``."""
    if passage is None or passage.error is not None:
        return "failed"
    if passage.interim:
        return "asked"
    if passage.post is None:
        return "blocked"
    return "blocked" if passage.result.get("isError") and str(passage.post.decision.applied) == "block" else "ran"
