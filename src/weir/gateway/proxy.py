"""The gateway: one object that answers every downstream request in front of its upstreams.

Transports (stdio, HTTP, in-memory) hand each parsed message to :meth:`Gateway.handle` with the
connection's :class:`ClientState`; the gateway routes it, enforces ``tools/call`` through its
:class:`Enforcer`, and returns the response dict to write back. It speaks 2025-11-25 or
2026-07-28 to each client as the client does, and to each upstream as that server does.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from weir.approvals import ApprovalQueue
from weir.errors import ConfigError, UpstreamError, WeirError
from weir.gateway.clients.asking import ClientRequests
from weir.gateway.clients.exchange import ClientState, Exchange
from weir.gateway.config import GatewayConfig
from weir.gateway.quotas import MemoryQuotas, Pacer, QuotaLedger, Refusals
from weir.gateway.routing.caching import CACHEABLE, READ
from weir.gateway.routing.forwarding import Forwarding
from weir.gateway.routing.listen import Listening
from weir.gateway.routing.messages import Messages
from weir.gateway.routing.naming import Naming, Route, ToolTable
from weir.gateway.routing.paging import page_across, server_page
from weir.gateway.routing.passthrough import Passthrough
from weir.gateway.routing.toolcalls import ToolCalls
from weir.gateway.upstream.links import Links
from weir.gateway.upstream.session import Upstream
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.era import (
    GATEWAY_INFO,
    LEGACY_VERSION,
    LEGACY_VERSIONS,
    MODERN_VERSION,
    SERVER_INFO_KEY,
    SERVERS_KEY,
    VERSION_KEY,
    Era,
    legacy_shape,
)
from weir.gateway.wire.jsonrpc import Message, RpcError
from weir.observe.instruments import CallObserver
from weir.pipeline import AuditSink, CallPipeline, Decider, Recorder
from weir.pipeline.worker import Worker
from weir.state.ports import RequestStates, SharedSessions

__all__ = ["Gateway"]

_IDENTITY_FIELDS = frozenset({"name", "version"})
"""The ``serverInfo`` fields that only identify a server. Its other text (title, description, …) is the
server's words, decided as a message before a client reads it; a serverInfo of these alone is passed
as it is, so that it joins no agent session (nor its step count) with nothing to say."""
_IDENTIFIER = re.compile(r"[\w.@/+:-]{0,64}")


def _identifiers_only(info: dict[str, Any]) -> bool:
    """Whether a ``serverInfo`` holds nothing but a name and a version that read as identifiers (a
    sentence in ``name`` is prose like any other, and decided)."""
    return not set(info) - _IDENTITY_FIELDS and all(
        isinstance(value, str) and _IDENTIFIER.fullmatch(value) for value in info.values()
    )


_UNSUPPORTED_VERSION = -32022


class Gateway:
    """Routes, enforces and audits; owns the upstream connections.

    Its collaborators are passed in: the ``upstreams``, the ``decider`` (the shared
    :class:`weir.guard.Guard` in production), the ``audit`` sink and the trace ``recorder``; every
    ``tools/call`` walks the shared :class:`weir.pipeline.CallPipeline` over them. Optional: the
    ``approvals`` queue (``confirm_fallback: queue``), an ``observer`` of whole calls (metrics, traces)
    the ``quotas`` ledger counting what each principal holds (this process's memory by default) and
    the ``rate`` pacing each principal's HTTP requests (default: a bucket per principal in this process).
    :func:`weir.serving.runner.build_gateway` builds one from a ``weir.yaml``.
    """

    def __init__(
        self,
        settings: GatewayConfig,
        *,
        upstreams: Mapping[str, Upstream],
        decider: Decider,
        audit: AuditSink | None,
        recorder: Recorder | None = None,
        approvals: ApprovalQueue | None = None,
        observer: CallObserver | None = None,
        quotas: QuotaLedger | None = None,
        shared: SharedSessions | None = None,
        request_states: RequestStates | None = None,
        rate: Pacer | None = None,
    ) -> None:
        self.settings = settings
        self.quotas: QuotaLedger = quotas if quotas is not None else MemoryQuotas()
        self.rate = rate
        """A fleet's request rate (weir.state), or ``None``: the HTTP listener paces in its own memory."""
        self.refusals = Refusals(audit)
        self.upstreams = dict(upstreams)
        if not self.upstreams:
            raise ConfigError("the gateway needs at least one server under `servers:`")
        # shared: a fleet's sessions (weir.state); an audit trail over the network: no stage on the loop.
        remote = bool(getattr(audit, "remote", False))
        worker = Worker(settings.decision_budget_s, shared=shared, inline=not remote)
        self.pipeline = CallPipeline(
            decider,
            audit=audit,
            recorder=recorder,
            worker=worker,
            evidence=settings.decision_evidence,
            by_effect=settings.audit_detail == "by-effect",
        )
        self.naming = Naming(self.settings, list(self.upstreams))
        self.tools = ToolTable(self.naming)
        self.questions = ClientRequests()
        self.messages = Messages(self.pipeline, self.questions, settings)
        self.links = Links(
            self.upstreams,
            self.questions,
            settings.confirm_timeout_s,
            self._client_list_changed,
            self.messages,
            ledger=self.quotas,
            quotas=settings.quotas,
            refusals=self.refusals,
        )
        forwarding = Forwarding(self.links, self.tools, self.settings, self.questions, self.messages)
        self.calls = ToolCalls(
            self.pipeline,
            forwarding,
            self.questions,
            self.settings,
            self.route_tool,
            messages=self.messages,
            ledger=self.quotas,
            refusals=self.refusals,
            approvals=approvals,
            observer=observer,
            request_states=request_states,  # a fleet's (weir.state): a confirmation answered on any replica
        )
        self.passthrough = Passthrough(
            self.upstreams,
            self.links,
            self.naming,
            self.settings,
            messages=self.messages,
            sessions=self.calls.sessions,
            shows=self.pipeline.decider.shows,
        )
        self.listening = Listening(self.upstreams, self.links, self.passthrough.known_owner, self._relist)
        self._inflight: dict[tuple[str, Any], asyncio.Task[Any]] = {}
        self._withdrawn: set[tuple[str, Any]] = set()  # in-flight requests cancelled for the client
        self._listing = {name: asyncio.Lock() for name in self.upstreams}  # one server's listing at a time
        self._listed: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        for upstream in self.upstreams.values():
            upstream.on_list_changed = self._own_list_changed

    async def start(self) -> list[str]:
        """Connect every upstream; returns the problems of those that could not be reached."""
        results = await asyncio.gather(*(u.ensure_started() for u in self.upstreams.values()), return_exceptions=True)
        return [  # a WeirError's text names its server already
            str(r) if isinstance(r, WeirError) and r.server else f"{name}: {r}"
            for name, r in zip(self.upstreams, results, strict=True)
            if isinstance(r, Exception)
        ]

    async def close(self) -> None:
        """Stop every upstream session — the connections' and the gateway's own together, so a stop
        waits out one server's grace at most, not one per round — and the stage threads."""

        async def connections() -> None:
            await asyncio.gather(*self._tasks, return_exceptions=True)  # connections being forgotten
            await self.links.close()

        own = (u.close() for u in self.upstreams.values())
        await asyncio.gather(connections(), *own, return_exceptions=True)
        self.pipeline.worker.close()

    # -- entry point ------------------------------------------------------------------------

    async def handle(
        self,
        msg: Message,
        client: ClientState,
        send: Callable[[Message], Awaitable[None]],
        *,
        back_channel: bool = True,
    ) -> Message | None:
        """Answer one message; ``None`` for notifications and responses (nothing to write back)."""
        if jsonrpc.is_response(msg):
            self.questions.answer(msg, client)
            return None
        params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
        ex = Exchange(client, send, back_channel, msg.get("id"), params or {})
        if jsonrpc.is_notification(msg):
            await self._notification(msg["method"], ex)
            return None
        key = (client.conn_id, msg["id"])
        # The request runs in the caller's task (each transport gives every message its own), so a
        # client's cancellation cancels that task; _withdraw marks it so it is told apart below.
        task = asyncio.current_task()
        if task is not None:
            self._inflight[key] = task
        try:
            return jsonrpc.result(msg["id"], await self._request(msg["method"], ex))
        except asyncio.CancelledError:
            if key in self._withdrawn and task is not None and task.uncancel() == 0:
                return None  # cancelled by the client (and by nobody else): no response is sent
            raise
        except RpcError as exc:
            return jsonrpc.error(msg["id"], exc.code, exc.message, exc.data)
        except Exception as exc:  # top-level handler: the client gets a precise error, never a hang
            return jsonrpc.error(msg["id"], jsonrpc.INTERNAL_ERROR, f"gateway error: {type(exc).__name__}: {exc}")
        finally:
            if self._inflight.get(key) is task:
                del self._inflight[key]
            self._withdrawn.discard(key)

    def _withdraw(self, key: tuple[str, Any]) -> None:
        """Cancel a request in flight on the client's behalf (once; its task then answers nothing)."""
        task = self._inflight.get(key)
        if task is not None and key not in self._withdrawn:
            self._withdrawn.add(key)
            task.cancel()

    async def _notification(self, method: str, ex: Exchange) -> None:
        if method == "notifications/cancelled":
            self._withdraw((ex.client.conn_id, ex.params.get("requestId")))
        elif method == "notifications/roots/list_changed":
            await self.links.notify_all(ex.client, method, dict(ex.params) or None)

    async def _request(self, method: str, ex: Exchange) -> dict[str, Any]:
        self._check_version(ex)
        if method == "initialize":
            return await self._initialize(ex)
        if method == "server/discover":
            return await self._discover(ex)
        if method == "ping":
            result: dict[str, Any] = {}
        elif method == "tools/call":
            result = await self.calls.call(ex)
        elif method == "tools/list":
            result = await self.tools_page(ex)
        elif method == "subscriptions/listen":
            result = await self.listening.listen(ex)
        else:
            result = await self.passthrough.request(method, ex)
        return self._modern_shape(method, result) if ex.era is Era.MODERN else legacy_shape(result)

    @staticmethod
    def _modern_shape(method: str, result: dict[str, Any]) -> dict[str, Any]:
        """Fields 2026-07-28 requires that a legacy upstream (or the gateway) did not set.

        Cacheable results are ``cacheScope: "private"`` whatever the server said (a ``"public"``
        never passes), and ``ttlMs: 0`` unless the cache obligation of a resource read's decision
        set it (:mod:`weir.gateway.routing.caching`): the gateway re-decides every fetch.
        """
        out = dict(result)
        out.setdefault("resultType", "complete")
        if method in CACHEABLE:
            out["ttlMs"] = out.get("ttlMs", 0) if method == READ else 0
            out["cacheScope"] = "private"
        return out

    def _check_version(self, ex: Exchange) -> None:
        version = ex.meta.get(VERSION_KEY)
        if isinstance(version, str) and version not in (MODERN_VERSION, *LEGACY_VERSIONS):
            raise RpcError(
                _UNSUPPORTED_VERSION,
                f"unsupported protocol version {version!r}",
                data={"supported": [MODERN_VERSION], "requested": version},
            )

    # -- lifecycle --------------------------------------------------------------------------

    def _capabilities(self) -> dict[str, Any]:
        """What the gateway offers: tools (whose list it publishes), and each kind any server offers,
        with the flags any of them sets (``subscribe``, ``listChanged``)."""
        caps: dict[str, Any] = {"tools": {"listChanged": True}}
        for kind in ("resources", "prompts", "completions", "logging"):
            offered = [u.capabilities[kind] for u in self.upstreams.values() if kind in u.capabilities]
            if offered:
                merged: dict[str, Any] = {}
                for flags in offered:
                    for key, value in (flags if isinstance(flags, Mapping) else {}).items():
                        merged[key] = merged.get(key) or value
                caps[kind] = merged
        return caps

    async def _instructions(self, client: ClientState) -> str | None:
        """The servers' instructions, each decided as content before this client reads it (a withheld
        one is left out): one server's as they are; several as one section per server."""
        given: dict[str, str] = {}
        for name, upstream in self.upstreams.items():
            if upstream.instructions:
                shown = await self.messages.instructions(client, name, upstream.instructions)
                if shown:
                    given[name] = shown
        if len(self.upstreams) == 1:
            return next(iter(given.values()), None)
        return "\n\n".join(f"## {name}\n{text}" for name, text in given.items()) or None

    async def _servers_meta(self, client: ClientState) -> dict[str, Any]:
        """Where each upstream's own ``serverInfo`` went: the gateway names itself, and lists them here,
        each decided as the server's text before this client reads it (a withheld one is left out)."""
        listed: dict[str, Any] = {}
        for name, upstream in self.upstreams.items():
            info = dict(upstream.server_info or {})
            if _identifiers_only(info):  # a name and a version only: no prose to decide
                if info:
                    listed[name] = info
                continue
            shown = await self.messages.server_info(client, name, info)
            if shown is not None:
                listed[name] = shown
        return {SERVERS_KEY: listed}

    async def _initialize(self, ex: Exchange) -> dict[str, Any]:
        requested = ex.params.get("protocolVersion")
        version = requested if requested in LEGACY_VERSIONS else LEGACY_VERSION
        caps = ex.params.get("capabilities")
        info = ex.params.get("clientInfo")
        ex.client.era = Era.LEGACY
        ex.client.protocol_version = str(version)
        ex.client.capabilities = dict(caps) if isinstance(caps, Mapping) else {}
        ex.client.info = dict(info) if isinstance(info, Mapping) else {}
        result = {"protocolVersion": version, "capabilities": self._capabilities(), "serverInfo": dict(GATEWAY_INFO)}
        instructions = await self._instructions(ex.client)
        if instructions:
            result["instructions"] = instructions
        result["_meta"] = await self._servers_meta(ex.client)
        return result

    async def _discover(self, ex: Exchange) -> dict[str, Any]:
        result = {
            "supportedVersions": [MODERN_VERSION],
            "capabilities": self._capabilities(),
            "resultType": "complete",
            "ttlMs": 0,
            "cacheScope": "private",
            "_meta": {SERVER_INFO_KEY: dict(GATEWAY_INFO), **await self._servers_meta(ex.client)},
        }
        instructions = await self._instructions(ex.client)
        if instructions:
            result["instructions"] = instructions
        return result

    # -- tools ------------------------------------------------------------------------------

    async def list_tools(self) -> dict[str, Any]:
        """Every upstream's tools as the gateway's own sessions list them, reviewed, under exposed names.

        Servers are listed side by side, each under its own deadline: one that does not answer
        holds up neither the others nor calls to them.
        """
        await asyncio.gather(*(self._ensure_listed(name) for name in self.upstreams))
        return {"tools": self.tools.exposed_tools()}

    async def tools_page(self, ex: Exchange) -> dict[str, Any]:
        """A client's ``tools/list``: one page of one server as the client's own session lists it."""
        servers = list(self.upstreams)

        async def fetch(server: str, cursor: Any) -> dict[str, Any] | None:
            await self._ensure_listed(server)
            link = await self.links.session(server, ex)
            page = await server_page(
                link, "tools/list", ex.params, cursor, timeout=self.settings.list_timeout_s, sole=len(servers) == 1
            )
            if page is None:
                return None
            tools = [t for t in page.get("tools") or () if isinstance(t, dict)]
            await self._review(server, tools)
            return {**page, "tools": self.tools.exposed_page(server, self._shown(ex, server, tools))}

        return await page_across(servers, ex.params.get("cursor"), fetch, "tools")

    def _shown(self, ex: Exchange, server: str, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The listed tools this client's principal may ever call (:mod:`weir.guard.visibility`)."""
        decider = self.pipeline.decider
        principal = ex.client.principal_fact()
        return [t for t in tools if decider.listable(server, str(t.get("name", "")), principal)]

    async def _ensure_listed(self, server: str, *, again: bool = False) -> None:
        """The server's tools as the gateway's own session lists them, reviewed (once, or ``again``)."""
        async with self._listing[server]:
            if server in self._listed and not again:
                return
            tools = await self._fetch_tools(server)
            if tools is None:
                if server not in self._listed:
                    self.tools.update(server, [], {})
                return
            await self._publish(server, self.tools.merged(server, tools) or self.tools.tools.get(server, []))
            self._listed.add(server)

    async def _review(self, server: str, tools: list[dict[str, Any]]) -> None:
        """Tools a client's session listed: when any is new or changed, the server's tools are reviewed again."""
        async with self._listing[server]:
            merged = self.tools.merged(server, tools)
            if merged is not None:
                await self._publish(server, merged)

    async def _publish(self, server: str, tools: list[dict[str, Any]]) -> None:
        review = await self.pipeline.review_tools(server, tools)
        if review is None:  # could not be reviewed: none of its tools is exposed
            self.tools.update(server, [], {})
        else:
            published = {name: review.published(name) for name in review.profiles}
            self.tools.update(server, tools, published, review.shown)

    async def _fetch_tools(self, server: str, session: Upstream | None = None) -> list[dict[str, Any]] | None:
        """Every page of a server's ``tools/list`` (``None`` when it fails or does not answer in time)."""
        tools: list[dict[str, Any]] = []
        cursor: Any = None
        timeout = self.settings.list_timeout_s
        upstream = session or self.upstreams[server]
        try:
            for _ in range(100):  # a paginator that never ends cannot hang the gateway
                params = {"cursor": cursor} if cursor else None
                page = await upstream.request("tools/list", params, timeout=timeout)
                tools.extend(t for t in page.get("tools") or () if isinstance(t, dict))
                cursor = page.get("nextCursor")
                if not cursor:
                    break
        except (UpstreamError, RpcError):
            return None
        return tools

    async def route_tool(self, exposed: str, ex: Exchange) -> Route | None:
        """The server and name behind an exposed tool name, listing that server's tools first if needed.

        A tool the gateway has not seen yet is looked for in the client's own session's list.
        Raises RpcError for a name several servers list when names are not namespaced.
        """
        route = self.naming.route(exposed)
        if route is None and not self.naming.enabled and len(self.upstreams) > 1:
            route = await self._owner(exposed)
        if route is None:
            return None
        if route.server not in self._listed:
            await self._ensure_listed(route.server)
        if self.tools.raw_tool(route) is None:
            listed = await self._fetch_tools(route.server, await self.links.session(route.server, ex))
            if listed:
                await self._review(route.server, listed)
        return route if self.tools.raw_tool(route) is not None else None

    async def _owner(self, name: str) -> Route | None:
        """The server listing ``name`` when names are not namespaced (every server is listed first)."""
        if len(self._listed) < len(self.upstreams):
            await self.list_tools()
        owner = self.tools.owner(name)
        if isinstance(owner, str):
            return Route(owner, name)
        if owner:
            servers = ", ".join(owner)
            raise RpcError(
                jsonrpc.INVALID_PARAMS,
                f"tool {name!r} is listed by several servers ({servers}); set gateway.namespace: true",
            )
        return None

    def busy(self, client: ClientState) -> bool:
        """Whether a request from this connection is still being answered."""
        return any(conn == client.conn_id for conn, _ in self._inflight)

    def attach(self, client: ClientState, send: Callable[[Message], Awaitable[None]]) -> None:
        """Give a connection a standing channel (stdio, in memory, an HTTP client's stream): what its
        servers send outside a request, and their list changes, reach it there."""
        self.links.attach(client, send)

    async def _own_list_changed(self, server: str, method: str) -> None:
        """The gateway's own session says a list changed: its tools are listed and reviewed again.

        Clients are told by their own sessions (a server's change may be one session's alone)."""
        if method == "notifications/tools/list_changed" and server in self._listed:
            await self._ensure_listed(server, again=True)

    async def _client_list_changed(self, client: ClientState, server: str, method: str) -> None:
        """A client's session says a list changed: re-list (review, pin, publish) its tools, then tell it."""
        if method == "notifications/tools/list_changed":
            await self._relist(client, server)
        await self.links.notify_client(client, {"jsonrpc": "2.0", "method": method})

    async def _relist(self, client: ClientState, server: str) -> None:
        """List a server's tools on the client's session and review what is new or changed."""
        session = self.links.sessions_of(client).get(server)
        listed = await self._fetch_tools(server, session) if session is not None else None
        if listed:
            await self._review(server, listed)

    def forget_client(self, client: ClientState) -> None:
        """Cancel what a closed connection still has in flight; end its upstream sessions; forget its own
        agent session and questions."""
        task = asyncio.create_task(self.links.forget(client))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        self.calls.sessions.forget(client)
        self.questions.forget(client)
        for key in [key for key in self._inflight if key[0] == client.conn_id]:
            self._withdraw(key)
