"""What the Guard does to a result after deciding: redact, warn, or withhold it.

Results are wire dicts and stay wire dicts: the Guard copies what it changes and leaves every
other key (``structuredContent``, unknown ``_meta`` keys, resource blocks) as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from weir.detect.redact import redact_result as detect_redact
from weir.labels.finding import Finding, FindingClass
from weir.policy.decision import Decision, Verdict

__all__ = ["DECISION_KEY", "blocked_result", "decision_meta", "redact_result", "warn_result"]

DECISION_KEY = "dev.weir/decision"
"""Where the Guard explains itself in a result's ``_meta``."""

_REDACT_CLASSES = frozenset({FindingClass.CREDENTIALS, FindingClass.PII, FindingClass.FINANCIAL})


def decision_meta(decision: Decision) -> dict[str, Any]:
    """The ``_meta["dev.weir/decision"]`` value: effect, rules and reasons."""
    return {
        "effect": str(decision.applied),
        "decided": str(decision.effect),
        "rules": list(decision.rule_names),
        "reasons": list(decision.reasons),
    }


def _with_meta(result: Mapping[str, Any], decision: Decision) -> dict[str, Any]:
    out = dict(result)
    meta = dict(out.get("_meta") or {}) if isinstance(out.get("_meta"), Mapping) else {}
    meta[DECISION_KEY] = decision_meta(decision)
    out["_meta"] = meta
    return out


def warn_result(result: Mapping[str, Any], decision: Decision) -> dict[str, Any]:
    """The result with the warning in ``_meta`` and as a trailing text block the model will read."""
    out = _with_meta(result, decision)
    content = list(out.get("content") or []) if isinstance(out.get("content"), list) else []
    text = "\n".join(f"- {r}" for r in decision.reasons)
    content.append(
        {
            "type": "text",
            "text": f"[Weir warning] {text.removeprefix('- ')}"
            if len(decision.reasons) == 1
            else f"[Weir warning]\n{text}",
        }
    )
    out["content"] = content
    return out


def blocked_result(decision: Decision, *, what: str) -> dict[str, Any]:
    """An ``isError`` result saying which rules blocked ``what`` and why (never a silent drop)."""
    reasons = "\n".join(f"- {r}" for r in decision.reasons) or "- no reason recorded"
    return {
        "content": [{"type": "text", "text": f"Blocked by Weir: {what}.\n{reasons}"}],
        "isError": True,
        "_meta": {DECISION_KEY: decision_meta(decision)},
    }


def redact_result(result: Mapping[str, Any], findings: Sequence[Finding], decision: Decision) -> dict[str, Any]:
    """Replace sensitive finding spans (credentials, PII, financial) with ``[REDACTED:class]``.

    The detect layer rewrites the strings at each finding's ``path`` (text blocks, embedded
    resources, ``structuredContent``). A sensitive finding without a path cannot be located,
    so every text block is withheld and ``structuredContent`` dropped rather than risk a leak.
    """
    sensitive = [f for f in findings if f.cls in _REDACT_CLASSES]
    out = _with_meta(detect_redact(result, [f for f in sensitive if f.path is not None]), decision)
    if any(f.path is None for f in sensitive):
        content = out.get("content")
        out["content"] = [
            {**block, "text": "[REDACTED: sensitive content could not be located precisely]"}
            if isinstance(block, dict) and isinstance(block.get("text"), str)
            else block
            for block in (content if isinstance(content, list) else [])
        ]
        out.pop("structuredContent", None)
    return out


def applies(decision: Decision, effect: Verdict) -> bool:
    """Whether ``effect`` is what the decision applies (after the mode)."""
    return decision.applied is effect
