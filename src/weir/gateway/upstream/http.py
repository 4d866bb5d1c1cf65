"""A streamable-HTTP upstream: POSTs, their JSON or SSE replies, the standing GET stream, resumption.

Each message is a POST; a request is answered with JSON or an SSE stream that may carry the
server's own requests and notifications before the response. Once a 2025-11-25 session is
initialised the channel holds the session's standalone GET stream open, for what the server
sends outside any request (sampling, elicitation, logs, resource updates, list changes); the
first GET is answered before anything else is sent, as a server request sent before it would
be lost. A stream that ends before its response — or the GET stream — is resumed with
``Last-Event-ID`` after the server's ``retry`` delay. A server that no longer knows the session
(404, or 400 naming the session: it restarted) closes the channel with ``lost_session``: the
upstream negotiates a new session and sends the refused request again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Mapping
from typing import Any

import httpx2

from weir.errors import UpstreamError
from weir.gateway.upstream.channels import SESSION_LOST, Deliver, OnClosed
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.jsonrpc import Message
from weir.gateway.wire.sse import parse_events

__all__ = ["HttpChannel", "ServerTransport"]

log = logging.getLogger(__name__)

_RESUMES = 5
"""Resumptions of one stream in a row before giving up on it."""
_DEFAULT_RETRY_S = 1.0
_GET_READY_S = 5.0
"""How long negotiation waits for the first GET to be answered."""


class ServerTransport:
    """One connection pool to a server, lent to every downstream client's channel to it.

    An HTTP client of its own per channel cost the gateway ~0.8 MB of memory for each downstream
    client (its TLS context and pool), held until the session went idle. Each channel still has
    its own ``AsyncClient`` (its headers, its cookies, its session id: nothing of one principal's
    exchange reaches another's requests), but they send through this one pool. The pool has no
    bound on connections: each channel holds a standing GET stream open, and a bound would let
    those streams starve the POSTs. It is opened on the first lend and closed when the last
    channel gives it back.
    """

    def __init__(self) -> None:
        self._pool: httpx2.AsyncHTTPTransport | None = None
        self._lent = 0

    def lend(self) -> httpx2.AsyncBaseTransport:
        """The pool, for one channel's client (whose ``aclose`` then leaves the pool open)."""
        if self._pool is None:
            self._pool = httpx2.AsyncHTTPTransport(limits=httpx2.Limits(max_connections=None))
        self._lent += 1
        return _Lent(self._pool)

    @property
    def lent(self) -> int:
        """How many channels hold the pool now."""
        return self._lent

    @property
    def open(self) -> bool:
        """Whether the pool is open (lent to a channel since it was last closed)."""
        return self._pool is not None

    async def give_back(self) -> None:
        """One channel is done with the pool; the last one closes it."""
        self._lent -= 1
        if self._lent <= 0 and self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.aclose()


class _Lent(httpx2.AsyncBaseTransport):
    """The shared pool as one client sees it: closing the client does not close the pool."""

    def __init__(self, pool: httpx2.AsyncHTTPTransport) -> None:
        self._pool = pool

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        return await self._pool.handle_async_request(request)

    async def aclose(self) -> None:
        pass


class HttpChannel:
    """A streamable-HTTP server: each message is a POST; replies come as JSON or SSE."""

    def __init__(
        self,
        name: str,
        url: str,
        headers: Mapping[str, str],
        *,
        limit: int,
        shared: ServerTransport | None = None,
        auth: httpx2.Auth | None = None,
    ) -> None:
        self.name = name
        self._auth = auth
        """The gateway's own credential for this server (:mod:`weir.identity.upstream`), never a client's."""
        self._url = url
        self._headers = dict(headers)
        self._limit = limit
        self._shared = shared
        """The server's connection pool, shared with the other channels to it (None: a pool of its own)."""
        self._client: httpx2.AsyncClient | None = None
        self._deliver: Deliver | None = None
        self._on_closed: OnClosed | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._retry_s = _DEFAULT_RETRY_S
        self.session_id: str | None = None
        self.protocol_version: str | None = None

    async def start(self, deliver: Deliver, on_closed: OnClosed) -> None:
        """Prepare the HTTP client (the server is reached on the first message)."""
        self._deliver = deliver
        self._on_closed = on_closed
        transport = self._shared.lend() if self._shared is not None else None
        self._client = httpx2.AsyncClient(timeout=httpx2.Timeout(30.0, read=None), transport=transport, auth=self._auth)

    async def send(self, message: Message) -> None:
        """POST the message; its replies are delivered from a background task.

        ``notifications/initialized`` is sent in line, then the standing GET stream is opened
        and answered before this returns.
        """
        if self._client is None:
            raise UpstreamError("channel is closed", server=self.name)
        if message.get("method") == "notifications/initialized":
            await self._post(message)
            await self._open_standing_stream()
            return
        self._spawn(self._post(message))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _request_headers(
        self, message: Message | None, accept: str = "application/json, text/event-stream"
    ) -> dict[str, str]:
        headers = {"accept": accept}
        if message is not None:
            headers["content-type"] = "application/json"
        headers.update(self._headers)
        if self.session_id and (message is None or message.get("method") != "initialize"):
            headers["mcp-session-id"] = self.session_id
        if self.protocol_version:
            headers["mcp-protocol-version"] = self.protocol_version
        if message is not None and "method" in message:
            headers["mcp-method"] = message["method"]
            params = message.get("params") or {}
            name = params.get("name") or params.get("uri")
            if isinstance(name, str):
                headers["mcp-name"] = name
        return headers

    async def _post(self, message: Message) -> None:
        assert self._client is not None
        sent_session = self.session_id is not None and message.get("method") != "initialize"
        try:
            async with self._client.stream(
                "POST", self._url, content=jsonrpc.dumps(message), headers=self._request_headers(message)
            ) as response:
                sid = response.headers.get("mcp-session-id")
                if sid and response.status_code < 400:
                    self.session_id = sid
                await self._read_reply(message, response, sent_session)
        except httpx2.HTTPError as exc:
            await self._fail(message, f"HTTP transport error: {exc}")
        except Exception as exc:  # top of this task: the request must fail now, not at its timeout
            await self._fail(message, f"cannot send the request: {type(exc).__name__}: {exc}")

    async def _read_reply(self, message: Message, response: httpx2.Response, sent_session: bool) -> None:
        ctype = response.headers.get("content-type", "").partition(";")[0].strip().lower()
        if sent_session and await self._session_refused(response, ctype):
            await self._lose_session(message, f"HTTP {response.status_code}: the server no longer knows the session")
            return
        if response.status_code == 202 or "id" not in message or "method" not in message:
            return
        if response.status_code >= 400 and ctype != "application/json":
            await self._fail(message, f"HTTP {response.status_code} from {self._url}")
            return
        if ctype == "text/event-stream":
            answered, last_id = await self._relay(response, message["id"])
            if not answered:
                await self._resume(message, last_id)
            return
        body = await response.aread()
        try:
            reply = jsonrpc.parse(body, limit=self._limit)
        except jsonrpc.RpcError as exc:
            await self._fail(message, f"unusable reply: {exc}")
            return
        if reply.get("id") is None and "error" in reply:
            # An HTTP reply answers its own POST, so an id-less error belongs to this request.
            reply["id"] = message["id"]
        await self._emit(reply)

    @staticmethod
    async def _session_refused(response: httpx2.Response, ctype: str) -> bool:
        """404 (the transport's answer to an unknown session), or a 400 whose error names the session."""
        if response.status_code == 404:
            return True
        if response.status_code != 400 or ctype != "application/json":
            return False
        body = await response.aread()
        with contextlib.suppress(ValueError):
            error = json.loads(body).get("error") or {}
            return "session" in str(error.get("message", "")).lower()
        return False

    async def _lose_session(self, message: Message, why: str) -> None:
        self.session_id = None
        if "id" in message and "method" in message:
            await self._emit(jsonrpc.error(message["id"], jsonrpc.UPSTREAM_ERROR, why, {SESSION_LOST: True}))
        if self._on_closed is not None:
            self._on_closed(f"server {self.name!r}: {why}", lost_session=True)

    async def _relay(
        self, response: httpx2.Response, request_id: Any, *, stop: bool = False
    ) -> tuple[bool, str | None]:
        """Deliver every message of a stream; whether the response to ``request_id`` came, and the last event id.

        ``stop``: leave as soon as it came (a resumed stream the server may keep open); a POST's
        stream is read to its end, so its connection goes back to the pool.
        """
        answered, last_id = False, None
        async for event in parse_events(response.aiter_lines()):
            if event.retry_ms is not None:
                self._retry_s = event.retry_ms / 1000
            last_id = event.id if event.id is not None else last_id
            if not event.text.strip():
                continue  # a priming event
            try:
                msg = jsonrpc.parse(event.text, limit=self._limit)
            except jsonrpc.RpcError:
                continue
            await self._emit(msg)
            if request_id is not None and jsonrpc.is_response(msg) and msg.get("id") == request_id:
                answered = True
                if stop:
                    break
        return answered, last_id

    async def _resume(self, message: Message, last_id: str | None) -> None:
        """The stream ended before the response: GET with Last-Event-ID until it comes (bounded)."""
        for _ in range(_RESUMES if last_id is not None else 0):
            await asyncio.sleep(self._retry_s)
            outcome = await self._get(last_id, message["id"])
            if outcome is True:
                return
            if isinstance(outcome, str):
                last_id = outcome
        await self._fail(message, "the server closed the stream before the response and it could not be resumed")

    async def _get(self, last_id: str | None, request_id: Any) -> bool | str | None:
        """One GET (resuming after ``last_id`` when given): True once ``request_id`` is answered, else the
        last event id seen (``None`` if none); False when the server refuses the stream."""
        if self._client is None:
            return False
        headers = self._request_headers(None, "text/event-stream")
        if last_id is not None:
            headers["last-event-id"] = last_id
        try:
            async with self._client.stream("GET", self._url, headers=headers) as response:
                if response.status_code != 200:
                    return False
                answered, newer = await self._relay(response, request_id, stop=True)
        except httpx2.HTTPError:
            return last_id
        return True if answered else (newer or last_id)

    async def _open_standing_stream(self) -> None:
        """Open the session's GET stream; return once the server has answered it (or refused it)."""
        ready = asyncio.Event()
        self._spawn(self._standing_stream(ready))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ready.wait(), _GET_READY_S)

    async def _standing_stream(self, ready: asyncio.Event) -> None:
        """Hold the GET stream open for the session's life, resuming it whenever it ends."""
        last_id: str | None = None
        failures = 0
        try:
            while self._client is not None and self.session_id is not None and failures < _RESUMES:
                headers = self._request_headers(None, "text/event-stream")
                if last_id is not None:
                    headers["last-event-id"] = last_id
                try:
                    async with self._client.stream("GET", self._url, headers=headers) as response:
                        ready.set()
                        if response.status_code == 404:
                            await self._lose_session(
                                {}, "HTTP 404 on the GET stream: the server no longer knows the session"
                            )
                            return
                        if response.status_code != 200:
                            return  # 405: the server offers no standing stream
                        failures = 0
                        _, newer = await self._relay(response, None)
                        last_id = newer or last_id
                except httpx2.HTTPError as exc:
                    failures += 1
                    log.debug("%s: GET stream failed: %s", self.name, exc)
                ready.set()
                await asyncio.sleep(self._retry_s)
        finally:
            ready.set()

    async def _emit(self, msg: Message) -> None:
        if self._deliver is not None:
            await self._deliver(msg)

    async def _fail(self, message: Message, why: str) -> None:
        if "id" in message and "method" in message:
            await self._emit(jsonrpc.error(message["id"], jsonrpc.UPSTREAM_ERROR, why))

    async def close(self) -> None:
        """Cancel in-flight requests and streams, end the session (DELETE), close the client."""
        client, self._client = self._client, None
        for task in list(self._tasks):
            task.cancel()
        if client is None:
            return
        try:
            if self.session_id:
                with contextlib.suppress(httpx2.HTTPError):
                    headers = {**self._headers, "mcp-session-id": self.session_id}
                    await client.delete(self._url, headers=headers, timeout=2.0)
            await client.aclose()
        finally:
            if self._shared is not None:
                await self._shared.give_back()
