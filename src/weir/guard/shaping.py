"""What the Guard does to a result after deciding: redact, warn, or withhold it.

Results are wire dicts and stay wire dicts: the Guard copies what it changes and leaves every
other key (``structuredContent``, unknown ``_meta`` keys, resource blocks) as it was.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from typing import Any

from weir.labels.finding import Finding, FindingClass
from weir.policy.decision import Decision, Verdict

__all__ = ["DECISION_KEY", "blocked_result", "decision_meta", "redact_result", "warn_result"]

DECISION_KEY = "dev.weir/decision"
"""Where the Guard explains itself in a result's ``_meta``."""

_BLOCK_PATH = re.compile(r"^content\[(\d+)\]\.text$")
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


def _redact_text(text: str, spans: Sequence[Finding]) -> str:
    # Apply from the end so earlier offsets stay valid; overlapping spans merge into the first.
    out = text
    last_start = len(text) + 1
    for f in sorted(spans, key=lambda f: (f.start, f.end), reverse=True):
        start, end = max(0, f.start), min(f.end, len(text))
        if start >= end or end > last_start:
            continue
        out = out[:start] + f"[REDACTED:{f.cls}]" + out[end:]
        last_start = start
    return out


def redact_result(result: Mapping[str, Any], findings: Sequence[Finding], decision: Decision) -> dict[str, Any]:
    """Replace sensitive finding spans in text blocks with ``[REDACTED:class]`` markers.

    Findings name their block by ``path`` (``content[2].text``); a sensitive finding without a
    usable path cannot be located, so every text block is withheld rather than risk leaking it.
    """
    out = _with_meta(result, decision)
    raw = out.get("content")
    content: list[Any] = copy.deepcopy(raw) if isinstance(raw, list) else []
    by_block: dict[int, list[Finding]] = {}
    unplaced = False
    for f in findings:
        if f.cls not in _REDACT_CLASSES:
            continue
        m = _BLOCK_PATH.match(f.path or "")
        if m and int(m.group(1)) < len(content):
            by_block.setdefault(int(m.group(1)), []).append(f)
        else:
            unplaced = True
    for i, block in enumerate(content):
        if not isinstance(block, dict) or not isinstance(block.get("text"), str):
            continue
        if unplaced:
            block["text"] = "[REDACTED: sensitive content could not be located precisely]"
        elif i in by_block:
            block["text"] = _redact_text(block["text"], by_block[i])
    out["content"] = content
    if unplaced and "structuredContent" in out:
        out["structuredContent"] = None
    return out


def applies(decision: Decision, effect: Verdict) -> bool:
    """Whether ``effect`` is what the decision applies (after the mode)."""
    return decision.applied is effect
