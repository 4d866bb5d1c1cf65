"""The gateway: one object that answers every downstream request in front of its upstreams.

Transports (stdio, HTTP, in-memory) hand each parsed message to :meth:`Gateway.handle` with the
connection's :class:`ClientState`; the gateway routes it, enforces ``tools/call`` through its
:class:`Enforcer`, and returns the response dict to write back. It speaks 2025-11-25 or
2026-07-28 to each client as the client does, and to each upstream as that server does.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any

from weir.audit import AuditEvent, Phase
from weir.config import WeirConfig
from weir.errors import ConfigError, UpstreamError
from weir.gateway import jsonrpc
from weir.gateway.audit import AuditSink, decision_record
from weir.gateway.calls import ToolCalls
from weir.gateway.catalog import Catalog, Naming, Route
from weir.gateway.channels import HttpChannel, StdioChannel
from weir.gateway.enforcer import Enforcer
from weir.gateway.era import (
    GATEWAY_INFO,
    LEGACY_VERSION,
    LEGACY_VERSIONS,
    MODERN_VERSION,
    SERVER_INFO_KEY,
    VERSION_KEY,
    Era,
)
from weir.gateway.exchange import ClientState, Exchange
from weir.gateway.jsonrpc import Message, RpcError
from weir.gateway.listing import Listings
from weir.gateway.recording import Recorder
from weir.gateway.upstream import Upstream

__all__ = ["Gateway", "upstreams_from_config"]

_UNSUPPORTED_VERSION = -32022
_CACHEABLE = frozenset({"tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read"})


def upstreams_from_config(config: WeirConfig) -> dict[str, Upstream]:
    """An :class:`Upstream` per configured server; a server with neither command nor url is an error."""
    limit = config.gateway.max_message_bytes
    out: dict[str, Upstream] = {}
    for name, server in config.servers.items():
        if server.command:
            out[name] = Upstream(name, partial(StdioChannel, name, list(server.command), dict(server.env), limit=limit))
        elif server.url:
            out[name] = Upstream(name, partial(HttpChannel, name, server.url, dict(server.headers), limit=limit))
        else:
            raise ConfigError(f"servers.{name}: the gateway needs a `command` or a `url`", server=name)
    return out


class Gateway:
    """Routes, enforces and audits; owns the upstream connections."""

    def __init__(
        self,
        config: WeirConfig,
        *,
        enforcer: Enforcer,
        audit: AuditSink,
        upstreams: Mapping[str, Upstream] | None = None,
    ) -> None:
        self.config = config
        self.settings = config.gateway
        self.enforcer = enforcer
        self.audit = audit
        self.upstreams = dict(upstreams) if upstreams is not None else upstreams_from_config(config)
        if not self.upstreams:
            raise ConfigError("the gateway needs at least one server under `servers:`")
        self.catalog = Catalog(Naming(self.settings, list(self.upstreams)))
        self.calls = ToolCalls(self)
        self.listings = Listings(self)
        self._ids = itertools.count(1)
        self._waits: dict[str, asyncio.Future[Message]] = {}
        self._inflight: dict[tuple[str, Any], asyncio.Task[Any]] = {}
        self._withdrawn: set[tuple[str, Any]] = set()  # in-flight requests cancelled for the client
        self._catalog_lock = asyncio.Lock()
        self._loaded = False
        self.recorder: Recorder | None = None
        self._listed: dict[str, str] = {}
        self._listeners: dict[str, Callable[[Message], Awaitable[None]]] = {}
        for upstream in self.upstreams.values():
            upstream.on_list_changed = self._upstream_changed

    async def start(self) -> list[str]:
        """Connect every upstream; returns the problems of those that could not be reached."""
        results = await asyncio.gather(*(u.ensure_started() for u in self.upstreams.values()), return_exceptions=True)
        return [f"{name}: {r}" for name, r in zip(self.upstreams, results, strict=True) if isinstance(r, Exception)]

    async def close(self) -> None:
        """Stop every upstream."""
        await asyncio.gather(*(u.close() for u in self.upstreams.values()), return_exceptions=True)

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
            self._resolve_wait(msg)
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

    async def _request(self, method: str, ex: Exchange) -> dict[str, Any]:
        self._check_version(ex)
        if method == "initialize":
            return self._initialize(ex)
        if method == "server/discover":
            return self._discover()
        if method == "ping":
            result: dict[str, Any] = {}
        elif method == "tools/call":
            result = await self.calls.call(ex)
        elif method == "tools/list":
            result = await self.list_tools()
        else:
            result = await self.listings.request(method, ex)
        return self._modern_shape(method, result) if ex.era is Era.MODERN else result

    @staticmethod
    def _modern_shape(method: str, result: dict[str, Any]) -> dict[str, Any]:
        """Fields 2026-07-28 requires that a legacy upstream (or the gateway) did not set.

        Cacheable results get ``ttlMs: 0``: the gateway re-decides every time, and sensitive
        results must never be cached by the client.
        """
        out = dict(result)
        out.setdefault("resultType", "complete")
        if method in _CACHEABLE:
            out.setdefault("ttlMs", 0)
            out.setdefault("cacheScope", "private")
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
        caps: dict[str, Any] = {"tools": {"listChanged": True}}
        for kind in ("resources", "prompts", "completions", "logging"):
            if any(kind in u.capabilities for u in self.upstreams.values()):
                caps[kind] = {}
        return caps

    def _initialize(self, ex: Exchange) -> dict[str, Any]:
        requested = ex.params.get("protocolVersion")
        version = requested if requested in LEGACY_VERSIONS else LEGACY_VERSION
        caps = ex.params.get("capabilities")
        info = ex.params.get("clientInfo")
        ex.client.era = Era.LEGACY
        ex.client.protocol_version = str(version)
        ex.client.capabilities = dict(caps) if isinstance(caps, Mapping) else {}
        ex.client.info = dict(info) if isinstance(info, Mapping) else {}
        return {"protocolVersion": version, "capabilities": self._capabilities(), "serverInfo": dict(GATEWAY_INFO)}

    def _discover(self) -> dict[str, Any]:
        return {
            "supportedVersions": [MODERN_VERSION],
            "capabilities": self._capabilities(),
            "resultType": "complete",
            "ttlMs": 0,
            "cacheScope": "private",
            "_meta": {SERVER_INFO_KEY: dict(GATEWAY_INFO)},
        }

    # -- tools ------------------------------------------------------------------------------

    async def list_tools(self) -> dict[str, Any]:
        """Every upstream's tools, reviewed by the enforcer, under exposed names."""
        async with self._catalog_lock:
            await asyncio.gather(*(self._load_tools(name) for name in self.upstreams))
            self._loaded = True
        return {"tools": self.catalog.exposed_tools()}

    async def _load_tools(self, server: str) -> None:
        tools: list[dict[str, Any]] = []
        cursor: Any = None
        try:
            for _ in range(100):  # a paginator that never ends cannot hang the gateway
                page = await self.upstreams[server].request("tools/list", {"cursor": cursor} if cursor else None)
                tools.extend(t for t in page.get("tools") or () if isinstance(t, dict))
                cursor = page.get("nextCursor")
                if not cursor:
                    break
        except (UpstreamError, RpcError):
            self.catalog.update(server, [], {})
            return
        try:
            review = self.enforcer.review_tools(server, tools)
        except Exception as exc:  # decision boundary: a tool list that cannot be reviewed is not exposed
            self.catalog.update(server, [], {})
            why = f"reviewing the tools failed: {type(exc).__name__}: {exc}"
            record = decision_record("block", "block", ("weir/decision-error",), (why,), why)
            self.audit.append(AuditEvent(phase=Phase.TOOLS, server=server, decision=record))
            return
        self.catalog.update(server, tools, review.profiles)
        fingerprint = json.dumps(tools, sort_keys=True, default=str)
        if self._listed.get(server) == fingerprint:
            return  # unchanged since it was last audited and recorded
        self._listed[server] = fingerprint
        if self.recorder is not None:
            self.recorder.tools(server, tools)
        details = {"tools": [str(t.get("name")) for t in tools], "findings": list(review.findings)}
        self.audit.append(AuditEvent(phase=Phase.TOOLS, server=server, details=details))

    async def route_tool(self, exposed: str) -> Route | None:
        """The server and name behind an exposed tool name, listing tools first if needed."""
        if not self._loaded:
            await self.list_tools()
        route = self.catalog.naming.route(exposed)
        if route is None or self.catalog.raw_tool(route) is None:
            return None
        return route

    # -- talking to the client mid-request --------------------------------------------------

    async def ask_client(self, ex: Exchange, method: str, params: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send a request to the client and wait for its result (raises RpcError, TimeoutError)."""
        msg_id = f"weir-{next(self._ids)}"
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waits[msg_id] = future
        try:
            await ex.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
            reply = await asyncio.wait_for(future, timeout)
        finally:
            self._waits.pop(msg_id, None)
        if "error" in reply:
            err = reply["error"] if isinstance(reply["error"], dict) else {}
            raise RpcError(int(err.get("code", jsonrpc.INTERNAL_ERROR)), str(err.get("message", "")))
        result = reply.get("result")
        return result if isinstance(result, dict) else {}

    async def relay_to_client(self, ex: Exchange, msg: Message) -> Message:
        """Relay an upstream's mid-call request (elicitation, sampling, roots) to the client."""
        if ex.era is Era.MODERN or not ex.back_channel:
            return jsonrpc.error(msg["id"], jsonrpc.METHOD_NOT_FOUND, "the client cannot be reached mid-call")
        try:
            params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
            result = await self.ask_client(ex, str(msg["method"]), params or {}, self.settings.confirm_timeout_s)
        except RpcError as exc:
            return jsonrpc.error(msg["id"], exc.code, exc.message)
        except TimeoutError:
            return jsonrpc.error(msg["id"], jsonrpc.INTERNAL_ERROR, "the client did not answer in time")
        return jsonrpc.result(msg["id"], result)

    def _resolve_wait(self, msg: Message) -> None:
        future = self._waits.get(msg["id"]) if isinstance(msg.get("id"), str) else None
        if future is not None and not future.done():
            future.set_result(msg)

    def busy(self, client: ClientState) -> bool:
        """Whether a request from this connection is still being answered."""
        return any(conn == client.conn_id for conn, _ in self._inflight)

    def attach(self, client: ClientState, send: Callable[[Message], Awaitable[None]]) -> None:
        """Let a connection with a standing channel (stdio, in memory) receive list changes."""
        self._listeners[client.conn_id] = send

    async def _upstream_changed(self, server: str, method: str) -> None:
        """An upstream's list changed: re-list (re-review, re-pin, re-publish) tools, then tell every client."""
        if method == "notifications/tools/list_changed" and self._loaded:
            async with self._catalog_lock:
                await self._load_tools(server)
        for conn, send in list(self._listeners.items()):
            try:
                await send({"jsonrpc": "2.0", "method": method})
            except Exception:  # a client gone mid-broadcast must not stop the others
                self._listeners.pop(conn, None)

    def forget_client(self, client: ClientState) -> None:
        """Cancel what a closed connection still has in flight."""
        self._listeners.pop(client.conn_id, None)
        for key in [key for key in self._inflight if key[0] == client.conn_id]:
            self._withdraw(key)
