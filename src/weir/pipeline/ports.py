"""The pipeline's collaborators: what each caller (gateway, ``weir.client``, replay) plugs in.

The pipeline itself moves no bytes and asks nobody anything; it calls these. Each is a small
Protocol so a caller passes what it has: the gateway its upstream connections and its client
channel, ``weir.client`` the SDK sessions and the host's callback, replay the recorded answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from weir.audit.event import AuditEvent
from weir.flow.session import Session
from weir.guard.checks import CallCheck, ResultCheck, ToolsReview
from weir.guard.messages import McpMessage
from weir.trace import TraceEvent

__all__ = [
    "Answer",
    "Approved",
    "Asker",
    "AuditSink",
    "Decider",
    "Declined",
    "Deferred",
    "Forwarded",
    "Recorder",
    "Router",
    "ToolCall",
    "Wire",
]


Wire = Mapping[str, Any] | None
"""A JSON object as it came off the wire (arguments, ``_meta``, a ``tools/resolve`` answer), or nothing."""


@dataclass(frozen=True)
class ToolCall:
    """One ``tools/call`` as the pipeline sees it, whatever transport it came on."""

    session: str
    """The agent session it belongs to."""
    server: str
    """The upstream server that runs the tool."""
    tool: str
    """The tool's name on that server."""
    arguments: dict[str, Any] = field(default_factory=dict)
    meta: Mapping[str, Any] = field(default_factory=dict)
    """The request's ``_meta`` as the client sent it."""
    shown_as: str = ""
    """The name the client called it by (namespaced by the gateway); the tool name when empty."""
    connection: str = ""
    """The downstream connection it came on (for the audit trail)."""
    call_id: Any = None
    """The client's JSON-RPC id (for the audit trail)."""
    intent: str | None = None
    """The user's words a trusted host passed with this call (:mod:`weir.guard.intent`); never
    read from ``meta``: the caller decides whom to believe."""
    principal: Mapping[str, Any] | None = None
    """The ``principal`` fact of the connection it came on (:func:`weir.policy.facts.principal_facts`)."""

    @property
    def name(self) -> str:
        """The name to show the client in messages about this call."""
        return self.shown_as or self.tool


class Decider(Protocol):
    """The decision path (:class:`weir.guard.Guard` in production)."""

    def session(self, session_id: str | None = None) -> Session:
        """The agent session ``session_id``, created on first use."""
        ...

    def carry(self, source: str, into: str) -> bool:
        """Make session ``into`` hold at least what ``source`` has seen; False when it cannot."""
        ...

    def forget(self, session_id: str) -> None:
        """Drop a session nobody can use again."""
        ...

    def register_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> ToolsReview:
        """Read a server's tool list."""
        ...

    def before_call(  # noqa: PLR0917 - the Guard's signature (docs/contracts.md)
        self,
        session: Session,
        server: str,
        tool: str,
        arguments: Wire,
        meta: Wire = None,
        resolved: Wire = None,
        *,
        principal: Wire = None,
    ) -> CallCheck:
        """Decide a call before it runs (never raises); ``principal``: the ``principal`` fact."""
        ...

    def listable(self, server: str, tool: str, principal: Mapping[str, Any]) -> bool:
        """Whether a principal is shown the tool in a list: not when it may never call it."""
        ...

    def shows(self, message: McpMessage) -> bool:
        """Whether a listed prompt or resource (as the read of it, ``message``) is shown to its principal."""
        ...

    def after_call(
        self, session: Session, server: str, tool: str, result: Mapping[str, Any], *, principal: Wire = None
    ) -> ResultCheck:
        """Label, decide and shape a result (never raises); ``principal``: the ``principal`` fact."""
        ...

    def intend(self, session: Session, words: str) -> bool:
        """The user said ``words`` (a trusted host passed them); False when nothing changed."""
        ...

    def on_message(self, session: Session, message: McpMessage) -> ResultCheck:
        """Label, decide and shape any other message a server sends (never raises)."""
        ...

    def on_answer(self, session: Session, message: McpMessage) -> CallCheck:
        """Decide a client's answer to a server's request before it reaches the server (never raises)."""
        ...


@dataclass(frozen=True)
class Forwarded:
    """What the upstream answered."""

    result: dict[str, Any]
    final: bool = True
    """False for an interim answer the client must act on and retry (a 2026-07-28
    ``input_required`` round): it is passed through, not labelled, decided or released."""


class Router(Protocol):
    """Reaches the server behind a call."""

    async def resolve(self, call: ToolCall) -> Mapping[str, Any] | None:
        """The tool's ``tools/resolve`` answer for this call; ``None`` when it offers none or fails."""
        ...

    async def forward(self, call: ToolCall, check: CallCheck) -> Forwarded:
        """Run the call with ``check.request_meta`` and its obligations.

        Raises :class:`weir.errors.UpstreamError` when the server fails (the call's result is then
        an error result) and :class:`weir.errors.ProtocolError` when it refuses with a protocol
        error (audited, then re-raised for the transport to pass on).
        """
        ...


@dataclass(frozen=True)
class Approved:
    """Run the call: the user approved it, or a configured fallback allows it."""

    rule: str = "weir/confirmed"
    reason: str = "the user approved the call"


@dataclass(frozen=True)
class Declined:
    """Do not run the call, and say why."""

    reason: str


@dataclass(frozen=True)
class Deferred:
    """The question went out in the answer itself (a 2026-07-28 ``input_required`` result); the
    client retries with its answer, and the call is decided again then."""

    result: dict[str, Any]


Answer = Approved | Declined | Deferred


class Asker(Protocol):
    """Gets the user's answer to a confirm decision."""

    async def ask(self, call: ToolCall, check: CallCheck) -> Answer:
        """Ask; any failure to get an explicit yes must come back as :class:`Declined`."""
        ...


class AuditSink(Protocol):
    """Where events go. ``append`` must be durable when it returns (or raise).

    A sink whose append waits on the network (PostgreSQL) says so with a true ``remote``
    attribute: the gateway then never runs a stage that appends on its event loop
    (:class:`weir.pipeline.worker.Worker`, ``inline``).
    """

    def append(self, event: AuditEvent) -> Any:
        """Record one event."""
        ...


class Recorder(Protocol):
    """Writes what a later replay needs to decide every call again (:class:`weir.trace.TraceWriter`)."""

    def record(self, event: TraceEvent, session: str | None = None) -> None:
        """Append one trace event; calls, results and answers belong to agent session ``session``."""
        ...
