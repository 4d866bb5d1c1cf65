"""The downstream streamable-HTTP transport: many clients, bearer tokens, JSON or SSE replies.

A POST carrying a request is answered with an SSE stream when the request is a tool call
(progress and, on 2025-11-25, the gateway's ``elicitation/create`` travel on it) and with
plain JSON otherwise. Legacy clients get an ``Mcp-Session-Id`` at ``initialize``; modern
clients are stateless, so their connection identity is their token plus their client name.

Every connection has a principal: its bearer token's fingerprint (``loopback`` when no tokens
are configured). A legacy session belongs to the principal that opened it. Before anything
else, a request must come from where a client can be (the MCP transport's rules against DNS
rebinding and cross-site requests): its ``Host`` names this gateway (on loopback: a loopback
name, or one of ``gateway.allowed_hosts``), an ``Origin`` it carries is one of
``gateway.allowed_origins``, and a POST's body is declared ``application/json`` — a web page
can send none of these without the browser asking first, and the gateway never answers yes.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import time
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from weir.errors import ConfigError
from weir.gateway import jsonrpc
from weir.gateway.era import CLIENT_INFO_KEY, VERSION_KEY
from weir.gateway.exchange import ClientState
from weir.gateway.jsonrpc import Message, RpcError
from weir.gateway.proxy import Gateway

__all__ = [
    "Admission",
    "Mount",
    "check_binding",
    "create_app",
    "is_loopback",
    "principal_of",
    "serve_app",
    "serve_http",
]

_SESSION_HEADER = "mcp-session-id"
_HEADER_MISMATCH = -32020


def is_loopback(host: str) -> bool:
    """True for 127.0.0.0/8, ::1 and ``localhost``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_binding(host: str, tokens: Sequence[str]) -> None:
    """Refuse to listen beyond loopback without bearer tokens (raises :class:`ConfigError`)."""
    if not is_loopback(host) and not [t for t in tokens if t]:
        raise ConfigError(
            f"refusing to listen on {host}: bearer tokens are required beyond loopback "
            "(set gateway.tokens in the config or WEIR_GATEWAY_TOKENS)"
        )


_LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def _host_name(header: str) -> str:
    """The host of a ``Host`` header, without its port (``[::1]:8080`` → ``[::1]``)."""
    if header.startswith("["):
        return header[: header.find("]") + 1] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class Admission:
    """Where requests may come from: the ``Host`` they name, their ``Origin``, their body's type."""

    def __init__(self, bind_host: str | None, allowed_hosts: Sequence[str], allowed_origins: Sequence[str]) -> None:
        self.loopback = bind_host is None or is_loopback(bind_host)
        hosts = {h.lower() for h in allowed_hosts}
        if self.loopback:
            hosts |= _LOOPBACK_NAMES
        if bind_host and bind_host not in ("0.0.0.0", "::"):
            hosts.add(bind_host.lower())
        self.hosts = frozenset(hosts)
        self.check_host = self.loopback or bool(allowed_hosts)
        self.origins = frozenset(o.rstrip("/").lower() for o in allowed_origins)

    def refusal(self, request: Request, *, body: bool, same_origin: bool = False) -> Response | None:
        """The error response for a request that may not come in, or ``None``.

        ``same_origin`` (the console's pages): an ``Origin`` that is the request's own —
        ``scheme://Host`` with the ``Host`` checked and admitted — is allowed too.
        """
        host = _host_name(request.headers.get("host", "").strip().lower())
        if self.check_host and host not in self.hosts:
            return _refuse(421, f"Host {host!r} is not this gateway (allowed: {', '.join(sorted(self.hosts))})")
        origin = request.headers.get("origin")
        own = same_origin and self.check_host and origin == f"{request.url.scheme}://{request.headers.get('host', '')}"
        if origin is not None and not own and origin.rstrip("/").lower() not in self.origins:
            return _refuse(403, f"Origin {origin!r} is not allowed (gateway.allowed_origins)")
        if body:
            ctype = request.headers.get("content-type", "").partition(";")[0].strip().lower()
            if ctype != "application/json":
                return _refuse(415, f"a JSON-RPC message must be sent as application/json, not {ctype or 'nothing'!r}")
        return None


def _refuse(status: int, why: str) -> Response:
    return JSONResponse(jsonrpc.error(None, jsonrpc.INVALID_REQUEST, why), status_code=status)


def principal_of(token: str) -> str:
    """The principal a bearer token stands for (its fingerprint; ``loopback`` without tokens)."""
    return f"token:{hashlib.sha256(token.encode()).hexdigest()[:16]}" if token else "loopback"


