"""The one call pipeline: resolve → decide → confirm → forward → observe → decide → release → audit.

``weir gateway``, :class:`weir.client.WeirClient` and ``weir replay`` all walk it; what differs
between them is only what they plug in (:mod:`weir.pipeline.ports`): how a call reaches its
server, how the user is asked, where events go. Replay is counterfactual, so it uses the two
synchronous stages — :meth:`CallPipeline.decide` and :meth:`CallPipeline.observe` — on recorded
calls and results, where the live callers use :meth:`CallPipeline.run`.

The order is the contract: the pre-call decision is audited before anything runs; the post-call
decision is audited before the result is released; an upstream failure becomes a clear error
result for that call only. Nothing here raises for a policy outcome, and a decider that fails
blocks (fail closed) with the error in the reason.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from weir.audit.event import AuditEvent
from weir.audit.evidence import attach, new_ref, reference
from weir.errors import ProtocolError, UpstreamError
from weir.flow.session import Session
from weir.guard.checks import CallCheck, ResultCheck, ToolsReview
from weir.guard.shaping import blocked_result, declined, error_result, warn_result
from weir.labels.datalabel import DataLabel
from weir.labels.evidenceref import EvidenceRef
from weir.pipeline import ports
from weir.pipeline.flows import MessageFlow
from weir.pipeline.ports import Answer, Approved, Declined, Deferred, ToolCall
from weir.pipeline.records import CallRecords, failed_decision, kept_at, tools_event, tools_failed
from weir.pipeline.worker import OPEN, Gate, Worker, small
from weir.policy.decision import Decision, Verdict
from weir.trace import CallEvent, ConfirmEvent, ResultEvent, ToolsEvent, TraceEvent, UserEvent

__all__ = ["CallPipeline", "Passage"]


@dataclass(frozen=True)
class Passage:
    """One call's way through the pipeline: the decisions, and what the client receives."""

    call: ToolCall
    check: CallCheck
    """The pre-call decision (after a ``tools/resolve`` answer, when the tool offered one)."""
    result: dict[str, Any]
    """What the client receives: the released result, the blocking or error result, or an interim answer."""
    post: ResultCheck | None = None
    """The decision on the result (``None`` when the call did not run or did not finish)."""
    confirmed: bool | None = None
    """For a call that was confirmed: the answer (``None`` when nobody was asked)."""
    error: str | None = None
    """The upstream failed: its message."""
    interim: bool = False
    """``result`` is a question for the client (2026-07-28 ``input_required``), not the call's result."""
    resolved: bool = False
    """The pre-call decision used the server's ``tools/resolve`` answer."""


