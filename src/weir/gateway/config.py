"""The `gateway:` section of weir.yaml."""

from __future__ import annotations

import itertools
from collections import Counter
from enum import StrEnum
from typing import Literal

from pydantic import Field

from weir.approvals.config import WebhookConfig
from weir.gateway.quotas.config import QuotaConfig
from weir.labels.base import WeirModel

__all__ = ["MIN_TOKEN_CHARS", "ConfirmFallback", "GatewayConfig", "env_tokens", "token_problem"]


class ConfirmFallback(StrEnum):
    """What a confirm decision becomes when the client cannot be asked."""

    BLOCK = "block"
    """Refuse the call (the default: fail closed)."""
    ALLOW = "allow"
    """Run the call anyway; the decision and the fallback are audited."""
    QUEUE = "queue"
    """Hold the call until an operator approves or denies it (the console, ``weir approvals``), or
    ``queue_timeout_s`` passes (then it is declined)."""


class GatewayConfig(WeirModel):
    """How the gateway listens, names upstream tools, and bounds what it accepts."""

    namespace: bool | None = None
    """Prefix tool names with their server's name; ``None`` means "when there is more than one server"."""
    separator: str = "__"
    """Between server and tool name when namespacing."""
    tokens: list[str] = Field(default_factory=list)
    """Bearer tokens accepted over HTTP (also from WEIR_GATEWAY_TOKENS)."""
    trusted_hosts: list[str] = Field(default_factory=list)
    """Principals (``local`` for stdio, ``loopback``, ``token:<fingerprint>``) whose requests may pass
    the user's words in ``_meta`` ``dev.weir/user-intent``; from anyone else the key is dropped."""
    allowed_hosts: list[str] = Field(default_factory=list)
    """HTTP: more names a request's ``Host`` may give (on loopback, loopback names are always allowed;
    beyond loopback, ``Host`` is checked only when this is set). A DNS-rebinding defence."""
    allowed_origins: list[str] = Field(default_factory=list)
    """HTTP: the ``Origin`` values a request may carry (e.g. ``https://console.example``); a request
    with any other ``Origin`` — a web page's — is refused. Clients that are not browsers send none."""
    decision_evidence: bool = True
    """Each tool result the gateway releases names its decision's audit record: a trust-annotations
    ``evidenceRef`` of type ``policy-decision`` (:mod:`weir.audit.evidence`; ``weir audit show REF``,
    ``weir audit verify-evidence RESULT.json``). Off: results carry no reference."""
    audit_detail: Literal["full", "by-effect"] = "full"
    """What each audit record keeps: ``full`` (every call, whatever its effect), or ``by-effect``:
    the decision's ``audit_level`` obligation — an allow keeps the call and its decision, its
    arguments and result as their shape only; warn/redact also the labels; confirm/block all."""
    max_message_bytes: int = Field(default=4 * 1024 * 1024, gt=0)
    """Largest JSON-RPC message accepted from a client or an upstream server."""
    list_timeout_s: float = Field(default=10.0, gt=0)
    """How long an upstream may take to answer one page of ``tools/list`` (it is then listed as empty,
    and listed again on the next request that needs it)."""
    call_timeout_s: float = Field(default=60.0, gt=0)
    """How long an upstream tool call may take."""
    slow_timeout_s: float = Field(default=600.0, gt=0)
    """The longer timeout granted to tools that declare slow execution."""
    confirm_timeout_s: float = Field(default=120.0, gt=0)
    """How long the user has to answer a confirmation; no answer blocks the call."""
    confirm_fallback: ConfirmFallback = ConfirmFallback.BLOCK
    """What a confirm becomes for a client that cannot elicit: ``block``, ``allow`` or ``queue``."""
    queue_timeout_s: float = Field(default=600.0, gt=0)
    """``confirm_fallback: queue``: how long a held call waits for an operator; then it is declined."""
    approval_webhook: WebhookConfig | None = None
    """``confirm_fallback: queue``: announce each held call (and its outcome) with a JSON POST here."""
    require_upstreams: bool = False
    """Refuse to start unless every upstream server connects (``weir gateway --require-upstreams``)."""
    retries: int = Field(default=1, ge=0)
    """Retries after an upstream transport failure (idempotent tools only)."""
    upstream_start_timeout_s: float = Field(default=30.0, gt=0)
    """How long an upstream server may take to start and answer its negotiation (at start, and after
    a restart); past it the server counts as unreachable (retried on demand). A Python server on a
    loaded machine can take tens of seconds just to import."""
    upstream_stop_timeout_s: float = Field(default=2.0, gt=0)
    """How long a stdio server may take to exit once its input ends (the gateway stops, or a
    client's session with it closes); past it the server is killed, and a warning says so."""
    decision_budget_s: float = Field(default=10.0, gt=0)
    """How long deciding a call, or labelling and deciding its result, may take; past it the call
    (or result) is refused, fail closed. Every stage is linear in the message's size, and runs off
    the event loop so other sessions keep their pace meanwhile."""
    heavy_concurrency: int = Field(default=2, gt=0)
    """At most this many resource-intensive calls run at once per server."""
    max_agent_sessions: int = Field(default=10_000, gt=0)
    """At most this many agent sessions at once; a call that would start another is refused.
    (Sessions are never evicted to make room: an evicted session would come back without its labels.)"""
    max_clients: int = Field(default=10_000, gt=0)
    """HTTP: at most this many client sessions (``Mcp-Session-Id`` or stateless identities) at once."""
    session_idle_s: float | None = Field(default=1800.0, gt=0)
    """HTTP: forget a client session (``Mcp-Session-Id`` or stateless identity) idle this long; ``None`` keeps them."""
    drain_timeout_s: int = Field(default=5, ge=0)
    """HTTP, on SIGTERM: how long the responses still being sent may take before they are cancelled
    (idle connections close at once). A client's standing ``GET`` stream never ends on its own,
    so without this bound one connected client held the stop for ever."""
    quotas: QuotaConfig = Field(default_factory=QuotaConfig)
    """What one principal may hold (sessions, upstream processes, queued bytes) and the HTTP read timeouts."""


MIN_TOKEN_CHARS = 16
"""The shortest bearer token the gateway accepts."""
_MIN_DISTINCT = 8


def token_problem(token: str) -> str | None:
    """Why ``token`` is too weak to admit anyone over HTTP (None when it is strong enough).

    Refused: fewer than 16 characters; fewer than 8 distinct characters (``aaaa…``, ``abab…``); a
    shorter text repeated (``tok1tok1tok1tok1``); a run with (mostly) one step (``0123456789abcdef``).
    The message never repeats the token.
    """
    if len(token) < MIN_TOKEN_CHARS:
        return f"is {len(token)} characters long; at least {MIN_TOKEN_CHARS} are needed"
    if len(set(token)) < _MIN_DISTINCT:
        return f"has only {len(set(token))} distinct characters (low entropy); use a random token"
    for period in range(1, len(token) // 2 + 1):
        if len(token) % period == 0 and token[:period] * (len(token) // period) == token:
            return "repeats a shorter text (low entropy); use a random token"
    steps = Counter(ord(b) - ord(a) for a, b in itertools.pairwise(token))
    if steps.most_common(1)[0][1] * 5 >= (len(token) - 1) * 4:  # four steps in five alike
        return "is (mostly) a run of consecutive characters (low entropy); use a random token"
    return None


def env_tokens(value: str | None) -> list[str]:
    """The tokens of ``WEIR_GATEWAY_TOKENS`` (comma-separated, blanks ignored)."""
    return [t.strip() for t in (value or "").split(",") if t.strip()]
