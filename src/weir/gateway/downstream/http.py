"""The downstream streamable-HTTP transport: many clients, bearer tokens, SSE streams, resumption.

A POST carrying a request is answered with SSE when the client accepts it (else JSON): in one
piece when nothing reaches the client before the response, else as a stream that carries
progress, logs and the questions asked mid-call, then the response. Streams open with a priming
event (an id and the ``retry`` delay) for 2025-11-25 clients, and their events are kept (bounded,
:mod:`weir.gateway.downstream.outbox`) so a client cut off reconnects with ``GET`` and ``Last-Event-ID``.
A legacy client's ``GET`` opens its standing stream: what its servers send outside any request —
their own requests, logs, resource updates, list changes — arrives there. Legacy clients get an
``Mcp-Session-Id`` at ``initialize``; modern clients are stateless, so their connection identity
is their token plus their client name.

Every connection has a principal: its bearer token's fingerprint (``loopback`` when no tokens
are configured), or — with ``auth.resource_server`` — the subject of its OAuth access token
(:mod:`weir.identity.resource`), whose claims ride on the connection for policy. A legacy session
belongs to the principal that opened it. Before anything
else, every request — ``GET`` too — passes :class:`weir.gateway.downstream.admission.Admission` (``Host``,
``Origin``, the body's type) and the token check. The admission names are re-exported here. Then
the principal's request rate (:mod:`weir.gateway.quotas.rate`), before the body is even read: a
request over it gets 429, held until its token is due (``DELETE`` is never refused for its rate:
it gives room back).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from weir.gateway.clients.exchange import ClientState
from weir.gateway.downstream.admission import Admission, check_binding, is_loopback, principal_of
from weir.gateway.downstream.outbox import RETRY_MS, Outbox, Stream
from weir.gateway.proxy import Gateway
from weir.gateway.quotas import Pacer, QuotaConfig, QuotaExceeded, QuotaUnavailable, RequestRate
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.era import CLIENT_INFO_KEY, VERSION_KEY
from weir.gateway.wire.jsonrpc import Message, RpcError
from weir.gateway.wire.sse import encode, priming
from weir.identity.principal import Principal
from weir.identity.resource import ResourceServer

__all__ = [
    "Admission",
    "Mount",
    "check_binding",
    "create_app",
    "is_loopback",
    "mcp_routes",
    "principal_of",
    "serve_app",
    "serve_http",
]

_SESSION_HEADER = "mcp-session-id"
_STREAMED = frozenset({"tools/call", "subscriptions/listen"})
"""Requests whose answer may carry messages before the response (the others get one piece)."""
_HEADER_MISMATCH = -32020
_QUOTA = "client_sessions"
_FORCED_SWEEP_S = 1.0


class _Endpoint:
    """State of the HTTP endpoint: the legacy sessions and the accepted tokens."""

    def __init__(
        self,
        gateway: Gateway,
        tokens: Sequence[str],
        clock: Callable[[], float] = time.monotonic,
        admission: Admission | None = None,
        resource: ResourceServer | None = None,
    ) -> None:
        self.gateway = gateway
        self.admission = admission or Admission(None, (), ())
        self.resource = resource
        """OAuth access tokens (the ``auth.resource_server`` section), beside the static tokens."""
        self.tokens = [t.encode() for t in tokens if t]
        self.sessions: dict[str, ClientState] = {}
        self.stateless: dict[str, ClientState] = {}
        self._clock = clock
        self._seen: dict[str, float] = {}  # conn_id → last request
        self._swept = clock()
        self._calls: set[asyncio.Task[Message | None]] = set()
        self.outboxes: dict[str, Outbox] = {}  # conn_id → its streams
        quotas = gateway.settings.quotas
        several = bool(self.tokens) or resource is not None  # no tokens: one principal, nobody to starve
        self.rate: Pacer | None = None
        if several and quotas.requests_per_s:  # a fleet's (weir.state): one bucket per principal for every replica
            shared = gateway.rate
            self.rate = shared or RequestRate(quotas.requests_per_s, quotas.request_burst, clock=clock)

    def outbox(self, client: ClientState) -> Outbox:
        """The client's streams (made on first use)."""
        found = self.outboxes.get(client.conn_id)
        if found is None:
            budget = self.gateway.settings.quotas.queued_bytes
            found = self.outboxes[client.conn_id] = Outbox(budget, lambda n: self._dropped(client, n))
        return found

    def _dropped(self, client: ClientState, count: int) -> Message:
        """``count`` undelivered events of ``client`` were dropped over its byte budget: audited, and
        the notice the client gets on its standing stream."""
        budget = self.gateway.settings.quotas.queued_bytes
        said = f"had {count} undelivered events dropped for client session {client.conn_id}: over its budget"
        exc = QuotaExceeded("queued_bytes", client.principal, budget, detail=said)
        self.gateway.refusals.refused(exc, connection=client.conn_id, session=client.session)
        params = {"level": "warning", "logger": "weir", "data": exc.message}
        return {"jsonrpc": "2.0", "method": "notifications/message", "params": params}

    def touch(self, client: ClientState) -> None:
        """Note activity on ``client``; now and then forget the sessions idle past the limit."""
        now = self._clock()
        self._seen[client.conn_id] = now
        idle = self.gateway.settings.session_idle_s
        if idle is None or now - self._swept < idle / 10:
            return  # sweeping is a walk over every session: a tenth of the limit apart is enough
        self.sweep()

    def sweep(self) -> int:
        """Forget every client session idle past the limit (with nothing in flight); how many."""
        self._swept = self._clock()
        dropped = 0
        for table in (self.sessions, self.stateless):
            for key, state in list(table.items()):
                if self.stale(state):
                    self._drop(table, key, state)
                    dropped += 1
        return dropped

    def stale(self, state: ClientState) -> bool:
        """Idle past the limit with nothing in flight."""
        idle = self.gateway.settings.session_idle_s
        last = self._seen.get(state.conn_id)
        if idle is None or last is None:
            return False
        return self._clock() - last > idle and not self.gateway.busy(state)

    def _drop(self, table: dict[str, ClientState], key: str, state: ClientState) -> None:
        del table[key]
        self.forget(state)

    def forget(self, state: ClientState) -> None:
        """A client session ended: its streams end, the gateway forgets it."""
        self._seen.pop(state.conn_id, None)
        self.gateway.quotas.give_back(_QUOTA, state.principal, state.conn_id)
        outbox = self.outboxes.pop(state.conn_id, None)
        if outbox is not None:
            outbox.close()
        self.gateway.forget_client(state)

    def authorised(self, request: Request) -> str | None:
        """The presented token when it is valid ('' when no tokens are configured), else None."""
        if not self.tokens:
            return ""
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token:
            return None
        presented = token.strip().encode()
        ok = any(hmac.compare_digest(presented, t) for t in self.tokens)
        return token.strip() if ok else None

    async def read_body(self, request: Request) -> bytes:
        """The body, refused (RpcError) as soon as it is known to exceed the limit."""
        limit = self.gateway.settings.max_message_bytes
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > limit:
            raise RpcError(jsonrpc.INVALID_REQUEST, f"message of {declared} bytes exceeds the limit of {limit} bytes")
        body = bytearray()
        async for chunk in request.stream():
            body.extend(chunk)
            if len(body) > limit:
                raise RpcError(jsonrpc.INVALID_REQUEST, f"message exceeds the limit of {limit} bytes")
        return bytes(body)

    async def client_for(self, request: Request, msg: Message, who: Principal) -> ClientState | Response:
        """The connection a message belongs to: a new or known legacy session, or the stateless client."""
        found = await self._client_for(request, msg, who)
        if isinstance(found, ClientState):
            found.identity = who  # the latest token's claims (the principal's id never changes)
        return found

    async def _client_for(self, request: Request, msg: Message, who: Principal) -> ClientState | Response:
        principal = who.id
        if msg.get("method") == "initialize":
            if self._full():
                return _error(503, msg.get("id"), jsonrpc.INVALID_REQUEST, "too many client sessions; try again later")
            new_sid = uuid.uuid4().hex
            conn_id = f"http-{new_sid[:12]}"
            refused = await self._quota(principal, conn_id, msg)
            if refused is not None:
                return refused
            state = self.sessions[new_sid] = ClientState(conn_id=conn_id, principal=principal)
            # Its standing channel: kept until a GET takes it (and then on the GET stream).
            self.gateway.attach(state, self.outbox(state).send_standing)
            return state
        sid = request.headers.get(_SESSION_HEADER)
        if sid:
            return self._legacy(sid, principal)
        return await self._stateless(msg, principal)

    def _legacy(self, sid: str, principal: str) -> ClientState | Response:
        state = self.sessions.get(sid)
        if state is not None and self.stale(state):
            self._drop(self.sessions, sid, state)
            state = None
        if state is None or state.principal != principal:  # another token's session does not exist for it
            return _error(404, None, jsonrpc.INVALID_REQUEST, "unknown or expired session")
        return state

    async def _stateless(self, msg: Message, principal: str) -> ClientState | Response:
        params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
        meta = (params or {}).get("_meta") if isinstance((params or {}).get("_meta"), dict) else {}
        info = (meta or {}).get(CLIENT_INFO_KEY) or {}
        name = info.get("name", "") if isinstance(info, dict) else ""
        # The principal, not the token: an OAuth client's refreshed token is the same connection.
        key = hashlib.sha256(f"{principal}\0{name}".encode()).hexdigest()[:12]
        if "method" in msg and "id" in msg and not (meta or {}).get(VERSION_KEY) and msg["method"] != "server/discover":
            return _error(400, msg.get("id"), jsonrpc.INVALID_REQUEST, "missing Mcp-Session-Id (send initialize first)")
        state = self.stateless.get(key)
        if state is None:
            if self._full():
                return _error(503, msg.get("id"), jsonrpc.INVALID_REQUEST, "too many clients; try again later")
            refused = await self._quota(principal, f"http-{key}", msg)
            if refused is not None:
                return refused
            state = self.stateless.get(key)  # another request of this client may have made it meanwhile
            if state is not None:
                return state
            state = self.stateless[key] = ClientState(conn_id=f"http-{key}", principal=principal)
        return state

    async def _quota(self, principal: str, conn_id: str, msg: Message) -> Response | None:
        """Count one more client session of ``principal`` (at its quota, its idle ones are forgotten
        and it is counted again); the 429 refusing it when it would be one too many (audited) — 503
        when the fleet's shared count cannot be read."""
        quotas = self.gateway.quotas
        limit = self.gateway.settings.quotas.client_sessions
        try:
            try:
                await quotas.take(_QUOTA, principal, conn_id, limit)
            except QuotaUnavailable:
                raise
            except QuotaExceeded:
                if self._clock() - self._swept < _FORCED_SWEEP_S or not self.sweep():
                    raise  # a walk over every session: at most once a second, whoever keeps asking
                await quotas.take(_QUOTA, principal, conn_id, limit)
        except QuotaExceeded as exc:
            self.gateway.refusals.refused(exc, connection=conn_id)
            status = 503 if isinstance(exc, QuotaUnavailable) else 429
            return JSONResponse(
                jsonrpc.error(msg.get("id"), jsonrpc.INVALID_REQUEST, exc.message, exc.data), status_code=status
            )
        return None

    def _full(self) -> bool:
        return len(self.sessions) + len(self.stateless) >= self.gateway.settings.max_clients

    async def _admit(self, request: Request, *, body: bool, paced: bool = True) -> Principal | Response:
        """The request's principal, or the response refusing it (``paced``: its rate is checked too)."""
        who = await self._who(request, body=body)
        if isinstance(who, Response) or self.rate is None or not paced:
            return who
        limited = await self.rate.admit(who.id)
        if limited is None:
            return who
        self.gateway.refusals.refused(limited.error)
        if isinstance(limited.error, QuotaUnavailable):  # the fleet's bucket cannot be read: refused, not paced
            error = jsonrpc.error(None, jsonrpc.INVALID_REQUEST, limited.error.message, limited.error.data)
            return JSONResponse(error, status_code=503, headers={"retry-after": "1"})
        if limited.hold_s:
            await asyncio.sleep(limited.hold_s)  # the answer waits for the token it borrowed
        error = jsonrpc.error(None, jsonrpc.INVALID_REQUEST, limited.error.message, limited.error.data)
        return JSONResponse(error, status_code=429, headers={"retry-after": str(limited.retry_after)})

    async def _who(self, request: Request, *, body: bool) -> Principal | Response:
        """The request's principal, or the response refusing it (admission, then the token)."""
        refused = self.admission.refusal(request, body=body)
        if refused is not None:
            return refused
        if self.resource is not None:
            return await self.resource.authenticate(request, self.tokens)
        token = self.authorised(request)
        if token is None:
            return JSONResponse(
                {"error": "unauthorized", "error_description": "a valid bearer token is required"},
                status_code=401,
                headers={"www-authenticate": 'Bearer realm="weir"'},
            )
        return Principal(principal_of(token))

    async def post(self, request: Request) -> Response:
        """One JSON-RPC message: 202 for notifications and responses, JSON or SSE for requests."""
        who = await self._admit(request, body=True)
        if isinstance(who, Response):
            return who
        msg = await self._message(request)
        if isinstance(msg, Response):
            return msg
        client = await self.client_for(request, msg, who)
        if isinstance(client, Response):
            return client
        self.touch(client)
        if not jsonrpc.is_request(msg):
            await self.gateway.handle(msg, client, _nowhere, back_channel=False)
            return Response(status_code=202)
        sid = self._sid(client)
        headers = {_SESSION_HEADER: sid} if sid else {}
        sse = "text/event-stream" in request.headers.get("accept", "").lower()
        if msg["method"] not in _STREAMED:
            reply = await self.gateway.handle(msg, client, _nowhere, back_channel=False)
            return self._answer(reply, client, headers, sse=sse)
        return await self._call(msg, client, headers, sse=sse)

    def _answer(self, reply: Message | None, client: ClientState, headers: dict[str, str], *, sse: bool) -> Response:
        """A response written in one piece: to a session's client that accepts SSE, an event after the
        priming one (as a stream it could resume); else JSON (a stateless 2026-07-28 client has no
        session to resume a stream in, and JSON is the cheaper body for both ends)."""
        if not sse or reply is None or not _primes(client):
            return JSONResponse(reply, headers=headers)
        body = priming(self.outbox(client).once(), RETRY_MS) + encode(reply)
        return Response(body, media_type="text/event-stream", headers=headers)

    async def _message(self, request: Request) -> Message | Response:
        """The body as a message, or the error response refusing it (400, 413)."""
        try:
            msg = jsonrpc.parse(await self.read_body(request), limit=self.gateway.settings.max_message_bytes)
        except RpcError as exc:
            status = 413 if "exceeds the limit" in exc.message else 400
            return JSONResponse(exc.to_message(), status_code=status)
        mismatch = _header_mismatch(request, msg)
        if mismatch is not None:
            return _error(400, msg.get("id"), _HEADER_MISMATCH, mismatch)
        return msg

    def _sid(self, client: ClientState) -> str | None:
        return next((sid for sid, state in self.sessions.items() if state is client), None)

    async def _call(self, msg: Message, client: ClientState, headers: dict[str, str], *, sse: bool) -> Response:
        """A tools/call: in one piece when nothing reaches the client before the result, else a stream.

        Most calls send nothing before their result (no progress, no elicitation), and one body
        is one write where a stream is several; the first message sent before the result turns the
        reply into a stream (kept in the client's outbox for resumption), which then carries
        everything in order.
        """
        pending: list[Message] = []
        stream: Stream | None = None
        decided = asyncio.get_running_loop().create_future()

        async def send(out: Message) -> None:
            if stream is not None:
                stream.push(out)
            else:
                pending.append(out)
            if not decided.done():
                decided.set_result(None)

        async def run() -> Message | None:
            modern = bool(((msg.get("params") or {}).get("_meta") or {}).get(VERSION_KEY))
            try:
                return await self.gateway.handle(msg, client, send, back_channel=not modern)
            finally:
                if not decided.done():
                    decided.set_result(None)

        # The call completes (and is audited) even if the client goes away: the task is kept.
        task = asyncio.create_task(run())
        self._calls.add(task)
        task.add_done_callback(self._calls.discard)
        await decided
        if task.done() and not pending:
            return self._answer(_reply(task), client, headers, sse=sse)
        stream = self.outbox(client).open()
        for early in pending:
            stream.push(early)

        def finish(done: asyncio.Task[Message | None]) -> None:
            reply = _reply(done)
            if reply is not None:
                stream.push(reply)
            stream.finish()

        task.add_done_callback(finish)
        return StreamingResponse(_events(stream, 0, _primes(client)), media_type="text/event-stream", headers=headers)

    async def get(self, request: Request) -> Response:
        """A client's standing stream, or (with ``Last-Event-ID``) the rest of a stream it was cut off from."""
        who = await self._admit(request, body=False)
        if isinstance(who, Response):
            return who
        if "text/event-stream" not in request.headers.get("accept", "").lower():
            return _error(406, None, jsonrpc.INVALID_REQUEST, "a GET must accept text/event-stream")
        sid = request.headers.get(_SESSION_HEADER)
        if not sid:
            return _error(400, None, jsonrpc.INVALID_REQUEST, "missing Mcp-Session-Id (send initialize first)")
        client = self._legacy(sid, who.id)
        if isinstance(client, Response):
            return client
        self.touch(client)
        return self._stream_for(client, request.headers.get("last-event-id"), {_SESSION_HEADER: sid})

    def _stream_for(self, client: ClientState, last: str | None, headers: dict[str, str]) -> Response:
        """The standing stream (what was not delivered yet first), or the rest of the stream ``last`` is in."""
        outbox = self.outbox(client)
        stream, after, primed = outbox.standing, outbox.standing.delivered, _primes(client)
        if last:
            found = outbox.resume(last)
            if found is None:
                return _error(404, None, jsonrpc.INVALID_REQUEST, f"no stream to resume after event {last!r}")
            (stream, after), primed = found, False
        still = outbox.claim_standing() if stream is outbox.standing else _always
        return StreamingResponse(_events(stream, after, primed, still), media_type="text/event-stream", headers=headers)

    async def delete(self, request: Request) -> Response:
        """End a legacy session (its calls in flight are cancelled); never refused for its rate."""
        who = await self._admit(request, body=False, paced=False)
        if isinstance(who, Response):
            return who
        sid = request.headers.get(_SESSION_HEADER, "")
        state = self.sessions.get(sid)
        if state is not None and state.principal != who.id:
            state = None  # another token cannot end a session it does not own
        if state is not None:
            del self.sessions[sid]
            self.forget(state)
        return Response(status_code=200 if state is not None else 404)