class CallPipeline:
    """Decides, asks, forwards, observes and releases tool calls for one decider."""

    def __init__(
        self,
        decider: ports.Decider,
        *,
        audit: ports.AuditSink | None = None,
        recorder: ports.Recorder | None = None,
        worker: Worker | None = None,
        evidence: bool = True,
        by_effect: bool = False,
    ) -> None:
        self.decider = decider
        self.audit = audit
        self.evidence = evidence
        """Released results name their audit record (:mod:`weir.audit.evidence`; only with ``audit``)."""
        self.by_effect = by_effect
        """Each record keeps what its decision's ``audit_level`` says (:func:`records.kept_at`);
        off: every record is kept in full."""
        self.recorder = recorder
        self.worker = worker or Worker()
        """Where :meth:`run` runs the heavy stages (inline unless the worker has a budget)."""
        self._listed: dict[str, str] = {}
        self.messages = MessageFlow(self)
        """Every other message through the same decider, audit and recorder (:mod:`weir.pipeline.flows`)."""

    # -- tools/list ---------------------------------------------------------------------

    def register_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> ToolsReview | None:
        """Read a server's tool list; ``None`` when it cannot be reviewed (its tools are then not exposed).

        A list that differs from the server's previous one is recorded and audited with its findings.
        """
        try:
            review = self.decider.register_tools(server, tools)
        except Exception as exc:  # decision boundary: a tool list that cannot be reviewed is not exposed
            why = f"reviewing the tools failed: {type(exc).__name__}: {exc}"
            self._append(tools_failed(server, failed_decision(why)))
            return None
        if self.audit is None and self.recorder is None:
            return review
        fingerprint = json.dumps(tools, sort_keys=True, default=str)
        if self._listed.get(server) != fingerprint:
            self._listed[server] = fingerprint
            if self.recorder is not None:
                self.recorder.record(ToolsEvent(server, [dict(t) for t in tools]))
            self._append(tools_event(server, tools, review))
        return review

    async def review_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> ToolsReview | None:
        """:meth:`register_tools` through the worker: a list too large to review in time is not exposed."""

        def timed_out(why: str) -> ToolsReview | None:
            self._append(tools_failed(server, failed_decision(f"reviewing the tools failed: {why}")))
            return None

        return await self.worker.stage(
            f"tools/list {server}", lambda _: self.register_tools(server, tools), timed_out, sessions=()
        )

    # -- the stages ---------------------------------------------------------------------

    def intend(self, session_id: str, words: str) -> None:
        """The user said ``words`` in agent session ``session_id`` (a trusted host passed them, or a
        trace's ``user`` event): recorded, then handed to the decider, before the calls they cover.
        The words a session already holds last are not recorded again."""
        try:
            session = self.decider.session(session_id)
            if self.decider.intend(session, words) and self.recorder is not None:
                self.recorder.record(UserEvent(words.strip()), session_id)
        except Exception:  # the words only ever vouch: without them the call is decided as if unsaid
            return

    def _decide(self, session: Session, call: ToolCall, resolved: Mapping[str, Any] | None) -> CallCheck:
        """The decider's pre-call check; the principal fact is passed only when the call has one, so
        deciders that predate it keep working."""
        args = (session, call.server, call.tool, call.arguments, call.meta, resolved)
        if call.principal is None:
            return self.decider.before_call(*args)
        return self.decider.before_call(*args, principal=call.principal)

    def decide(
        self,
        call: ToolCall,
        resolved: Mapping[str, Any] | None = None,
        *,
        answer: Approved | Declined | None = None,
        gate: Gate = OPEN,
    ) -> CallCheck:
        """Record the call, decide it, audit the decision (unless ``gate`` was abandoned meanwhile).

        ``answer``: the call is a retry carrying the user's answer to an earlier question (2026-07-28);
        it is decided again, and audited again only when it now blocks (the question was audited).
        """
        if call.intent:
            self.intend(call.session, call.intent)
        if self.recorder is not None:
            self.recorder.record(_asked(call, resolved, answer), call.session)
        try:
            session = self.decider.session(call.session)
            check = self._decide(session, call, resolved)
        except Exception as exc:  # decision boundary: any failure blocks (fail closed)
            check = CallCheck(failed_decision(f"deciding failed: {type(exc).__name__}: {exc}"), {}, (), None)
        if not gate.commit():
            return check  # abandoned past the budget: the waiter recorded the block it answered with
        if self.audit is not None and (answer is None or check.decision.applied is Verdict.BLOCK):
            ref = self._block_ref(blocks=check.decision.applied is Verdict.BLOCK)
            records = CallRecords(call)
            event = records.call(check.decision, call.arguments, resolve_problems=check.resolve_problems, evidence=ref)
            if ref is not None:  # the blocked result will name this record
                check = replace(check, evidence=reference(event))
            self.audit.append(self.kept(event, check.decision))
        return check

    def _block_ref(self, *, blocks: bool = True) -> str | None:
        """A fresh reference for the record of a block (``None``: not a block, or no evidence given)."""
        return new_ref() if blocks and self.evidence and self.audit is not None else None

    def observe(self, call: ToolCall, result: Mapping[str, Any]) -> ResultCheck:
        """Record a result as the server sent it, then label, decide and shape it (never raises)."""
        if self.recorder is not None:
            self.recorder.record(ResultEvent(call.server, call.tool, dict(result)), call.session)
        try:
            session = self.decider.session(call.session)
            if call.principal is None:  # deciders that predate the principal fact keep working
                return self.decider.after_call(session, call.server, call.tool, result)
            return self.decider.after_call(session, call.server, call.tool, result, principal=call.principal)
        except Exception as exc:  # decision boundary: the result is withheld
            why = f"deciding failed: {type(exc).__name__}: {exc}"
            return ResultCheck(failed_decision(why), {}, DataLabel(untrusted=True), ())

    def release(
        self,
        call: ToolCall,
        check: CallCheck,
        post: ResultCheck,
        raw: Mapping[str, Any],
        *,
        latency_ms: float = 0.0,
        gate: Gate = OPEN,
    ) -> dict[str, Any]:
        """Audit the post-call decision, then hand back the result as the client will see it.

        ``raw`` is the result as the server sent it (the audit copy is redacted from it). Nothing is
        audited when ``gate`` was abandoned meanwhile (the waiter withheld the result). With
        :attr:`evidence`, the released result names the record in its trust-annotations
        ``evidenceRef`` (type ``policy-decision``, the JCS digest of the record's decision evidence).
        """
        released = _release(call, check, post)
        if gate.commit() and self.audit is not None:
            ref = new_ref() if self.evidence else None
            event = CallRecords(call).result(post, raw, released, latency_ms, evidence=ref)
            if ref is not None:  # the record keeps the result as released, without its own reference
                released = attach(released, reference(event))
            self.audit.append(self.kept(event, post.decision))
        return released

    def kept(self, event: AuditEvent, decision: Decision) -> AuditEvent:
        """``event`` as the trail keeps it: in full, or (``by_effect``) at its decision's audit level."""
        return kept_at(event, decision.obligations.audit_level) if self.by_effect else event

    # -- the whole call -----------------------------------------------------------------

    async def run(
        self, call: ToolCall, router: ports.Router, asker: ports.Asker, *, answer: Answer | None = None
    ) -> Passage:
        """Take one call all the way. ``answer``: the client's answer to an earlier :class:`Deferred` question."""
        resolved = await router.resolve(call)
        retry = answer if isinstance(answer, Approved | Declined) else None
        check = await self.worker.stage(
            call.session,
            lambda gate: self.decide(call, resolved, answer=retry, gate=gate),
            lambda why: self._decision_failed(call, why),
            inline=small(call.arguments, call.meta, resolved),
        )
        applied = check.decision.applied
        was_resolved = resolved is not None and not check.resolve_problems
        if applied is Verdict.BLOCK:
            result = _named(blocked_result(check.decision, tool=call.name), check.evidence)
            return Passage(call, check, result, resolved=was_resolved)
        if answer is None and applied is Verdict.CONFIRM:
            answer = await asker.ask(call, check)
        if isinstance(answer, Deferred):
            return Passage(call, check, answer.result, interim=True, resolved=was_resolved)
        if isinstance(answer, Declined):
            ref = self._confirmed(
                call, "weir/confirm", answer.reason, approved=False, base=check, recorded=retry is not None
            )
            result = _named(blocked_result(declined(check.decision, answer.reason), tool=call.name), ref)
            return Passage(call, check, result, confirmed=False, resolved=was_resolved)
        confirmed: bool | None = None
        if isinstance(answer, Approved):
            self._confirmed(call, answer.rule, answer.reason, approved=True, recorded=retry is not None)
            confirmed = True
        return await self._forward(call, check, router, confirmed, was_resolved)

    def _confirmed(
        self,
        call: ToolCall,
        rule: str,
        reason: str,
        *,
        approved: bool,
        base: CallCheck | None = None,
        recorded: bool = False,
    ) -> EvidenceRef | None:
        """Audit (and, unless the retry already recorded it, record) a confirmation's outcome; a
        declined call's record gets a reference, returned for its blocked result to carry."""
        if self.recorder is not None and not recorded:
            self.recorder.record(ConfirmEvent(call.server, call.tool, approved, reason), call.session)
        effect = "allow" if approved else "block"
        ref = self._block_ref(blocks=not approved)
        event = CallRecords(call).note(effect, rule, reason, base=base.decision if base else None, evidence=ref)
        self._append(event)
        return None if ref is None else reference(event)

    async def _forward(
        self, call: ToolCall, check: CallCheck, router: ports.Router, confirmed: bool | None, resolved: bool
    ) -> Passage:
        started = time.perf_counter()
        try:
            forwarded = await router.forward(call, check)
        except UpstreamError as exc:
            self._append(CallRecords(call).error(exc.message, _since(started)))
            result = error_result(call.name, exc.message)
            return Passage(call, check, result, confirmed=confirmed, error=exc.message, resolved=resolved)
        except ProtocolError as exc:  # the server refused: audited here, passed on by the transport
            code = getattr(exc, "code", None)
            self._append(CallRecords(call).error(f"error {code}: {exc.message}", _since(started)))
            raise
        if not forwarded.final:
            return Passage(call, check, forwarded.result, confirmed=confirmed, interim=True, resolved=resolved)
        latency = _since(started)
        result = forwarded.result

        def observe_and_release(gate: Gate) -> tuple[ResultCheck, dict[str, Any]]:
            post = self.observe(call, result)
            return post, self.release(call, check, post, result, latency_ms=latency, gate=gate)

        post, released = await self.worker.stage(
            call.session,
            observe_and_release,
            lambda why: self._result_failed(call, why, latency),
            inline=small(result),
        )
        return Passage(call, check, released, post=post, confirmed=confirmed, resolved=resolved)

    def _decision_failed(self, call: ToolCall, why: str) -> CallCheck:
        """The call's decision did not come in time: block, and record that (not the arguments' text)."""
        check = CallCheck(failed_decision(why), {}, (), None)
        ref = self._block_ref()
        event = CallRecords(call).call(check.decision, call.arguments, stripped=True, evidence=ref)
        self._append(event)
        return check if ref is None else replace(check, evidence=reference(event))

    def _result_failed(self, call: ToolCall, why: str, latency_ms: float) -> tuple[ResultCheck, dict[str, Any]]:
        """The result's decision did not come in time: withhold it, and record that."""
        post = ResultCheck(failed_decision(why), {}, DataLabel(untrusted=True), ())
        released = blocked_result(post.decision, tool=call.name, phase="result")
        ref = self._block_ref()
        event = CallRecords(call).result(post, {}, released, latency_ms, evidence=ref)
        self._append(event)
        return post, _named(released, None if ref is None else reference(event))

    def _append(self, event: Any) -> None:
        if self.audit is not None:
            self.audit.append(event)


