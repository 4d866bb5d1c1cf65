"""One session with an upstream MCP server: negotiation, correlation, timeouts, restarts.

The gateway speaks to each upstream in that server's own revision: it probes
``server/discover`` and falls back to the ``initialize`` handshake, like the SDK client's
"auto" mode. Requests are raw dicts; ids are the session's own.

The gateway holds one session of its own per server (the :class:`Upstream` it is given; it
declares every capability the gateway can relay, so it sees the server's fullest tool list) and
one per downstream connection (:meth:`Upstream.spawn`), declaring that client's capabilities.
What a server sends outside any request in flight — its requests, logs, resource updates — goes
to the session's ``unsolicited`` handlers, i.e. to the one connection the session belongs to.
A session the server lost (it restarted) or a crashed server is negotiated again on the next
request; the log level and resource subscriptions set on it are sent again.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any

from weir.errors import UpstreamError
from weir.gateway.upstream.channels import SESSION_LOST, Channel
from weir.gateway.upstream.deadlines import Deadlines
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.era import (
    CAPABILITIES_KEY,
    CLIENT_INFO_KEY,
    GATEWAY_INFO,
    LEGACY_VERSION,
    MODERN_VERSION,
    VERSION_KEY,
    Era,
    modern_meta,
)
from weir.gateway.wire.jsonrpc import Message, RpcError
from weir.labels.keys import TOOL_RESOLUTION

__all__ = [
    "GATEWAY_CAPABILITIES",
    "LIST_CHANGED",
    "RELAYED_CAPABILITIES",
    "SUBSCRIPTION_KEY",
    "ServerRequestHandler",
    "Upstream",
]

log = logging.getLogger(__name__)

LIST_CHANGED = frozenset(
    {"notifications/tools/list_changed", "notifications/prompts/list_changed", "notifications/resources/list_changed"}
)
"""Upstream notifications the gateway acts on and passes to every connected client."""

ServerRequestHandler = Callable[[Message], Awaitable[Message]]
"""Answers a request the server sends mid-call (e.g. ``elicitation/create``) with a response."""
NotificationHandler = Callable[[Message], Awaitable[None]]

GATEWAY_CAPABILITIES: dict[str, Any] = {
    "elicitation": {"form": {}, "url": {}},
    "sampling": {},
    "roots": {"listChanged": True},
    "extensions": {TOOL_RESOLUTION: {}},
}
"""What the gateway's own session declares: everything it can relay to a client (the server then
lists its fullest set of tools; the session itself is used for listing, never for a call), and
tool resolution, so a server marks its resolvable tools."""
RELAYED_CAPABILITIES = ("elicitation", "sampling", "roots")
"""The client capabilities a client's own session declares upstream, when the client declared them."""
_ENVELOPE = (VERSION_KEY, CLIENT_INFO_KEY, CAPABILITIES_KEY)
SUBSCRIPTION_KEY = "io.modelcontextprotocol/subscriptionId"
"""``_meta`` key on every frame of a ``subscriptions/listen`` stream: the listen request's id."""


class _Call:
    """A request in flight: its future plus the handlers for what the server sends meanwhile."""

    def __init__(self, on_request: ServerRequestHandler | None, on_notify: NotificationHandler | None) -> None:
        self.future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self.on_request = on_request
        self.on_notify = on_notify