class _Endpoint:
    """State of the HTTP endpoint: the legacy sessions and the accepted tokens."""

    def __init__(
        self,
        gateway: Gateway,
        tokens: Sequence[str],
        clock: Callable[[], float] = time.monotonic,
        admission: Admission | None = None,
    ) -> None:
        self.gateway = gateway
        self.admission = admission or Admission(None, (), ())
        self.tokens = [t.encode() for t in tokens if t]
        self.sessions: dict[str, ClientState] = {}
        self.stateless: dict[str, ClientState] = {}
        self._clock = clock
        self._seen: dict[str, float] = {}  # conn_id → last request
        self._swept = clock()
        self._calls: set[asyncio.Task[Message | None]] = set()

    def touch(self, client: ClientState) -> None:
        """Note activity on ``client``; now and then forget the sessions idle past the limit."""
        now = self._clock()
        self._seen[client.conn_id] = now
        idle = self.gateway.settings.session_idle_s
        if idle is None or now - self._swept < idle / 10:
            return  # sweeping is a walk over every session: a tenth of the limit apart is enough
        self._swept = now
        for table in (self.sessions, self.stateless):
            for key, state in list(table.items()):
                if self.stale(state):
                    self._drop(table, key, state)

    def stale(self, state: ClientState) -> bool:
        """Idle past the limit with nothing in flight."""
        idle = self.gateway.settings.session_idle_s
        last = self._seen.get(state.conn_id)
        if idle is None or last is None:
            return False
        return self._clock() - last > idle and not self.gateway.busy(state)

    def _drop(self, table: dict[str, ClientState], key: str, state: ClientState) -> None:
        del table[key]
        self._seen.pop(state.conn_id, None)
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

    def client_for(self, request: Request, msg: Message, token: str) -> ClientState | Response:
        """The connection a message belongs to: a new or known legacy session, or the stateless client."""
        principal = principal_of(token)
        if msg.get("method") == "initialize":
            if self._full():
                return _error(503, msg.get("id"), jsonrpc.INVALID_REQUEST, "too many client sessions; try again later")
            new_sid = uuid.uuid4().hex
            self.sessions[new_sid] = ClientState(conn_id=f"http-{new_sid[:12]}", principal=principal)
            return self.sessions[new_sid]
        sid = request.headers.get(_SESSION_HEADER)
        if sid:
            return self._legacy(sid, principal)
        return self._stateless(msg, token, principal)

    def _legacy(self, sid: str, principal: str) -> ClientState | Response:
        state = self.sessions.get(sid)
        if state is not None and self.stale(state):
            self._drop(self.sessions, sid, state)
            state = None
        if state is None or state.principal != principal:  # another token's session does not exist for it
            return _error(404, None, jsonrpc.INVALID_REQUEST, "unknown or expired session")
        return state

    def _stateless(self, msg: Message, token: str, principal: str) -> ClientState | Response:
        params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
        meta = (params or {}).get("_meta") if isinstance((params or {}).get("_meta"), dict) else {}
        info = (meta or {}).get(CLIENT_INFO_KEY) or {}
        name = info.get("name", "") if isinstance(info, dict) else ""
        key = hashlib.sha256(f"{token}\0{name}".encode()).hexdigest()[:12]
        if "method" in msg and "id" in msg and not (meta or {}).get(VERSION_KEY) and msg["method"] != "server/discover":
            return _error(400, msg.get("id"), jsonrpc.INVALID_REQUEST, "missing Mcp-Session-Id (send initialize first)")
        state = self.stateless.get(key)
        if state is None:
            if self._full():
                return _error(503, msg.get("id"), jsonrpc.INVALID_REQUEST, "too many clients; try again later")
            state = self.stateless[key] = ClientState(conn_id=f"http-{key}", principal=principal)
        return state

    def _full(self) -> bool:
        return len(self.sessions) + len(self.stateless) >= self.gateway.settings.max_clients

    def _admit(self, request: Request, *, body: bool) -> str | Response:
        """The request's bearer token ('' without tokens), or the response refusing it."""
        refused = self.admission.refusal(request, body=body)
        if refused is not None:
            return refused
        token = self.authorised(request)
        if token is None:
            return JSONResponse(
                {"error": "unauthorized", "error_description": "a valid bearer token is required"},
                status_code=401,
                headers={"www-authenticate": 'Bearer realm="weir"'},
            )
        return token

    async def post(self, request: Request) -> Response:
        """One JSON-RPC message: 202 for notifications and responses, JSON or SSE for requests."""
        token = self._admit(request, body=True)
        if isinstance(token, Response):
            return token
        msg = await self._message(request)
        if isinstance(msg, Response):
            return msg
        client = self.client_for(request, msg, token)
        if isinstance(client, Response):
            return client
        self.touch(client)
        if not jsonrpc.is_request(msg):
            await self.gateway.handle(msg, client, _nowhere, back_channel=False)
            return Response(status_code=202)
        sid = self._sid(client)
        headers = {_SESSION_HEADER: sid} if sid else {}
        if msg["method"] != "tools/call":
            reply = await self.gateway.handle(msg, client, _nowhere, back_channel=False)
            return JSONResponse(reply, headers=headers)
        return await self._call(msg, client, headers)

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

    async def _call(self, msg: Message, client: ClientState, headers: dict[str, str]) -> Response:
        """A tools/call: plain JSON when nothing reaches the client before the result, else SSE.

        Most calls send nothing before their result (no progress, no elicitation), and one
        JSON body is one write where an event stream is three; the first message sent before
        the result turns the reply into a stream, which then carries everything in order.
        """
        early: asyncio.Queue[Message | None] = asyncio.Queue()  # None: the call has finished
        decided = asyncio.get_running_loop().create_future()

        async def send(out: Message) -> None:
            early.put_nowait(out)
            if not decided.done():
                decided.set_result(None)

        async def run() -> Message | None:
            modern = bool(((msg.get("params") or {}).get("_meta") or {}).get(VERSION_KEY))
            try:
                return await self.gateway.handle(msg, client, send, back_channel=not modern)
            finally:
                early.put_nowait(None)
                if not decided.done():
                    decided.set_result(None)

        # The call completes (and is audited) even if the client goes away: the task is kept.
        task = asyncio.create_task(run())
        self._calls.add(task)
        task.add_done_callback(self._calls.discard)
        await decided
        reply = _reply(task)
        if reply is not None and early.qsize() == 1:
            return JSONResponse(reply, headers=headers)
        return StreamingResponse(self._stream(task, early), media_type="text/event-stream", headers=headers)

    @staticmethod
    async def _stream(task: asyncio.Task[Message | None], early: asyncio.Queue[Message | None]) -> AsyncIterator[bytes]:
        while (item := await early.get()) is not None:
            yield _event(item)
        reply = _reply(task)  # finished: the sentinel is put last
        if reply is not None:
            yield _event(reply)

    async def delete(self, request: Request) -> Response:
        """End a legacy session (its calls in flight are cancelled)."""
        token = self._admit(request, body=False)
        if isinstance(token, Response):
            return token
        sid = request.headers.get(_SESSION_HEADER, "")
        state = self.sessions.get(sid)
        if state is not None and state.principal != principal_of(token):
            state = None  # another token cannot end a session it does not own
        if state is not None:
            del self.sessions[sid]
            self._seen.pop(state.conn_id, None)
            self.gateway.forget_client(state)
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


