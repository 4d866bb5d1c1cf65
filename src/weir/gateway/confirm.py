"""Asking the user before a call runs: the form, reading the answer, and modern retry state.

On 2025-11-25 the gateway sends ``elicitation/create`` mid-call. On 2026-07-28 there is no
back-channel: the gateway answers ``tools/call`` with ``resultType: "input_required"`` and
keeps the decision under an opaque ``requestState``; the client retries the same call with
the answer. The state is bound to the exact tool and arguments, so an answer given for one
call cannot be replayed for another.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["CONFIRM_KEY", "STATE_PREFIX", "PendingConfirmations", "accepted", "elicitation_params", "input_required"]

CONFIRM_KEY: Final = "dev.weir/confirm"
"""The key of the gateway's own request inside ``inputRequests``/``inputResponses``."""
STATE_PREFIX: Final = "dev.weir/confirm:"
"""``requestState`` values the gateway minted (upstream states never start with it)."""
_ARGS_SHOWN: Final = 2000


def elicitation_params(tool: str, arguments: Mapping[str, Any], reasons: Sequence[str]) -> dict[str, Any]:
    """An ``elicitation/create`` form naming the tool, its arguments and the reasons."""
    args = json.dumps(arguments, ensure_ascii=False, sort_keys=True, default=str)
    if len(args) > _ARGS_SHOWN:
        args = args[:_ARGS_SHOWN] + "…"
    why = "\n".join(f"- {r}" for r in reasons) or "- policy requires confirmation"
    message = f"Weir: allow the tool call {tool!r}?\nArguments: {args}\nWhy you are asked:\n{why}"
    schema = {
        "type": "object",
        "properties": {"approve": {"type": "boolean", "title": "Run this tool call", "default": False}},
        "required": ["approve"],
    }
    return {"mode": "form", "message": message, "requestedSchema": schema}


def accepted(answer: Any) -> bool:
    """True only for an explicit accept whose form does not say ``approve: false``."""
    if not isinstance(answer, Mapping) or answer.get("action") != "accept":
        return False
    content = answer.get("content")
    return not (isinstance(content, Mapping) and content.get("approve") is False)


def input_required(params: dict[str, Any], state: str) -> dict[str, Any]:
    """The modern `tools/call` result that asks the client to elicit and retry."""
    return {
        "resultType": "input_required",
        "inputRequests": {CONFIRM_KEY: {"method": "elicitation/create", "params": params}},
        "requestState": state,
    }


def _fingerprint(tool: str, arguments: Mapping[str, Any]) -> str:
    raw = json.dumps([tool, arguments], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()


@dataclass(frozen=True)
class _Pending:
    fingerprint: str
    session: str
    expires: float


class PendingConfirmations:
    """Confirmations asked of modern clients and not yet answered (in memory, with expiry)."""

    def __init__(self, ttl_s: float, *, limit: int = 10_000) -> None:
        self._ttl = ttl_s
        self._limit = limit
        self._items: dict[str, _Pending] = {}

    def open(self, session: str, tool: str, arguments: Mapping[str, Any]) -> str:
        """Remember a question; return the ``requestState`` that names it."""
        self._expire()
        if len(self._items) >= self._limit:
            self._items.pop(next(iter(self._items)))
        state = STATE_PREFIX + secrets.token_urlsafe(18)
        self._items[state] = _Pending(_fingerprint(tool, arguments), session, time.monotonic() + self._ttl)
        return state

    def close(self, state: str, session: str, tool: str, arguments: Mapping[str, Any]) -> str | None:
        """Consume a state; ``None`` when it is valid for this call, else why it is not."""
        self._expire()
        item = self._items.pop(state, None)
        if item is None:
            return "the confirmation expired or is unknown"
        if item.fingerprint != _fingerprint(tool, arguments) or item.session != session:
            return "the confirmation was given for a different call"
        return None

    def _expire(self) -> None:
        now = time.monotonic()
        for key in [k for k, v in self._items.items() if v.expires < now]:
            del self._items[key]
