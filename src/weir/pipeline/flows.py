"""Every other MCP message through the pipeline: record → label/join/decide/shape → audit.

A tool call is one flow among many. A server also sends resource contents, prompts, its
instructions, the descriptions in its lists, notifications, errors, completions, interim and
task results, and requests of its own (sampling, elicitation, roots); the client answers those
requests. Each is one :class:`weir.guard.messages.McpMessage` and takes the same way through the
same stages a tool's result takes (:meth:`MessageFlow.arrive`), or — a client's answer, data
flowing to the server — the way a call's arguments take (:meth:`MessageFlow.answer`). The
gateway, ``weir.client`` and ``weir replay`` all pass messages through here, so replaying a
trace decides each exactly as it was decided live.

The order is the contract, as for calls: the message is recorded as it came, decided, and the
decision audited (one row per message) before the caller relays anything of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from weir.guard.checks import CallCheck, ResultCheck
from weir.guard.message_shaping import withheld
from weir.guard.messages import ANSWER, McpMessage
from weir.labels.datalabel import DataLabel
from weir.pipeline.records import failed_decision, message_event
from weir.pipeline.worker import OPEN, Gate, small
from weir.trace import MessageEvent

if TYPE_CHECKING:
    from weir.pipeline.call import CallPipeline

__all__ = ["MessageFlow"]

_T = TypeVar("_T")


class MessageFlow:
    """Decides, audits and records the messages of one pipeline (its decider, audit and recorder)."""

    def __init__(self, pipeline: CallPipeline) -> None:
        self._pipeline = pipeline

    def arrive(
        self,
        session: str,
        message: McpMessage,
        *,
        connection: str = "",
        gate: Gate = OPEN,
        principal: str | None = None,
    ) -> ResultCheck:
        """Record a server's message as sent, then label, join, decide and shape it, and audit the
        decision (unless ``gate`` was abandoned meanwhile). Never raises. ``principal``: whose
        connection it is for, kept in the audit row only (the decision reads ``message.principal``)."""
        p = self._pipeline
        self._record(session, message)
        try:
            check = p.decider.on_message(p.decider.session(session), message)
        except Exception as exc:  # decision boundary: the message is withheld
            decision = failed_decision(f"deciding failed: {type(exc).__name__}: {exc}")
            check = ResultCheck(decision, withheld(decision, message), DataLabel(untrusted=True), ())
        if gate.commit() and p.audit is not None:
            p.audit.append(p.kept(message_event(session, connection, message, check, principal), check.decision))
        return check

    def answer(
        self,
        session: str,
        message: McpMessage,
        *,
        connection: str = "",
        gate: Gate = OPEN,
        principal: str | None = None,
    ) -> CallCheck:
        """Record a client's answer to a server's request, decide it before it reaches the server,
        and audit the decision. Never raises."""
        p = self._pipeline
        if message.kind != ANSWER:
            raise ValueError(f"an answer's kind is {ANSWER!r}, not {message.kind!r}")
        self._record(session, message)
        try:
            check = p.decider.on_answer(p.decider.session(session), message)
        except Exception as exc:  # decision boundary: the answer is not sent
            check = CallCheck(failed_decision(f"deciding failed: {type(exc).__name__}: {exc}"), {}, (), None)
        if gate.commit() and p.audit is not None:
            p.audit.append(p.kept(message_event(session, connection, message, check, principal), check.decision))
        return check

    async def arriving(
        self, session: str, message: McpMessage, *, connection: str = "", principal: str | None = None
    ) -> ResultCheck:
        """:meth:`arrive` through the pipeline's worker (one decision of a session at a time)."""

        def late(why: str) -> ResultCheck:
            decision = failed_decision(why)
            return self._late(
                session,
                connection,
                message,
                ResultCheck(decision, withheld(decision, message), DataLabel(untrusted=True), ()),
                principal,
            )

        def run(gate: Gate) -> ResultCheck:
            return self.arrive(session, message, connection=connection, gate=gate, principal=principal)

        return await self._stage(session, run, late, message)

    async def answering(
        self, session: str, message: McpMessage, *, connection: str = "", principal: str | None = None
    ) -> CallCheck:
        """:meth:`answer` through the pipeline's worker."""

        def late(why: str) -> CallCheck:
            check = CallCheck(failed_decision(why), {}, (), None)
            return self._late(session, connection, message, check, principal)

        def run(gate: Gate) -> CallCheck:
            return self.answer(session, message, connection=connection, gate=gate, principal=principal)

        return await self._stage(session, run, late, message)

    async def _stage(
        self, session: str, run: Callable[[Gate], _T], late: Callable[[str], _T], message: McpMessage
    ) -> _T:
        inline = small(message.payload)
        return await self._pipeline.worker.stage(session, run, late, inline=inline)

    def _late(self, session: str, connection: str, message: McpMessage, check: _C, principal: str | None) -> _C:
        """The decision did not come in time: withheld (fail closed), and audited so."""
        audit = self._pipeline.audit
        if audit is not None:
            audit.append(message_event(session, connection, message, check, principal))
        return check

    def _record(self, session: str, message: McpMessage) -> None:
        recorder = self._pipeline.recorder
        if recorder is not None:
            event = MessageEvent(
                message.server,
                message.method,
                message.direction,
                dict(message.payload),
                message.resolved_kind,
                message.item,
            )
            recorder.record(event, session)


_C = TypeVar("_C", ResultCheck, CallCheck)
