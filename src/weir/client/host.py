"""The host-side wrapper: one agent session across a group of MCP servers, decided in-process.

:class:`WeirClient` runs the gateway's decision path — the shared :class:`weir.guard.Guard`,
never a second policy — around the SDK's ``mcp.Client``:

1. each server's ``tools/list`` is read raw (unknown annotation keys kept) and registered;
2. before a call, a resolvable tool is asked ``tools/resolve`` so the decision uses its narrowed
   labels; the Guard decides; *confirm* asks the host's callback, and no callback, a False
   answer or a failing callback blocks (fail closed);
3. the call carries the session's labels in request ``_meta.annotations`` (propagation across
   servers), so servers can refuse on them;
4. the result is labelled, joined into the session, decided, shaped (redacted / warned /
   withheld), and a malicious-activity signal is surfaced through the host's callback;
5. a resource read or a prompt (:meth:`WeirClient.read_resource`, :meth:`WeirClient.get_prompt`)
   walks the same stages as a result (:mod:`weir.pipeline.flows`): what it plants steers the
   session's later calls exactly as a tool result's text does.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AsyncExitStack
from types import TracebackType
from typing import Any

from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_types import METHOD_NOT_FOUND

from weir.client.outcome import CallOutcome, ConfirmFn, ConfirmRequest, MaliciousActivity, MaliciousFn
from weir.client.requests import guarded_callbacks
from weir.client.wire import ResolveFailed, is_resolvable, list_tools, resolve_tool, with_resolution
from weir.detect.chain import Chain
from weir.errors import UpstreamError, WeirError
from weir.flow.session import Session
from weir.guard import CallCheck, ChainLike, Guard, GuardConfig, ResultCheck, ToolsReview, intent
from weir.guard.messages import McpMessage, kind_of
from weir.labels.datalabel import DataLabel
from weir.labels.finding import FindingClass
from weir.labels.resolve_answer import failed_answer
from weir.pipeline import (
    Answer,
    Approved,
    AuditSink,
    CallPipeline,
    Declined,
    Forwarded,
    Passage,
    Recorder,
    ToolCall,
)

__all__ = ["WeirClient", "default_guard"]


def default_guard(config: GuardConfig | None = None) -> Guard:
    """A Guard for ``config`` with the configured detector chain (the gateway's default too)."""
    config = config or GuardConfig()
    chain: ChainLike = Chain.from_specs(config.detectors)
    return Guard(config, chain=chain)


class WeirClient:
    """One agent session over several named MCP servers, every call decided by the Guard.

    Use as an async context manager; :meth:`connect` opens an SDK ``Client`` it owns,
    :meth:`attach` adopts one the caller already opened. Calls walk the same pipeline as the
    gateway's (:class:`weir.pipeline.CallPipeline`); pass ``audit`` (any sink with ``append``,
    e.g. a :func:`weir.audit.open_store` store) to keep the gateway's audit trail in-process too.
    """

    def __init__(
        self,
        config: GuardConfig | None = None,
        *,
        guard: Guard | None = None,
        confirm: ConfirmFn | None = None,
        on_malicious: MaliciousFn | None = None,
        session: str | None = None,
        audit: AuditSink | None = None,
        recorder: Recorder | None = None,
        user_intent: str | None = None,
    ) -> None:
        self.guard = guard if guard is not None else default_guard(config)
        """The decision path (shared with the gateway and ``weir replay``)."""
        self.session: Session = self.guard.session(session)
        """The agent session: the join of every label seen, across every server."""
        self.pipeline = CallPipeline(self.guard, audit=audit, recorder=recorder)
        """The call pipeline (the gateway's, with the SDK sessions as router and ``confirm`` as asker)."""
        self.user_intent = user_intent
        """What the user asked for, in the user's words: the host is trusted by construction, so
        the words vouch for the values they name (:mod:`weir.guard.intent`); set it anew each turn.
        A ``dev.weir/user-intent`` key in a call's ``meta`` is dropped, never believed."""
        self._confirm = confirm
        self._on_malicious = on_malicious
        self._clients: dict[str, Client] = {}
        self._tools: dict[str, dict[str, dict[str, Any]]] = {}
        self._stack = AsyncExitStack()

    async def __aenter__(self) -> WeirClient:
        await self._stack.__aenter__()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self._stack.__aexit__(exc_type, exc, tb)

    @property
    def label(self) -> DataLabel:
        """The agent session's label so far."""
        return self.session.label

    @property
    def servers(self) -> tuple[str, ...]:
        """The names of the servers in the group."""
        return tuple(self._clients)

    async def connect(self, name: str, target: Any, **client_options: Any) -> ToolsReview:
        """Open ``mcp.Client(target, **client_options)`` for server ``name`` and register its tools.

        The server's requests and logs reach the ``sampling_callback``, ``elicitation_callback``,
        ``list_roots_callback`` and ``logging_callback`` given here only through the message flow
        (:mod:`weir.client.requests`): decided first, their answers decided before the server sees them.
        The client advertises the tool-resolution extension (added to any ``extensions`` given),
        so a server's ``tools/resolve`` sees the capability on both revisions.
        """
        client_options["extensions"] = with_resolution(client_options.get("extensions"))
        options = guarded_callbacks(name, client_options, self.pipeline, self.session, self._confirm)
        client = await self._stack.enter_async_context(Client(target, **options))
        return await self.attach(name, client)

    async def attach(self, name: str, client: Client) -> ToolsReview:
        """Adopt an open SDK client as server ``name``; its raw ``tools/list`` is read and registered."""
        if not name:
            raise WeirError("a server in the group needs a name")
        self._clients[name] = client
        return await self.refresh_tools(name)

    async def refresh_tools(self, name: str) -> ToolsReview:
        """Re-read server ``name``'s tools (after ``tools/list_changed``)."""
        tools = await list_tools(self._client(name), source=name)
        self._tools[name] = {str(t.get("name")): t for t in tools if isinstance(t.get("name"), str)}
        review = self.pipeline.register_tools(name, tools)
        if review is None:  # cannot happen with a Guard (it never raises); a failing decider is an error
            raise WeirError(f"the tools of {name!r} could not be reviewed", server=name)
        return review

    def tools(self, name: str) -> list[dict[str, Any]]:
        """Server ``name``'s tools as it listed them (raw)."""
        return list(self._tools.get(name, {}).values())

    def _client(self, name: str) -> Client:
        client = self._clients.get(name)
        if client is None:
            raise WeirError(f"no server named {name!r} in this group (have: {', '.join(self._clients) or 'none'})")
        return client

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: Mapping[str, Any] | None = None,
        *,
        meta: Mapping[str, Any] | None = None,
    ) -> CallOutcome:
        """Decide, (confirm,) call, label, decide again; never raises for a policy outcome."""
        client = self._client(server)
        rest, _ = intent.split_meta(meta, trusted=False)
        said = intent.words(self.user_intent) if self.user_intent is not None else None
        call = ToolCall(self.session.id, server, tool, dict(arguments or {}), rest, intent=said)
        router = _SdkRouter(client, self._tools.get(server, {}).get(tool))
        passage = await self.pipeline.run(call, router, _CallbackAsker(self._confirm, self.session))
        alarm = await self._surface(server, tool, passage.post) if passage.post is not None else None
        return _outcome(passage, alarm)

    async def read_resource(self, server: str, uri: str) -> ResultCheck:
        """Read a resource of ``server``: labelled, joined into the session, decided and shaped
        (``.result`` is the ``ReadResourceResult`` as the host may use it; a block leaves only
        Weir's decision in it). The server's own refusal raises :class:`weir.errors.UpstreamError`."""
        return await self._message(server, "resources/read", uri, lambda c: c.read_resource(uri))

    async def get_prompt(self, server: str, name: str, arguments: Mapping[str, str] | None = None) -> ResultCheck:
        """Get a prompt of ``server``, decided like :meth:`read_resource`."""
        return await self._message(server, "prompts/get", name, lambda c: c.get_prompt(name, dict(arguments or {})))

    async def _message(
        self, server: str, method: str, item: str, send: Callable[[Client], Awaitable[Any]]
    ) -> ResultCheck:
        client = self._client(server)
        try:
            answer = await send(client)
        except MCPError as exc:
            raise UpstreamError(exc.message, server=server) from exc
        payload = answer.model_dump(by_alias=True, mode="json", exclude_none=True)
        message = McpMessage(server, method, payload, kind_of(method, payload), item)
        return self.pipeline.messages.arrive(self.session.id, message)

    async def _surface(self, server: str, tool: str, post: ResultCheck) -> MaliciousActivity | None:
        findings = tuple(f for f in post.findings if f.cls is FindingClass.MALICIOUS)
        if not (post.label.malicious or findings):
            return None
        alarm = MaliciousActivity(server, tool, findings, post.label)
        if self._on_malicious is not None:
            try:
                shown = self._on_malicious(alarm)
                if inspect.isawaitable(shown):
                    await shown
            except Exception:
                pass
        return alarm


