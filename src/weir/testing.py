"""Testing code that runs behind Weir, in one process: the gateway in memory, its audit trail,
servers that record what reached them, and the decisions that were made.

Nothing here is a mock: the gateway, the Guard and the servers are the real ones, connected by
in-memory transports instead of pipes or sockets, so a test sees exactly what a deployment would::

    from mcp import Client
    from weir.gateway.proxy import Gateway
    from weir.testing import MemoryAudit, MemoryTransport, RecordingUpstream, captured_decisions

    mail = RecordingUpstream("mail", my_mcp_server)     # an SDK Server or MCPServer
    audit = MemoryAudit()
    gateway = Gateway(config.gateway, decider=Guard(config), audit=audit, upstreams={"mail": mail.upstream})
    async with Client(MemoryTransport(gateway)) as client:
        await client.call_tool("mail__send_email", {...})
    assert mail.calls == []                             # blocked: it never reached the server
    assert [d.effect for d in captured_decisions(audit)] == ["block"]

:class:`MemoryAudit` keeps events in a list (never durable); :class:`MemoryTransport` is the SDK
client's transport to a gateway; :class:`MemoryChannel` the gateway's to an in-process server.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mcp.server import Server
from mcp.server.mcpserver import MCPServer

from weir.audit.event import AuditEvent
from weir.audit.memory import MemoryAudit
from weir.gateway.downstream.memory import MemoryChannel, MemoryTransport
from weir.gateway.upstream.session import Upstream
from weir.gateway.wire.jsonrpc import Message

__all__ = [
    "CapturedDecision",
    "MemoryAudit",
    "MemoryChannel",
    "MemoryTransport",
    "RecordingChannel",
    "RecordingUpstream",
    "captured_decisions",
]


class RecordingChannel(MemoryChannel):
    """A :class:`MemoryChannel` that appends every message the gateway sends to ``received``."""

    def __init__(self, server: Server[Any] | MCPServer, received: list[Message]) -> None:
        super().__init__(server)
        self.received = received

    async def send(self, message: Message) -> None:
        """Record the message, then hand it to the server."""
        self.received.append(message)
        await super().send(message)


class RecordingUpstream:
    """An in-process server as the gateway's upstream ``name``, recording what reaches it.

    The gateway opens a session with a server per client (and again after a restart): every
    session's messages land in the one ``messages`` list, in the order they were sent.
    """

    def __init__(self, name: str, server: Server[Any] | MCPServer) -> None:
        self.name = name
        self.messages: list[Message] = []
        self.upstream = Upstream(name, lambda: RecordingChannel(server, self.messages))

    @property
    def calls(self) -> list[tuple[str, dict[str, Any]]]:
        """``(tool, arguments)`` of every ``tools/call`` the server received: what policy let through."""
        out = []
        for message in self.messages:
            if message.get("method") == "tools/call":
                params = message.get("params") or {}
                out.append((str(params.get("name")), dict(params.get("arguments") or {})))
        return out


@dataclass(frozen=True)
class CapturedDecision:
    """One decision the gateway recorded: where, in which phase, its effect, and the rules behind it."""

    server: str | None
    tool: str | None
    phase: str
    effect: str
    applied: str | None
    rules: tuple[str, ...]
    reasons: tuple[str, ...]


def captured_decisions(audit: MemoryAudit, *, phase: str | None = None) -> list[CapturedDecision]:
    """Every decision in ``audit``, in order (only ``phase``'s — ``call``, ``result`` … — when given)."""
    return [_captured(e) for e in audit.events if e.decision is not None and phase in (None, e.phase.value)]


def _captured(event: AuditEvent) -> CapturedDecision:
    decision = event.decision
    assert decision is not None
    return CapturedDecision(
        server=event.server,
        tool=event.tool,
        phase=event.phase.value,
        effect=decision.effect,
        applied=decision.applied,
        rules=tuple(r.name for r in decision.rules),
        reasons=decision.reasons,
    )