def _named(result: dict[str, Any], ref: EvidenceRef | None) -> dict[str, Any]:
    """A blocked call's result, naming the audit record of the block when there is one."""
    return result if ref is None else attach(result, ref)


def _release(call: ToolCall, check: CallCheck, post: ResultCheck) -> dict[str, Any]:
    """The result as the client will see it: the guard's shaped result plus the pre-call warning."""
    applied = post.decision.applied
    if applied is Verdict.BLOCK and post.result.get("isError") is not True:
        # Blocked, but what came back is releasable: withhold it anyway.
        return blocked_result(post.decision, tool=call.name, phase="result")
    if check.decision.applied is Verdict.WARN and applied is not Verdict.BLOCK:
        return warn_result(post.result, check.decision)
    return dict(post.result)


def _asked(call: ToolCall, resolved: Mapping[str, Any] | None, answer: Approved | Declined | None) -> TraceEvent:
    """The trace event of a call: the call itself, or — for a retry carrying an answer — the answer
    with what the call is decided again with."""
    answered = dict(resolved) if resolved is not None else None
    if answer is None:
        # Only a proven principal's claims are recorded: the other principals' facts are their id
        # alone, which a replay of the same deployment gives them again.
        proven = dict(call.principal) if call.principal and call.principal.get("authenticated") else None
        return CallEvent(call.server, call.tool, dict(call.arguments), dict(call.meta), answered, proven)
    approved = isinstance(answer, Approved)
    return ConfirmEvent(call.server, call.tool, approved, answer.reason, True, dict(call.meta), answered)


def _since(started: float) -> float:
    return (time.perf_counter() - started) * 1000