class _SdkRouter:
    """The pipeline's router for one call: the SDK session of the call's server."""

    def __init__(self, client: Client, listed: Mapping[str, Any] | None) -> None:
        self._client = client
        self._listed = listed

    async def resolve(self, call: ToolCall) -> Mapping[str, Any] | None:
        """The tool's ``tools/resolve`` answer; a failure is a stand-in answer the Guard rejects and
        audits (the static declaration decides), a server without the method is no answer."""
        if not is_resolvable(self._listed):
            return None
        try:
            return await resolve_tool(self._client, call.tool, call.arguments)
        except ResolveFailed as exc:
            return None if exc.code == METHOD_NOT_FOUND else failed_answer(exc.code, exc.message)
        except WeirError as exc:
            return failed_answer(None, exc.message)

    async def forward(self, call: ToolCall, check: CallCheck) -> Forwarded:
        meta = dict(check.request_meta)
        try:
            sent = await self._client.call_tool(call.tool, call.arguments, meta=meta)  # type: ignore[arg-type]
        except MCPError as exc:  # the server refused (a request guard) or failed: no result to label
            raise UpstreamError(exc.message, server=call.server, tool=call.tool) from exc
        return Forwarded(sent.model_dump(by_alias=True, mode="json", exclude_none=True))


class _CallbackAsker:
    """The pipeline's asker: the host's ``confirm`` callback; no callback, a non-True answer or a
    failing callback declines (fail closed)."""

    def __init__(self, confirm: ConfirmFn | None, session: Session) -> None:
        self._confirm = confirm
        self._session = session

    async def ask(self, call: ToolCall, check: CallCheck) -> Answer:
        if self._confirm is None:
            return Declined("no confirmation callback is configured")
        request = ConfirmRequest(call.server, call.tool, call.arguments, check.decision, self._session.label)
        try:
            answer = self._confirm(request)
            if inspect.isawaitable(answer):
                answer = await answer
        except Exception:  # a confirmation that cannot be obtained is a no (fail closed)
            answer = False
        return Approved() if answer is True else Declined("the user did not approve")


def _outcome(passage: Passage, alarm: MaliciousActivity | None) -> CallOutcome:
    post = passage.post
    return CallOutcome(
        passage.call.server,
        passage.call.tool,
        passage.check.decision,
        passage.result,
        post=post.decision if post is not None else None,
        label=post.label if post is not None else DataLabel(),
        findings=tuple(post.findings) if post is not None else (),
        resolved=passage.resolved,
        confirmed=passage.confirmed,
        error=passage.error,
        malicious=alarm,
    )
