"""Counterfactual replay: decide every recorded call again, through the Guard, as if it were live.

Each call is decided as if every earlier event had happened as recorded: results are fed to the
session exactly as they were recorded, whatever the new decision says about the call that
produced them. So a candidate policy that would have blocked call 3 is still judged on call 7
with call 3's result in the session — the question replay answers is "what would this policy
have said at each step of the sessions that really happened", not "what would the agent have
done next" (which no recording can tell).

The decisions come from :class:`weir.guard.Guard` — the same object the gateway calls — so
replay can never disagree with enforcement.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from weir.config import WeirConfig
from weir.detect.chain import Chain
from weir.flow.session import Session
from weir.guard import ChainLike, Guard
from weir.policy.decision import Decision, Verdict
from weir.policy.engine import Engine
from weir.trace import CallEvent, ResultEvent, SessionEvent, ToolsEvent, TraceLine

__all__ = ["IMPLICIT_SESSION", "Player", "Replay", "ReplayDecision", "guard_for", "replay"]

IMPLICIT_SESSION = "trace"
"""The agent session of calls recorded before any ``session`` event."""

Phase = Literal["call", "result"]


@dataclass(frozen=True, slots=True)
class ReplayDecision:
    """The decision on one recorded call or result."""

    line: int
    """0-based line of the event in the trace."""
    phase: Phase
    session: str
    server: str
    tool: str
    decision: Decision

    @property
    def effect(self) -> Verdict:
        """What the policy decided (before the mode; see docs/replay.md)."""
        return self.decision.effect

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form: line, phase, server, tool, effect, rules, reasons."""
        return {
            "line": self.line,
            "phase": self.phase,
            "server": self.server,
            "tool": self.tool,
            "effect": str(self.decision.effect),
            "rules": list(self.decision.rule_names),
            "reasons": list(self.decision.reasons),
        }


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
        calls = Counter(d.effect for d in self.decisions if d.phase == "call")
        results = Counter(d.effect for d in self.decisions if d.phase == "result")
        return {
            "sessions": len(self.sessions),
            "calls": calls.total(),
            "results": results.total(),
            "call_effects": {str(v): calls[v] for v in Verdict},
            "result_effects": {str(v): results[v] for v in Verdict},
            "stopped_calls": calls[Verdict.CONFIRM] + calls[Verdict.BLOCK],
            "errors": sum(1 for d in self.decisions if d.decision.error is not None),
        }

    def to_json(self) -> dict[str, Any]:
        """``{"decisions": [...], "summary": {...}}`` as documented in DESIGN.md."""
        return {"decisions": [d.to_json() for d in self.decisions], "summary": self.summary()}


class Player:
    """Feeds trace events to a Guard one at a time, keeping each agent session across switches."""

    def __init__(self, guard: Guard) -> None:
        self.guard = guard
        self.out = Replay()
        self._sessions: dict[str, Session] = {}
        self._current: Session | None = None

    def _session(self, session_id: str) -> Session:
        session = self._sessions.get(session_id)
        if session is None:
            session = self._sessions[session_id] = self.guard.session(session_id)
            self.out.sessions.append(session_id)
        return session

    def switch(self, session_id: str) -> None:
        """Make ``session_id`` the current agent session (as a ``session`` event does)."""
        self._current = self._session(session_id)

    def feed(self, tl: TraceLine) -> None:
        """Apply one event: switch session, register tools, or decide a call or a result."""
        event = tl.event
        if isinstance(event, SessionEvent):
            self.switch(event.id)
        elif isinstance(event, ToolsEvent):
            self.guard.register_tools(event.server, event.tools)
        elif isinstance(event, CallEvent):
            session = self._current or self._session(IMPLICIT_SESSION)
            check = self.guard.before_call(session, event.server, event.tool, event.arguments, event.meta)
            self._record(tl.line, "call", session, event, check.decision)
        else:
            session = self._current or self._session(IMPLICIT_SESSION)
            # Counterfactual: the result is observed as recorded, whatever the call's decision was.
            result = self.guard.after_call(session, event.server, event.tool, event.result)
            self._record(tl.line, "result", session, event, result.decision)

    def _record(self, line: int, phase: Phase, session: Session, event: CallEvent | ResultEvent, d: Decision) -> None:
        self.out.decisions.append(ReplayDecision(line, phase, session.id, event.server, event.tool, d))


def guard_for(config: WeirConfig, *, engine: Engine | None = None, chain: ChainLike | None = None) -> Guard:
    """The Guard a replay decides with: built from ``config`` as the gateway builds its own.

    The detector chain is the one ``config.detectors`` describes (a fresh one, so tool pins start
    empty as they would in a new gateway); ``engine`` replaces the one built from
    ``config.policy`` (explain passes an instrumented copy, the evaluation a shared compiled one).
    """
    return Guard(config, engine=engine, chain=chain if chain is not None else Chain.from_specs(config.detectors))


def replay(lines: Iterable[TraceLine], config: WeirConfig, *, guard: Guard | None = None) -> Replay:
    """Replay a trace against ``config`` (its servers, overrides, detectors and policy).

    A fresh Guard is built from ``config`` unless one is given (its sessions then persist
    across replays: pass one only to replay several traces into the same sessions).
    """
    player = Player(guard or guard_for(config))
    for tl in lines:
        player.feed(tl)
    return player.out