class Upstream:
    """A session with one named server, (re)started on demand."""

    def __init__(
        self,
        name: str,
        make_channel: Callable[[], Channel],
        *,
        start_timeout: float = 30.0,
        capabilities: Mapping[str, Any] | None = None,
        legacy_capabilities: Mapping[str, Any] | None = None,
        shared: bool = False,
    ) -> None:
        self.name = name
        self.shared = shared
        """Whether one principal's connections share one session with this server (``servers.NAME.share``)."""
        self._make_channel = make_channel
        self._start_timeout = start_timeout
        self.declared = dict(GATEWAY_CAPABILITIES if capabilities is None else capabilities)
        """The client capabilities this session declares (on 2026-07-28, with every request)."""
        legacy = self.declared if legacy_capabilities is None else dict(legacy_capabilities)
        # Every session of the gateway resolves tools: on 2025-11-25 the extension is negotiated once, here.
        self._legacy_declared = {**legacy, "extensions": {**legacy.get("extensions", {}), TOOL_RESOLUTION: {}}}
        self._channel: Channel | None = None
        self._ready = False  # connected and negotiated: requests skip the start lock
        self._ids = itertools.count(1)
        self._calls: dict[int, _Call] = {}
        self._deadlines = Deadlines()
        self._progress: dict[Any, NotificationHandler] = {}
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self.era: Era | None = None
        self.capabilities: dict[str, Any] = {}
        self.server_info: dict[str, Any] = {}
        self.instructions: str | None = None
        self.closed_reason: str | None = None
        self.on_list_changed: Callable[[str, str], Coroutine[Any, Any, None]] | None = None
        """Called (in its own task) with this server's name and the method of a ``list_changed`` notification."""
        self.unsolicited_request: ServerRequestHandler | None = None
        """Answers a server request no request in flight can relay (none: the server gets an error)."""
        self.unsolicited_notify: NotificationHandler | None = None
        """Takes a server notification no request in flight is waiting for (none: it is dropped)."""
        self._negotiated = False
        self._level: dict[str, Any] | None = None  # the last logging/setLevel, sent again after a restart
        self._subscribed: dict[str, dict[str, Any]] = {}  # uri → its resources/subscribe params

    @property
    def channel(self) -> Channel | None:
        """The pipe to the server while the session is open."""
        return self._channel

    def spawn(self, capabilities: Mapping[str, Any], legacy_capabilities: Mapping[str, Any]) -> Upstream:
        """A new session with the same server, declaring a client's capabilities.

        ``legacy_capabilities`` are declared to a 2025-11-25 server (what can be relayed to the
        client mid-request); ``capabilities`` travel with each 2026-07-28 request.
        """
        return Upstream(
            self.name,
            self._make_channel,
            start_timeout=self._start_timeout,
            capabilities=capabilities,
            legacy_capabilities=legacy_capabilities,
        )

    @property
    def connected(self) -> bool:
        """Connected and negotiated (false before the first start, after a crash, once closed)."""
        return self._ready

    async def ensure_started(self) -> None:
        """Start and negotiate when not connected; a crashed server is restarted here."""
        async with self._lock:
            if self._channel is not None:
                return
            channel = self._make_channel()
            self.closed_reason = None
            await channel.start(self._on_message, self._on_closed)
            self._channel = channel
            try:
                await asyncio.wait_for(self._negotiate(), self._start_timeout)
            except (TimeoutError, UpstreamError, RpcError) as exc:
                # A timeout's text is empty, and an UpstreamError's own text names the server already.
                why = exc.message if isinstance(exc, UpstreamError | RpcError) else str(exc) or "timed out"
                await self._drop(f"negotiation failed: {why}")
                raise UpstreamError(f"cannot connect: {why}", server=self.name) from exc
            self._ready = self._channel is channel  # the server may have died while negotiating
            again, self._negotiated = self._negotiated, True
        if again:
            await self._restore()

    async def _restore(self) -> None:
        """A new session after a restart: set the log level and the subscriptions again."""
        calls = [("logging/setLevel", self._level)] if self._level is not None else []
        calls += [("resources/subscribe", params) for params in self._subscribed.values()]
        for method, params in calls:
            with contextlib.suppress(UpstreamError, RpcError):
                await self._send_request(method, self._envelope(params), self._start_timeout)

    async def _negotiate(self) -> None:
        try:
            found = await self._send_request("server/discover", {"_meta": modern_meta(self.declared)})
        except RpcError:
            found = {}
        if MODERN_VERSION in (found.get("supportedVersions") or ()):
            self.era = Era.MODERN
            self.capabilities = found.get("capabilities") or {}
            self.server_info = (found.get("_meta") or {}).get("io.modelcontextprotocol/serverInfo") or {}
            self.instructions = found.get("instructions") if isinstance(found.get("instructions"), str) else None
            self._stamp_version(MODERN_VERSION)
            return
        params = {"protocolVersion": LEGACY_VERSION, "capabilities": self._legacy_declared, "clientInfo": GATEWAY_INFO}
        init = await self._send_request("initialize", params)
        self.era = Era.LEGACY
        self.capabilities = init.get("capabilities") or {}
        self.server_info = init.get("serverInfo") or {}
        self.instructions = init.get("instructions") if isinstance(init.get("instructions"), str) else None
        self._stamp_version(str(init.get("protocolVersion", LEGACY_VERSION)))
        await self.notify("notifications/initialized", None)

    def _stamp_version(self, version: str) -> None:
        if hasattr(self._channel, "protocol_version"):
            self._channel.protocol_version = version  # type: ignore[union-attr]

    async def request(
        self,
        method: str,
        params: dict[str, Any] | None,
        *,
        timeout: float | None = None,
        on_request: ServerRequestHandler | None = None,
        on_notify: NotificationHandler | None = None,
        extensions: Mapping[str, Any] | None = None,
    ) -> Message:
        """Send a request in this server's revision and return its ``result`` dict.

        ``extensions``: extensions this one request advertises on 2026-07-28 (per-request client
        capabilities), on top of what the session declares. Raises :class:`RpcError` for an error
        response (the server's own code and message) and :class:`UpstreamError` when the server is
        unreachable, crashes or times out.
        """
        if not self._ready:
            await self.ensure_started()
        try:
            result = await self._send_request(
                method, self._envelope(params, extensions), timeout, on_request, on_notify
            )
        except RpcError as exc:
            if not (isinstance(exc.data, dict) and exc.data.get(SESSION_LOST)):
                raise
            # The server refused it for a session it no longer knows: it never ran; a new session takes it.
            await self.ensure_started()
            result = await self._send_request(
                method, self._envelope(params, extensions), timeout, on_request, on_notify
            )
        self._remember(method, params)
        return result

    def _remember(self, method: str, params: dict[str, Any] | None) -> None:
        """Keep what a restarted server must be told again (the log level, the subscriptions)."""
        if method == "logging/setLevel":
            self._level = dict(params or {})
        elif method == "resources/subscribe" and isinstance((params or {}).get("uri"), str):
            self._subscribed[str((params or {})["uri"])] = dict(params or {})
        elif method == "resources/unsubscribe":
            self._subscribed.pop(str((params or {}).get("uri")), None)

    def _envelope(
        self, params: dict[str, Any] | None, extensions: Mapping[str, Any] | None = None
    ) -> dict[str, Any] | None:
        meta = dict((params or {}).get("_meta") or {})
        if self.era is Era.MODERN:
            declared = self.declared
            if extensions:
                declared = {**declared, "extensions": {**declared.get("extensions", {}), **extensions}}
            meta = {**meta, **modern_meta(declared)}
        else:
            for key in _ENVELOPE:
                meta.pop(key, None)
        if not meta and (params is None or "_meta" not in params):
            return params
        return {**(params or {}), "_meta": meta}

    async def _send_request(
        self,
        method: str,
        params: dict[str, Any] | None,
        timeout: float | None = None,
        on_request: ServerRequestHandler | None = None,
        on_notify: NotificationHandler | None = None,
    ) -> Message:
        if self._channel is None:
            raise UpstreamError(self.closed_reason or "server is not connected", server=self.name)
        msg_id = next(self._ids)
        call = _Call(on_request, on_notify)
        self._calls[msg_id] = call
        token = self._progress_token(params)
        if token is not None and on_notify is not None:
            self._progress[token] = on_notify
        message: Message = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        try:
            await self._channel.send(message)
            self._deadlines.watch(call.future, timeout)
            response = await call.future
        except TimeoutError:
            await self.notify("notifications/cancelled", {"requestId": msg_id, "reason": "timed out"})
            raise UpstreamError(f"{method} timed out after {timeout:g}s", server=self.name) from None
        except asyncio.CancelledError:
            # The client cancelled (or went away): tell the server to stop working on it.
            await asyncio.shield(self.notify("notifications/cancelled", {"requestId": msg_id, "reason": "cancelled"}))
            raise
        finally:
            self._deadlines.forget(call.future)
            self._calls.pop(msg_id, None)
            if call.future.done() and not call.future.cancelled():
                # The write failed while the reader saw the end and failed the future too: the
                # write's error is the one raised; mark this one seen, or asyncio prints it at exit.
                call.future.exception()
            if token is not None:
                self._progress.pop(token, None)
        return self._unwrap(method, response)

    def _unwrap(self, method: str, response: Message) -> Message:
        if "error" in response:
            err = response["error"] if isinstance(response["error"], dict) else {}
            raise RpcError(
                int(err.get("code", jsonrpc.INTERNAL_ERROR)), str(err.get("message", "")), data=err.get("data")
            )
        result = response.get("result")
        if not isinstance(result, dict):
            raise UpstreamError(f"{method}: the result is not an object", server=self.name)
        return result

    @staticmethod
    def _progress_token(params: dict[str, Any] | None) -> Any:
        meta = (params or {}).get("_meta")
        return meta.get("progressToken") if isinstance(meta, dict) else None

    async def notify(self, method: str, params: dict[str, Any] | None) -> None:
        """Send a notification; a dead server is not an error for a notification."""
        if self._channel is None:
            return
        message: Message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        with contextlib.suppress(UpstreamError):
            await self._channel.send(message)

    async def _on_message(self, msg: Message) -> None:
        if jsonrpc.is_response(msg):
            call = self._calls.get(msg["id"]) if isinstance(msg["id"], int) else None
            if call is not None and not call.future.done():
                call.future.set_result(msg)
        elif jsonrpc.is_request(msg):
            task = asyncio.create_task(self._answer(msg))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        else:
            await self._route_notification(msg)

    async def _route_notification(self, msg: Message) -> None:
        method = msg.get("method")
        params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
        listened = ((params or {}).get("_meta") or {}).get(SUBSCRIPTION_KEY)
        listen = self._calls.get(listened) if isinstance(listened, int) else None
        if method in LIST_CHANGED and self.on_list_changed is not None and listen is None:
            # Its own task: re-listing sends requests whose answers this reader must deliver.
            task = asyncio.create_task(self.on_list_changed(self.name, str(method)))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return
        token = (params or {}).get("progressToken")
        handler = self._progress.get(token) if token is not None else None
        if handler is None and listen is not None:
            handler = listen.on_notify  # a frame of a subscriptions/listen stream (2026-07-28)
        if handler is None and msg.get("method") != "notifications/progress":
            # Over stdio a notification does not say which request it belongs to: with one request
            # in flight it travels with that request's answer, else on the connection's own channel.
            handler = self._sole_handler_notify() or self.unsolicited_notify
        if handler is not None:
            try:
                await handler(msg)
            except Exception:
                # This reader delivers every call's messages: a relay that fails (its client has
                # gone) is that call's loss only. The call itself still ends with its response.
                log.debug("%s: a notification could not be relayed", self.name, exc_info=True)

    def _sole_handler_notify(self) -> NotificationHandler | None:
        # A call whose response is in (its waiter not yet resumed) is over: what follows is not its.
        handlers = [c.on_notify for c in self._calls.values() if c.on_notify is not None and not c.future.done()]
        return handlers[0] if len(handlers) == 1 else None

    async def _answer(self, msg: Message) -> None:
        """Answer a server→client request: ping here, the rest by the call it belongs to."""
        if msg.get("method") == "ping":
            reply = jsonrpc.result(msg["id"], {})
        else:
            # Over stdio a server's request does not say which call it belongs to; the oldest
            # call that can relay it is the best guess (documented in docs/gateway.md).
            waiting = (c for c in self._calls.values() if c.on_request is not None and not c.future.done())
            handler = next((c.on_request for c in waiting), None)
            handler = handler or self.unsolicited_request
            if handler is None and msg.get("method") == "roots/list":
                reply = jsonrpc.result(msg["id"], {"roots": []})  # the gateway's own session: no client, no roots
            elif handler is None:
                reply = jsonrpc.error(msg["id"], jsonrpc.METHOD_NOT_FOUND, f"{msg['method']} cannot be relayed now")
            else:
                try:
                    reply = await handler(msg)
                except Exception as exc:  # the server must get an answer, or it waits for ever
                    why = f"{msg['method']} could not be relayed: {exc}"
                    reply = jsonrpc.error(msg["id"], jsonrpc.INTERNAL_ERROR, why)
        if self._channel is not None:
            with contextlib.suppress(UpstreamError):
                await self._channel.send(reply)

    def _on_closed(self, reason: str, *, lost_session: bool = False) -> None:
        self.closed_reason = reason
        self._ready = False
        channel, self._channel = self._channel, None
        if lost_session and channel is not None:
            # The pipe is still open (only its session is gone): release it, off the reader's task.
            task = asyncio.create_task(channel.close())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        for call in list(self._calls.values()):
            if not call.future.done():
                call.future.set_exception(UpstreamError(reason, server=self.name))

    async def _drop(self, reason: str) -> None:
        channel, self._channel = self._channel, None
        self._on_closed(reason)
        if channel is not None:
            await channel.close()

    async def close(self) -> None:
        """Stop the server (or drop the HTTP client)."""
        await self._drop("gateway shut down")
