"""How a decision shows in a server's message (anything but a tool result, which
:mod:`weir.guard.shaping` shapes): the same effects, fitted to each message's shape.

redact → every sensitive span replaced by ``[REDACTED:class]`` wherever it is (resource text and
decoded blobs, prompt messages, descriptions, a notification's data, an error's message);
warn → Weir's explanation in the payload's ``_meta["dev.weir/decision"]`` and, where the model
reads a list of content, a trailing text block (a prompt gets a trailing user message); block →
nothing of the payload: :func:`withheld` is Weir's explanation alone, and the caller answers
with an error (a response, a server's request) or drops it (a notification). Whatever the
decision, unreadable payloads are withheld and a ``dev.weir/decision`` the server wrote is
dropped (:func:`weir.guard.shaping.released`).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from weir.detect.blobs import withholds
from weir.detect.redact import redact_result as detect_redact
from weir.guard.messages import McpMessage
from weir.guard.shaping import DECISION_KEY, decision_meta, explain, released
from weir.labels.finding import Finding, FindingClass
from weir.policy.decision import Decision, Verdict

__all__ = ["shape", "withheld"]

_SENSITIVE = frozenset({FindingClass.CREDENTIALS, FindingClass.PII, FindingClass.FINANCIAL})
_NO_META = frozenset({"error"})
"""Kinds whose payload is not an MCP object with ``_meta`` (a JSON-RPC error object)."""


def withheld(decision: Decision, message: McpMessage) -> dict[str, Any]:
    """What is left of a blocked message: Weir's decision, nothing the server wrote."""
    if message.resolved_kind in _NO_META:
        return {"code": -32001, "message": f"Weir withheld {message.method}: {explain(decision)}"}
    return {"_meta": {DECISION_KEY: decision_meta(decision)}}


def shape(
    payload: Mapping[str, Any], decision: Decision, findings: Sequence[Finding], message: McpMessage
) -> dict[str, Any]:
    """The message's payload as the client may see it under ``decision``."""
    applied = decision.applied
    if applied is Verdict.BLOCK:
        return withheld(decision, message)
    if applied is Verdict.REDACT:
        sensitive = [f for f in findings if f.cls in _SENSITIVE or withholds(f)]
        if any(f.path is None for f in sensitive):  # cannot be placed: nothing of it is released
            return withheld(decision, message)
        return _noted(detect_redact(payload, sensitive), decision, message, warn=False)
    out = dict(released(payload, findings))
    if applied is Verdict.WARN or (applied is Verdict.CONFIRM and decision.rules):
        return _noted(out, decision, message, warn=True)
    return out


def _noted(payload: Mapping[str, Any], decision: Decision, message: McpMessage, *, warn: bool) -> dict[str, Any]:
    """``payload`` with Weir's decision in its ``_meta`` and, for a warning, a note the model reads."""
    out = dict(payload)
    if message.resolved_kind in _NO_META:
        return out
    meta = dict(out["_meta"]) if isinstance(out.get("_meta"), Mapping) else {}
    meta[DECISION_KEY] = decision_meta(decision)
    out["_meta"] = meta
    if not warn:
        return out
    note = f"[Weir warning] {explain(decision)}"
    if isinstance(out.get("content"), list):
        out["content"] = [*copy.copy(out["content"]), {"type": "text", "text": note}]
    elif isinstance(out.get("messages"), list):
        out["messages"] = [*out["messages"], {"role": "user", "content": {"type": "text", "text": note}}]
    return out