def _header_mismatch(request: Request, msg: Message) -> str | None:
    """2026-07-28 routing headers must agree with the body they describe (else -32020)."""
    method = request.headers.get("mcp-method")
    if method is not None and method != msg.get("method"):
        return f"Mcp-Method header {method!r} does not match the body's method {msg.get('method')!r}"
    name = request.headers.get("mcp-name")
    params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
    target = (params or {}).get("name") or (params or {}).get("uri")
    if name is not None and target is not None and name != target:
        return f"Mcp-Name header {name!r} does not match the body's {target!r}"
    return None


def _reply(task: asyncio.Task[Message | None]) -> Message | None:
    """A finished call's response; ``None`` while running, withdrawn by the client or failed."""
    if not task.done() or task.cancelled() or task.exception() is not None:
        return None
    return task.result()


async def _events(
    stream: Stream, after: int, primed: bool, still: Callable[[], bool] | None = None
) -> AsyncIterator[bytes]:
    """A stream's events after number ``after`` (its priming event first when ``primed``)."""
    if primed:
        yield stream.priming()
    async for data in stream.read(after, still or _always):
        yield data


def _always() -> bool:
    return True


def _primes(client: ClientState) -> bool:
    """Whether the client's streams open with a priming event: a session's (only a session can
    resume a stream) negotiated at 2025-11-25 or later (an older client may not expect an event
    without data)."""
    version = client.protocol_version
    return version is not None and version >= "2025-11-25"


