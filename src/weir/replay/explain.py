"""`weir policy explain`: one recorded call (or result), and every rule's verdict on it.

The facts a rule sees are exactly the ones the Guard built for the real decision: the trace is
replayed through a Guard whose engine also keeps the facts of the last decision, so an
explanation can never describe a different decision path from the one that enforces. Each rule
then says whether it matched and why: the reason it gives when it matches, or — when it does
not — its condition and the values of every fact the condition mentions.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from weir.errors import WeirError
from weir.guard.config import GuardConfig
from weir.policy.compiler import referenced_facts
from weir.policy.decision import Decision, Verdict
from weir.policy.engine import Engine
from weir.policy.facts import Facts
from weir.replay.run import Player, ReplayDecision, guard_for
from weir.trace import CallEvent, ResultEvent, TraceLine, parse_event

__all__ = ["Explanation", "FactKeepingEngine", "RuleExplanation", "explain_call", "explain_line"]

Phase = Literal["call", "result"]


@dataclass(frozen=True, slots=True)
class RuleExplanation:
    """One rule's verdict on one decision."""

    name: str
    effect: Verdict
    phase: Phase
    matched: bool | None
    """True / False; None when the rule is for the other phase or raised (see ``why``)."""
    why: str
    facts: dict[str, Any] = field(default_factory=dict)
    """Each fact the condition mentions and its value in this decision."""

    def to_json(self) -> dict[str, Any]:
        """JSON form for ``--json``."""
        return {"rule": self.name, "effect": str(self.effect), "phase": self.phase, "matched": self.matched,
                "why": self.why, "facts": self.facts}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Explanation:
    """The decision on one event and every rule's verdict (rules of both phases, in policy order)."""

    decided: ReplayDecision
    rules: list[RuleExplanation]

    def to_json(self) -> dict[str, Any]:
        """The decision as `weir replay --json` prints it, plus ``explain``: one entry per rule."""
        return {**self.decided.to_json(), "explain": [r.to_json() for r in self.rules]}


class FactKeepingEngine(Engine):
    """The configured engine, unchanged, except that it keeps the facts of its last decision."""

    def __init__(self, base: Engine) -> None:
        super().__init__(base.rules, base.mode)
        self.last: dict[str, Facts] = {}

    def decide(self, facts: Facts | Mapping[str, Any], *, phase: Phase) -> Decision:
        kept = facts if isinstance(facts, Facts) else Facts(dict(facts))
        self.last[phase] = kept
        return super().decide(kept, phase=phase)


def _keeper(config: GuardConfig) -> FactKeepingEngine:
    return FactKeepingEngine(Engine.from_config(config.policy, base_dir=config.base_dir))


def _resolve(values: Mapping[str, Any], path: str) -> tuple[str, Any]:
    """The value at ``path``; a path running into a list (``args_from_untrusted.exists`` is a CEL
    macro, not a key) stops at the list, so the explanation shows what the macro looked at."""
    cur: Any = values
    parts = path.split(".")
    for i, part in enumerate(parts):
        if isinstance(cur, list | tuple) and i:
            return ".".join(parts[:i]), _plain(cur)
        if not isinstance(cur, Mapping) or part not in cur:
            return path, None
        cur = cur[part]
    return path, _plain(cur)


def _plain(value: Any) -> Any:
    """JSON-safe (enums and sets as their strings and lists)."""
    return json.loads(json.dumps(value, default=lambda v: sorted(v) if isinstance(v, set | frozenset) else str(v)))


def _explain_rules(engine: FactKeepingEngine, decided: ReplayDecision) -> list[RuleExplanation]:
    phase = decided.rules_phase
    facts = engine.last.get(phase)
    if facts is None:  # the Guard failed before it could ask the engine: nothing was evaluated
        why = f"not evaluated: deciding failed ({decided.decision.error}), so the call is blocked"
        return [RuleExplanation(r.name, r.effect, r.phase, None, why) for r in engine.rules]
    verdicts = {name: (hit, why) for name, hit, why in engine.explain(facts, phase=phase)}
    out = []
    for rule in engine.rules:
        if rule.phase != phase:
            other = "after the call, on its result" if rule.phase == "result" else "before the call"
            out.append(RuleExplanation(rule.name, rule.effect, rule.phase, None, f"not applicable: decided {other}"))
            continue
        hit, why = verdicts[rule.name]
        seen = dict(_resolve(facts.values, path) for path in referenced_facts(rule.when))
        if hit is False:
            shown = ", ".join(f"{p}={_show(v)}" for p, v in seen.items())
            when = " ".join(rule.when.split())  # one line, however the rule was written
            why = f"not matched: `{when}` is false with {shown}" if shown else f"not matched: `{when}`"
        out.append(RuleExplanation(rule.name, rule.effect, rule.phase, hit, why, seen))
    return out


def _show(value: Any) -> str:
    text = "unset" if value is None else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def explain_line(lines: Iterable[TraceLine], config: GuardConfig, line: int) -> Explanation:
    """Replay ``lines`` up to the call or result at 0-based ``line`` and explain its decision."""
    engine = _keeper(config)
    player = Player(guard_for(config, engine=engine))
    for tl in lines:
        if tl.line > line:
            break
        engine.last.clear()
        player.feed(tl)
        if tl.line == line:
            if not isinstance(tl.event, CallEvent | ResultEvent):
                kind = type(tl.event).__name__.removesuffix("Event").lower()
                raise WeirError(f"line {line} is a {kind} event, not a call or a result")
            decided = player.out.decisions[-1]
            return Explanation(decided, _explain_rules(engine, decided))
    raise WeirError(f"the trace has no event at line {line} (0-based; blank lines hold no event)")


def explain_call(
    call: Mapping[str, Any], config: GuardConfig, *, after: Iterable[TraceLine] = (), session: str | None = None
) -> Explanation:
    """Explain a call given as JSON (``{server, tool, arguments, _meta}``), decided after the trace ``after``.

    The call joins ``session`` (default: the trace's last session, or the implicit session ``trace``).
    """
    event = _call_event(call)
    engine = _keeper(config)
    player = Player(guard_for(config, engine=engine))
    last = -1
    for tl in after:
        player.feed(tl)
        last = tl.line
    if session is not None:
        player.switch(session)
    engine.last.clear()
    player.feed(TraceLine(last + 1, event))
    decided = player.out.decisions[-1]
    return Explanation(decided, _explain_rules(engine, decided))


def _call_event(call: Mapping[str, Any]) -> CallEvent:
    try:
        event = parse_event({**call, "event": "call"})
    except ValueError as exc:
        raise WeirError(f"the call to explain: {exc}") from exc
    if not isinstance(event, CallEvent):  # parse_event honours "event", so this only guards typing
        raise WeirError("the call to explain is not a call")
    return event