def _event(msg: Message) -> bytes:
    return b"event: message\ndata: " + jsonrpc.dumps(msg) + b"\n\n"  # one line: the framing needs it


async def _nowhere(_: Message) -> None:
    """Plain-JSON replies have no channel for messages before the response."""


def _error(status: int, msg_id: Any, code: int, message: str) -> Response:
    return JSONResponse(jsonrpc.error(msg_id, code, message), status_code=status)


Mount = Callable[[Admission], Sequence[BaseRoute]]
"""More routes beside the MCP endpoint (the console, metrics, health), given the listener's admission."""


def create_app(
    gateway: Gateway,
    *,
    tokens: Sequence[str] = (),
    path: str = "/mcp",
    clock: Callable[[], float] = time.monotonic,
    bind_host: str | None = None,
    mounts: Sequence[Mount] = (),
) -> Starlette:
    """The ASGI app serving the gateway at ``path``; ``clock`` times session idleness (tests pass their own).

    ``bind_host`` is where it listens (``None``: loopback), for the ``Host`` check; ``mounts`` add
    routes beside ``path`` (they are handed the same admission, to apply to their own requests).
    """
    settings = gateway.settings
    admission = Admission(bind_host, settings.allowed_hosts, settings.allowed_origins)
    endpoint = _Endpoint(gateway, tokens, clock, admission)

    async def mcp(request: Request) -> Response:
        if request.method == "POST":
            return await endpoint.post(request)
        if request.method == "DELETE":
            return await endpoint.delete(request)
        refused = admission.refusal(request, body=False)
        return refused or Response(status_code=405, headers={"allow": "POST, DELETE"})

    routes: list[BaseRoute] = [Route(path, mcp, methods=["GET", "POST", "DELETE"])]
    for mount in mounts:
        routes.extend(mount(admission))
    return Starlette(routes=routes)


async def serve_http(
    gateway: Gateway,
    host: str,
    port: int,
    *,
    tokens: Sequence[str] = (),
    mounts: Sequence[Mount] = (),
    on_listening: Callable[[], None] | None = None,
) -> None:
    """Listen until cancelled; refuses a non-loopback host without tokens. ``on_listening`` is
    called once the socket accepts connections."""
    check_binding(host, tokens)
    app = create_app(gateway, tokens=tokens, bind_host=host, mounts=mounts)
    await serve_app(app, host, port, on_listening=on_listening)


async def serve_app(app: Starlette, host: str, port: int, *, on_listening: Callable[[], None] | None = None) -> None:
    """Serve an ASGI app with uvicorn until cancelled (uvicorn's own logging kept to warnings)."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="off"))
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