async def _nowhere(_: Message) -> None:
    """Plain-JSON replies have no channel for messages before the response."""


def _error(status: int, msg_id: Any, code: int, message: str) -> Response:
    return JSONResponse(jsonrpc.error(msg_id, code, message), status_code=status)


def mcp_routes(
    gateway: Gateway,
    *,
    tokens: Sequence[str] = (),
    path: str = "/mcp",
    clock: Callable[[], float] = time.monotonic,
    bind_host: str | None = None,
    resource: ResourceServer | None = None,
) -> list[BaseRoute]:
    """The MCP endpoint's routes (POST, GET, DELETE at ``path``); ``clock`` times session idleness.

    ``bind_host`` is where it listens (``None``: loopback), for the ``Host`` check; ``resource``
    admits OAuth access tokens too, and adds its Protected Resource Metadata routes.
    """
    settings = gateway.settings
    admission = Admission(bind_host, settings.allowed_hosts, settings.allowed_origins)
    endpoint = _Endpoint(gateway, tokens, clock, admission, resource)

    async def mcp(request: Request) -> Response:
        if request.method == "POST":
            return await endpoint.post(request)
        if request.method == "DELETE":
            return await endpoint.delete(request)
        return await endpoint.get(request)

    metadata = resource.routes() if resource is not None else []
    return [Route(path, mcp, methods=["GET", "POST", "DELETE"]), *metadata]


