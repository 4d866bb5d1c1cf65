"""The Guard's decisions on every other MCP message: what a server sends, and what a client answers.

A mixin of :class:`weir.guard.Guard`: ``on_message`` labels a server's message (resource
contents, a prompt, instructions, a list's descriptions, a notification, an error, a server's
own request…) and hands it to the stages a tool's result walks (``Guard._arrive``: join into the
session, the result-phase rules, fail closed on a failed scan); ``on_answer`` decides a client's
answer to a server's request like a call's arguments (the call-phase rules). See
:mod:`weir.guard.messages` for what is read from each message.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from weir.flow.labelling import Standing, result_label
from weir.flow.session import Session
from weir.guard import message_shaping, messages
from weir.guard.checks import CallCheck, ResultCheck
from weir.guard.messages import McpMessage
from weir.guard.shaping import mark_malicious
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.finding import Finding
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Origin
from weir.labels.vocab import Dialect
from weir.policy.activation import call_facts
from weir.policy.facts import ToolFacts

if TYPE_CHECKING:
    from weir.flow.provenance import ArgTaint
    from weir.flow.store import SessionStore
    from weir.labels.config import ServerConfig
    from weir.policy.decision import Decision
    from weir.policy.engine import Engine

__all__ = ["Arrival", "MessageDecisions"]


class Arrival(NamedTuple):
    """A message from a server, labelled, on its way into the session and the result rules."""

    server: str
    step: str
    """The session step it is recorded under (the tool, or the message's method and item)."""
    payload: Mapping[str, Any]
    label: DataLabel
    standing: Standing
    values: dict[str, Any]
    tool: ToolFacts
    message: dict[str, Any] | None
    """The ``message`` fact (``None``: a tool's result)."""
    findings: Sequence[Finding]
    principal: Mapping[str, Any] | None = None
    """The ``principal`` fact (``None``: the neutral one)."""


class MessageDecisions:
    """``on_message`` and ``on_answer``, over the Guard's own stages (declared here for the type checker)."""

    if TYPE_CHECKING:
        engine: Engine

        def _server(self, server: str) -> ServerConfig | None: ...
        def _scan_result(self, result: Mapping[str, Any], profile: ToolProfile) -> list[Finding]: ...
        def _arrive(self, session: Session, arrival: Arrival) -> Decision: ...
        def _taints(
            self, session: Session, key: tuple[str, str], args: dict[str, Any], tool: ToolFacts
        ) -> list[ArgTaint]: ...

        sessions: SessionStore

    def on_message(self, session: Session, message: McpMessage) -> ResultCheck:
        """Label a server's message (anything but a tool result: resource contents, a prompt,
        instructions, a list's descriptions, a notification, an error, a server's request…), join
        it into the session, decide it like a result and shape it. Never raises: an error blocks.

        ``ResultCheck.result`` is the payload as the client may see it (for a block, Weir's own
        explanation: the caller answers with an error instead of relaying anything).
        """
        try:
            return self._on_message(session, message)
        except Exception as exc:  # fail closed: the message is withheld, the error named
            decision = self.engine.failed(f"{type(exc).__name__}: {exc}")
            label = DataLabel(untrusted=True)
            with contextlib.suppress(Exception):
                session.observe(server=message.server, tool=message.step, label=label)
            return ResultCheck(decision, message_shaping.withheld(decision, message), label, ())

    def _on_message(self, session: Session, message: McpMessage) -> ResultCheck:
        payload = message.payload
        if not isinstance(payload, Mapping):
            raise TypeError(f"a message's payload must be an object, not {type(payload).__name__}")
        cfg = self._server(message.server)
        trusted = messages.is_trusted(cfg)
        profile, tfacts = messages.message_tool(message.server, message.method, trusted=trusted)
        findings = self._scan_result(payload, profile)
        label = result_label(messages.message_label(payload), BOTTOM, findings)
        untrusted = label.untrusted or label.malicious or not trusted
        stand = Standing(untrusted=untrusted, values_untrusted=untrusted, internal=not untrusted)
        if untrusted and not label.untrusted:
            label = label.join(_message_trust_label(message.server, trusted=trusted))
        fact = messages.message_fact(message, cfg)
        values = messages.message_values(payload)
        arrival = Arrival(
            message.server, message.step, payload, label, stand, values, tfacts, fact, findings, message.principal
        )
        decision = self._arrive(session, arrival)
        shaped = message_shaping.shape(payload, decision, findings, message)
        if label.malicious:
            shaped = mark_malicious(shaped)
        return ResultCheck(decision, shaped, label, tuple(findings))

    def on_answer(self, session: Session, message: McpMessage) -> CallCheck:
        """Decide what the client answers a server's request (a sampling completion, a filled-in
        form, its roots) before it reaches that server: data flowing to the server, decided like
        a tool call's arguments (its values' provenance, the session's labels). Never raises."""
        engine = self.engine
        try:
            cfg = self._server(message.server)
            profile, tfacts = messages.message_tool(message.server, message.method, trusted=messages.is_trusted(cfg))
            step = session.begin(message.server, f"{message.method} (answer)")
            args = {"answer": dict(message.payload)}
            # A message's stand-in tool reads and changes nothing: the answer is checked, not stored.
            taints = self._taints(session, (message.server, message.method), args, tfacts)
            facts = call_facts(
                session=session,
                tool=tfacts,
                server=message.server,
                server_config=cfg,
                arguments=args,
                taints=taints,
                roots=engine.roots("call"),
                fields=engine.fields("call"),
                message=messages.message_fact(message, cfg),
                principal=message.principal,
            )
            decision = engine.decide(facts, phase="call")
            self.sessions.put(session)
            return CallCheck(decision, {}, tuple(taints), profile, step)
        except Exception as exc:  # top of the decision path: fail closed
            return CallCheck(engine.failed(f"{type(exc).__name__}: {exc}"), {}, (), None)


@functools.lru_cache(maxsize=1024)  # a value per server: labels are frozen
def _message_trust_label(server: str, *, trusted: bool) -> DataLabel:
    why = f"server {server} is not trusted" if not trusted else f"server {server}'s message was flagged"
    return DataLabel(untrusted=True, origins={"untrusted": frozenset({Origin(dialect=Dialect.POLICY, path=why)})})
