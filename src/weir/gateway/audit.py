"""The gateway's audit seam: every call, decision, latency and upstream error, in order.

The gateway appends an event *before* it releases the response the event describes, so a
gateway killed at any moment has a record of every response a client received. The durable
store is the audit layer's (``weir.audit``); :class:`MemoryAudit` keeps events in a list
for tests and the in-memory benchmark.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

__all__ = ["AuditSink", "CallEvent", "MemoryAudit"]


@dataclass(frozen=True)
class CallEvent:
    """One audited step of a tool call."""

    phase: str
    """``call`` (pre-call decision), ``result`` (post-call decision) or ``error`` (upstream failed)."""
    session: str
    """Agent session id."""
    server: str
    """Upstream server."""
    tool: str
    """Tool name as the server knows it."""
    effect: str
    """The effect applied (``error`` for upstream failures)."""
    decided: str = ""
    """The effect before the policy mode."""
    rules: tuple[str, ...] = ()
    """Matched rules."""
    reasons: tuple[str, ...] = ()
    """Reasons and error messages."""
    arguments: Mapping[str, Any] | None = None
    """The call's arguments (``call`` phase)."""
    findings: tuple[str, ...] = ()
    """Detector findings (``result`` phase)."""
    latency_ms: float | None = None
    """Upstream latency (``result`` and ``error`` phases)."""
    request_id: Any = None
    """The client's JSON-RPC id, to join the events of one call."""
    ts: float = field(default_factory=time.time)
    """Wall-clock time of the event."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict."""
        data = asdict(self)
        data["rules"], data["reasons"], data["findings"] = list(self.rules), list(self.reasons), list(self.findings)
        data["arguments"] = dict(self.arguments) if self.arguments is not None else None
        return data


class AuditSink(Protocol):
    """Where events go. ``append`` must be durable when it returns (or raise)."""

    def append(self, event: CallEvent) -> None:
        """Record one event."""


class MemoryAudit:
    """Events kept in a list (tests, benchmarks)."""

    def __init__(self) -> None:
        self.events: list[CallEvent] = []

    def append(self, event: CallEvent) -> None:
        """Keep the event."""
        self.events.append(event)