Mount = Callable[[Admission], Sequence[BaseRoute]]
"""More routes beside the MCP endpoint (the console, metrics, health), given the listener's admission."""


def create_app(
    gateway: Gateway,
    *,
    tokens: Sequence[str] = (),
    path: str = "/mcp",
    clock: Callable[[], float] = time.monotonic,
    bind_host: str | None = None,
    routes: Sequence[BaseRoute] = (),
    mounts: Sequence[Mount] = (),
    resource: ResourceServer | None = None,
) -> Starlette:
    """The ASGI app serving the gateway at ``path`` (:func:`mcp_routes`), plus any other ``routes``
    on the same listener, and the routes of ``mounts`` — handed the listener's admission, to apply
    to their own requests (the console, health, metrics: built by their own modules, not here)."""
    mcp = mcp_routes(gateway, tokens=tokens, path=path, clock=clock, bind_host=bind_host, resource=resource)
    admission = Admission(bind_host, gateway.settings.allowed_hosts, gateway.settings.allowed_origins)
    mounted = [route for mount in mounts for route in mount(admission)]
    return Starlette(routes=[*mcp, *routes, *mounted])


async def serve_http(
    gateway: Gateway,
    host: str,
    port: int,
    *,
    tokens: Sequence[str] = (),
    mounts: Sequence[Mount] = (),
    on_listening: Callable[[], None] | None = None,
    resource: ResourceServer | None = None,
) -> None:
    """Listen until cancelled; refuses a non-loopback host without tokens (static or OAuth).
    ``on_listening`` is called once the socket accepts connections."""
    check_binding(host, tokens, oauth=resource is not None)
    app = create_app(gateway, tokens=tokens, bind_host=host, mounts=mounts, resource=resource)
    drain = gateway.settings.drain_timeout_s
    await serve_app(app, host, port, on_listening=on_listening, limits=gateway.settings.quotas, drain_s=drain)


async def serve_app(
    app: Starlette,
    host: str,
    port: int,
    *,
    on_listening: Callable[[], None] | None = None,
    limits: QuotaConfig | None = None,
    drain_s: int = 5,
) -> None:
    """Serve an ASGI app with uvicorn until cancelled (uvicorn's own logging kept to warnings), under
    the header and body read timeouts of ``limits`` (:mod:`weir.gateway.downstream.readtimeouts`).
    On SIGTERM uvicorn stops listening and lets the responses under way finish for ``drain_s``."""
    import uvicorn

    from weir.gateway.downstream.readtimeouts import timed_protocol

    limits = limits or QuotaConfig()
    protocol = timed_protocol(limits.header_timeout_s, limits.body_timeout_s)
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", lifespan="off", http=protocol, timeout_graceful_shutdown=drain_s
    )
    server = uvicorn.Server(config)
    serving = asyncio.ensure_future(server.serve())
    try:
        if on_listening is not None:
            while not server.started and not serving.done():
                await asyncio.sleep(0.01)
            if server.started:
                on_listening()
        await serving
    finally:
        serving.cancel()  # when this waiter is cancelled first, the server must not outlive it
