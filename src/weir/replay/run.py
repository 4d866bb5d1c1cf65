"""Counterfactual replay: decide every recorded call again, through the Guard, as if it were live.

Each call is decided as if every earlier event had happened as recorded: results are fed to the
session exactly as they were recorded, whatever the new decision says about the call that
produced them. So a candidate policy that would have blocked call 3 is still judged on call 7
with call 3's result in the session — the question replay answers is "what would this policy
have said at each step of the sessions that really happened", not "what would the agent have
done next" (which no recording can tell).

The decisions come from the same pipeline stages the gateway and ``weir.client`` walk
(:meth:`weir.pipeline.CallPipeline.decide` and :meth:`~weir.pipeline.CallPipeline.observe`) over
:class:`weir.guard.Guard`, so replay can never disagree with enforcement. A trace recorded by the
gateway also carries what a live decision depended on besides the session — the ``tools/resolve``
answer, the retry a confirmation answer caused, the answer itself — and replay uses them too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from weir.detect.chain import Chain
from weir.guard import ChainLike, Guard, GuardConfig
from weir.guard.messages import ANSWER, McpMessage
from weir.pipeline import Approved, CallPipeline, Declined, ToolCall
from weir.policy.decision import Decision, Verdict
from weir.policy.engine import Engine
from weir.trace import CallEvent, ConfirmEvent, MessageEvent, SessionEvent, ToolsEvent, TraceLine, UserEvent

__all__ = ["IMPLICIT_SESSION", "Player", "Replay", "ReplayDecision", "guard_for", "replay"]

IMPLICIT_SESSION = "trace"
"""The agent session of calls recorded before any ``session`` event."""

Phase = Literal["call", "result", "message"]


@dataclass(frozen=True, slots=True)
class ReplayDecision:
    """The decision on one recorded call or result."""

    line: int
    """0-based line of the event in the trace."""
    phase: Phase
    """``call``, ``result``, or ``message`` (any other message: its ``tool`` is the message's step)."""
    session: str
    server: str
    tool: str
    decision: Decision
    retry: bool = False
    """The call was decided again when the client came back with its answer to a confirmation."""
    confirmed: bool | None = None
    """The recorded answer to this call's confirmation (``None``: none recorded)."""
    direction: str = ""
    """For a message: ``to_client`` (decided like a result) or ``to_server`` (a client's answer,
    decided like a call)."""

    @property
    def rules_phase(self) -> Literal["call", "result"]:
        """The phase of the rules that decided it (a message from a server: the result rules)."""
        if self.phase == "message":
            return "call" if self.direction == "to_server" else "result"
        return self.phase

    @property
    def effect(self) -> Verdict:
        """What the policy decided (before the mode; see docs/replay.md)."""
        return self.decision.effect

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form: line, phase, server, tool, effect, rules, reasons (and, when the
        trace recorded them, ``retry`` and ``confirmed``)."""
        out: dict[str, Any] = {
            "line": self.line,
            "phase": self.phase,
            "server": self.server,
            "tool": self.tool,
            "effect": str(self.decision.effect),
            "rules": list(self.decision.rule_names),
            "reasons": list(self.decision.reasons),
        }
        if self.retry:
            out["retry"] = True
        if self.confirmed is not None:
            out["confirmed"] = self.confirmed
        if self.direction:
            out["direction"] = self.direction
        return out


@dataclass
class Replay:
    """Every decision of one replay, in trace order."""

    decisions: list[ReplayDecision] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    """Agent session ids in order of first appearance."""

    def calls(self) -> list[ReplayDecision]:
        """The pre-call decisions only."""
        return [d for d in self.decisions if d.phase == "call"]

    def summary(self) -> dict[str, Any]:
        """Counts per phase and effect (every effect present, zero or not), and failed decisions."""
        calls = Counter(d.effect for d in self.decisions if d.phase == "call" and not d.retry)
        results = Counter(d.effect for d in self.decisions if d.phase == "result")
        messages = Counter(d.effect for d in self.decisions if d.phase == "message")
        return {
            "sessions": len(self.sessions),
            "calls": calls.total(),
            "results": results.total(),
            "call_effects": {str(v): calls[v] for v in Verdict},
            "result_effects": {str(v): results[v] for v in Verdict},
            "stopped_calls": calls[Verdict.CONFIRM] + calls[Verdict.BLOCK],
            "errors": sum(1 for d in self.decisions if d.decision.error is not None),
            **({"retries": retries} if (retries := sum(1 for d in self.decisions if d.retry)) else {}),
            **(
                {"messages": messages.total(), "message_effects": {str(v): messages[v] for v in Verdict}}
                if messages
                else {}
            ),
        }

    def to_json(self) -> dict[str, Any]:
        """``{"decisions": [...], "summary": {...}}`` as docs/replay.md documents it."""
        return {"decisions": [d.to_json() for d in self.decisions], "summary": self.summary()}


class Player:
    """Feeds trace events through the pipeline's stages one at a time, keeping each agent session."""

    def __init__(self, guard: Guard) -> None:
        self.guard = guard
        self.pipeline = CallPipeline(guard)
        self.out = Replay()
        self._known: set[str] = set()
        self._current: str | None = None
        self._latest: dict[str, tuple[int, ToolCall]] = {}  # session → its latest call and its decision's index

    def _session(self, session_id: str) -> str:
        if session_id not in self._known:
            self._known.add(session_id)
            self.guard.session(session_id)
            self.out.sessions.append(session_id)
        return session_id

    def switch(self, session_id: str) -> None:
        """Make ``session_id`` the current agent session (as a ``session`` event does)."""
        self._current = self._session(session_id)

    def feed(self, tl: TraceLine) -> None:
        """Apply one event: switch session, register tools, decide a call or a result, note an answer."""
        event = tl.event
        if isinstance(event, SessionEvent):
            self.switch(event.id)
        elif isinstance(event, ToolsEvent):
            self.pipeline.register_tools(event.server, event.tools)
        elif isinstance(event, CallEvent):
            session = self._current or self._session(IMPLICIT_SESSION)
            call = ToolCall(session, event.server, event.tool, event.arguments, event.meta, principal=event.principal)
            check = self.pipeline.decide(call, event.resolved)
            self._latest[session] = (len(self.out.decisions), call)
            self._record(tl.line, "call", call, check.decision)
        elif isinstance(event, ConfirmEvent):
            self._answer(tl.line, self._current or self._session(IMPLICIT_SESSION), event)
        elif isinstance(event, MessageEvent):
            self._message(tl.line, self._current or self._session(IMPLICIT_SESSION), event)
        elif isinstance(event, UserEvent):
            self.pipeline.intend(self._current or self._session(IMPLICIT_SESSION), event.text)
        else:
            session = self._current or self._session(IMPLICIT_SESSION)
            # Counterfactual: the result is observed as recorded, whatever the call's decision was;
            # by the principal of the session's latest call (a session never crosses principals).
            latest = self._latest.get(session)
            call = ToolCall(session, event.server, event.tool, principal=latest[1].principal if latest else None)
            self._record(tl.line, "result", call, self.pipeline.observe(call, event.result).decision)

    def _message(self, line: int, session: str, event: MessageEvent) -> None:
        """Any other message, decided again through the same flow as live (a client's answer like a call)."""
        kind = event.kind or (ANSWER if event.direction == "to_server" else "")
        message = McpMessage(event.server, event.method, event.message, kind, event.item)
        flow = self.pipeline.messages
        if message.resolved_kind == ANSWER:
            decision = flow.answer(session, message).decision
        else:
            decision = flow.arrive(session, message).decision
        self.out.decisions.append(
            ReplayDecision(line, "message", session, event.server, message.step, decision, direction=message.direction)
        )

    def _answer(self, line: int, session: str, event: ConfirmEvent) -> None:
        """The answer to the session's latest call: noted on its decision, or — on a retry — decided again."""
        latest = self._latest.get(session)
        if latest is None:
            return  # an answer without its call: nothing to attach it to
        index, call = latest
        if not event.retry:
            self.out.decisions[index] = replace(self.out.decisions[index], confirmed=event.approved)
            return
        again = ToolCall(session, call.server, call.tool, call.arguments, event.meta, principal=call.principal)
        answer = Approved(reason=event.reason) if event.approved else Declined(event.reason)
        check = self.pipeline.decide(again, event.resolved, answer=answer)
        self._record(line, "call", again, check.decision, retry=True, confirmed=event.approved)

    def _record(
        self,
        line: int,
        phase: Phase,
        call: ToolCall,
        d: Decision,
        *,
        retry: bool = False,
        confirmed: bool | None = None,
    ) -> None:
        decided = ReplayDecision(line, phase, call.session, call.server, call.tool, d, retry, confirmed)
        self.out.decisions.append(decided)


def guard_for(config: GuardConfig, *, engine: Engine | None = None, chain: ChainLike | None = None) -> Guard:
    """The Guard a replay decides with: built from ``config`` as the gateway builds its own.

    The detector chain is the one ``config.detectors`` describes (a fresh one, so tool pins start
    empty as they would in a new gateway); ``engine`` replaces the one built from
    ``config.policy`` (explain passes an instrumented copy, the evaluation a shared compiled one).
    """
    return Guard(config, engine=engine, chain=chain if chain is not None else Chain.from_specs(config.detectors))


def replay(lines: Iterable[TraceLine], config: GuardConfig, *, guard: Guard | None = None) -> Replay:
    """Replay a trace against ``config`` (its servers, overrides, detectors and policy).

    A fresh Guard is built from ``config`` unless one is given (its sessions then persist
    across replays: pass one only to replay several traces into the same sessions).
    """
    player = Player(guard or guard_for(config))
    for tl in lines:
        player.feed(tl)
    return player.out
