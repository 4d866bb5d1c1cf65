"""How a decision shows in the result a client receives: the one result-shaping module.

block → an ``isError`` result whose text names every rule and reason (never a silent drop);
warn → the warning in ``_meta["dev.weir/decision"]`` and as a trailing text block the model
reads; redact → sensitive spans replaced by ``[REDACTED:class]``; an upstream failure → an
``isError`` result saying so. Whatever the decision, a part no scan could read (an unreadable
base64 payload) is withheld, and ``_meta["dev.weir/decision"]`` is Weir's alone: a server's is
dropped (:func:`released`). Results are wire dicts and stay wire dicts: only what changes is
copied, and every other key (``structuredContent``, unknown ``_meta`` keys, resource blocks)
is left as it was. A result whose content was flagged malicious also carries seeds 003/004's
``maliciousActivityHint`` in ``_meta.annotations`` (:func:`mark_malicious`). The gateway,
``weir.client`` and ``weir replay`` all shape through here.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from weir.detect.blobs import withholds
from weir.detect.redact import redact_result as detect_redact
from weir.labels.finding import Finding, FindingClass
from weir.labels.keys import WEIR_DECISION
from weir.policy.decision import Decision, RuleMatch, Verdict

__all__ = [
    "DECISION_KEY",
    "blocked_result",
    "decision_meta",
    "declined",
    "error_result",
    "explain",
    "mark_malicious",
    "one_line",
    "redact_result",
    "released",
    "warn_result",
]

DECISION_KEY: Final = WEIR_DECISION
"""Where Weir explains itself in a result's ``_meta``."""

_REFUSAL: Final = "weir/confirm"
"""The rule a declined confirmation adds."""

_REDACT_CLASSES = frozenset({FindingClass.CREDENTIALS, FindingClass.PII, FindingClass.FINANCIAL})


def explain(decision: Decision) -> str:
    """Each reason, prefixed with its rule's name unless the reason already names it."""
    rules, reasons = decision.rule_names, decision.reasons
    if not rules and not reasons:
        return "no reason given"
    parts = [
        reason if f"{rule}:" in reason else f"{rule}: {reason}" for rule, reason in zip(rules, reasons, strict=False)
    ]
    parts += list(reasons[len(parts) :]) + list(rules[len(parts) :])
    return "; ".join(parts)


def one_line(decision: Decision) -> str:
    """The decision as one line a user reads (:attr:`Decision.headline`); after the user declined,
    the refusal first and what was asked about after it. The full explanation is in ``_meta``."""
    rules = decision.rules
    if rules and rules[-1].name == _REFUSAL and len(rules) > 1:
        asked = decision.model_copy(update={"rules": rules[:-1]}).headline
        return f"{rules[-1].reason}; you were asked because {asked}"
    return decision.headline


def decision_meta(decision: Decision) -> dict[str, Any]:
    """The ``_meta["dev.weir/decision"]`` value: the applied effect, the decided one, the one line a
    user reads (``summary``), and the full explanation (every rule and its reason with its facts)."""
    return {
        "effect": str(decision.applied),
        "decided": str(decision.effect),
        "summary": one_line(decision),
        "rules": list(decision.rule_names),
        "reasons": list(decision.reasons),
    }


def _with_meta(result: Mapping[str, Any], decision: Decision) -> dict[str, Any]:
    out = dict(result)
    meta = dict(out["_meta"]) if isinstance(out.get("_meta"), Mapping) else {}
    meta[DECISION_KEY] = decision_meta(decision)
    out["_meta"] = meta
    return out


def mark_malicious(result: Mapping[str, Any]) -> dict[str, Any]:
    """The result with ``maliciousActivityHint: true`` in its ``_meta.annotations`` (seeds 003 and
    004: a response holding flagged content carries the hint), every other key kept."""
    out = dict(result)
    meta = dict(out["_meta"]) if isinstance(out.get("_meta"), Mapping) else {}
    annotations = dict(meta["annotations"]) if isinstance(meta.get("annotations"), Mapping) else {}
    annotations["maliciousActivityHint"] = True
    meta["annotations"] = annotations
    out["_meta"] = meta
    return out


def warn_result(result: Mapping[str, Any], decision: Decision) -> dict[str, Any]:
    """The result with the warning in ``_meta`` and, once, as a trailing text block the model reads."""
    out = _with_meta(result, decision)
    note = {"type": "text", "text": f"[Weir warning] {one_line(decision)}"}
    content = copy.copy(out["content"]) if isinstance(out.get("content"), list) else []
    if not any(isinstance(c, Mapping) and c.get("text") == note["text"] for c in content):
        content.append(note)
    out["content"] = content
    return out


def blocked_result(decision: Decision, *, tool: str, phase: Literal["call", "result"] = "call") -> dict[str, Any]:
    """An ``isError`` result saying that the call (or its result) of ``tool`` was blocked, and why."""
    text = f"Weir blocked the {phase} of tool {tool!r}: {one_line(decision)}"
    return {
        "content": [{"type": "text", "text": text}],
        "isError": True,
        "_meta": {DECISION_KEY: decision_meta(decision)},
    }


def declined(decision: Decision, why: str) -> Decision:
    """The decision of a call the user did not approve: blocked, with ``weir/confirm`` and ``why`` added."""
    refusal = RuleMatch(name=_REFUSAL, effect=Verdict.BLOCK, reason=why)
    return decision.model_copy(
        update={
            "applied": Verdict.BLOCK,
            "rules": (*decision.rules, refusal),
            "reasons": (*decision.reasons, why),
        }
    )


def error_result(tool: str, message: str) -> dict[str, Any]:
    """A tool result for a call that failed upstream (the model sees the error, not a hang)."""
    return {
        "content": [{"type": "text", "text": f"Weir: tool {tool!r} failed upstream: {message}"}],
        "isError": True,
        "_meta": {DECISION_KEY: {"effect": "error", "rules": [], "reasons": [message]}},
    }


def released(result: Mapping[str, Any], findings: Sequence[Finding]) -> Mapping[str, Any]:
    """``result`` as any decision but block releases it: unreadable parts withheld, and a
    ``_meta["dev.weir/decision"]`` the server wrote dropped (only Weir speaks there).

    Raises DetectorError when a withheld part cannot be found (the guard then fails closed).
    """
    withheld = [f for f in findings if withholds(f)]
    out = detect_redact(result, withheld) if withheld else result
    meta = out.get("_meta")
    if isinstance(meta, Mapping) and DECISION_KEY in meta:
        out = {**out, "_meta": {k: v for k, v in meta.items() if k != DECISION_KEY}}
    return out


def redact_result(result: Mapping[str, Any], findings: Sequence[Finding], decision: Decision) -> dict[str, Any]:
    """Replace sensitive finding spans (credentials, PII, financial) with ``[REDACTED:class]``.

    The detect layer rewrites the string at each finding's ``path`` — wherever in the result it
    is, inside a base64 text payload too — and withholds unreadable payloads. A sensitive
    finding without a path cannot be located, so the whole result is withheld rather than risk
    a leak (only Weir's decision remains).
    """
    sensitive = [f for f in findings if f.cls in _REDACT_CLASSES or withholds(f)]
    if any(f.path is None for f in sensitive):
        text = "[REDACTED: sensitive content could not be located precisely]"
        whole: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
        if result.get("isError") is True:
            whole["isError"] = True
        return _with_meta(whole, decision)
    return _with_meta(detect_redact(result, sensitive), decision)
