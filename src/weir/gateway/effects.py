"""How a decision shows in the result the client receives.

block → ``isError: true`` with text naming the rules and reasons (never a silent drop);
warn → the warning in the result's ``_meta["dev.weir/decision"]`` and as a leading text block.
Both keep everything else of the result as it was.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, Final

from weir.labels.keys import WEIR_DECISION

__all__ = ["DECISION_KEY", "blocked_result", "decision_meta", "error_result", "with_decision", "with_warning"]

DECISION_KEY: Final = WEIR_DECISION


def _explain(rules: Sequence[str], reasons: Sequence[str]) -> str:
    """Each reason, prefixed with its rule's name unless the reason already names it."""
    if not rules and not reasons:
        return "no reason given"
    parts = [
        reason if f"{rule}:" in reason else f"{rule}: {reason}" for rule, reason in zip(rules, reasons, strict=False)
    ]
    parts += list(reasons[len(parts) :]) + list(rules[len(parts) :])
    return "; ".join(parts)


def decision_meta(effect: str, rules: Sequence[str], reasons: Sequence[str]) -> dict[str, Any]:
    """The ``dev.weir/decision`` value."""
    return {"effect": effect, "rules": list(rules), "reasons": list(reasons)}


def blocked_result(tool: str, rules: Sequence[str], reasons: Sequence[str], *, phase: str = "call") -> dict[str, Any]:
    """A tool result that says the call (or its result) was blocked, and why."""
    what = "call" if phase == "call" else "result"
    text = f"Weir blocked the {what} of tool {tool!r}: {_explain(rules, reasons)}"
    return {
        "content": [{"type": "text", "text": text}],
        "isError": True,
        "_meta": {DECISION_KEY: decision_meta("block", rules, reasons)},
    }


def error_result(tool: str, message: str) -> dict[str, Any]:
    """A tool result for a call that failed upstream (the model sees the error, not a hang)."""
    return {
        "content": [{"type": "text", "text": f"Weir: tool {tool!r} failed upstream: {message}"}],
        "isError": True,
        "_meta": {DECISION_KEY: {"effect": "error", "rules": [], "reasons": [message]}},
    }


def with_decision(
    result: Mapping[str, Any], effect: str, rules: Sequence[str], reasons: Sequence[str]
) -> dict[str, Any]:
    """The result with the decision recorded in its ``_meta`` (content untouched)."""
    out = dict(result)
    meta = dict(out.get("_meta") or {})
    meta[DECISION_KEY] = decision_meta(effect, rules, reasons)
    out["_meta"] = meta
    return out


def with_warning(result: Mapping[str, Any], rules: Sequence[str], reasons: Sequence[str]) -> dict[str, Any]:
    """The result with the warning in ``_meta`` and as a trailing text block the model reads.

    The same shape the Guard gives post-call warnings, so a client sees one format.
    """
    out = with_decision(result, "warn", rules, reasons)
    note = {"type": "text", "text": f"[Weir warning] {_explain(rules, reasons)}"}
    content = copy.copy(list(out.get("content") or []))
    if not any(isinstance(c, Mapping) and c.get("text") == note["text"] for c in content):
        content.append(note)
    out["content"] = content
    return out
