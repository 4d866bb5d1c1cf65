"""A stdio↔HTTP bridge: a stdio MCP server that relays every message to a streamable-HTTP server.

Used on the *upstream* side of the "stdio" configuration: Weir starts this bridge as a stdio
server (``command:`` in weir.yaml), the bridge speaks streamable HTTP to the reference server.
It adds nothing and drops nothing, so a scenario that fails through Weir + bridge and passes
through Weir over HTTP is a fault of Weir's stdio side, not of the bridge
(``test_bridge.py`` shows the bridge relays what the suite needs: server requests on the
standalone GET stream and a stream resumed with ``Last-Event-ID``). SSE bodies are read with the
parser of Weir's own HTTP upstreams (``weir.gateway.wire.sse``): a fault there fails the HTTP
configuration too, so it is never taken for one of the stdio side.

What it does, per the streamable-HTTP transport (2025-11-25):

- each line on stdin is POSTed; a JSON reply or every event of an SSE reply goes to stdout;
- the session id and negotiated protocol version are sent on every later request;
- after ``notifications/initialized`` it opens the standalone GET stream (and sends nothing
  more until the server has answered it), holds it open and relays what arrives there
  (server requests and notifications not tied to a POST);
- an SSE stream that ends before its response is resumed with ``GET`` + ``Last-Event-ID``,
  after the server's ``retry`` delay;
- a failed POST of a request is answered on stdout with a JSON-RPC error naming the status;
- on end of stdin the session is closed with ``DELETE``.

Usage: ``python -m tests.conformance.bridge URL`` (or the file path).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from typing import Any

import httpx2

from weir.gateway.wire.sse import parse_events

TRACE = bool(os.environ.get("WEIR_BRIDGE_TRACE"))
"""Set to trace every message both ways on stderr."""

RESUME_ATTEMPTS = 5
"""Resumptions of one stream before the bridge gives up on it (the server keeps its events)."""


class Bridge:
    """One session: stdin → POST, replies and the GET stream → stdout."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = httpx2.AsyncClient(timeout=httpx2.Timeout(30.0, read=None))
        self.session_id: str | None = None
        self.protocol_version: str | None = None
        self.retry_s = 1.0
        self.out = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()

    def headers(self, accept: str = "application/json, text/event-stream") -> dict[str, str]:
        """The headers of every request after initialisation."""
        headers = {"accept": accept, "content-type": "application/json"}
        if self.session_id:
            headers["mcp-session-id"] = self.session_id
        if self.protocol_version:
            headers["mcp-protocol-version"] = self.protocol_version
        return headers

    async def emit(self, message: Any) -> None:
        """Write one message to stdout (one line; writes never interleave)."""
        if TRACE:
            print("bridge <-", json.dumps(message)[:400], file=sys.stderr, flush=True)
        async with self.out:
            sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
            sys.stdout.flush()

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def post(self, message: dict[str, Any]) -> None:
        """POST one message and relay its reply; resume the stream if it ends early."""
        is_request = "method" in message and "id" in message
        if TRACE:
            print("bridge ->", json.dumps(message)[:400], file=sys.stderr, flush=True)
        try:
            async with self.http.stream("POST", self.url, json=message, headers=self.headers()) as response:
                if response.headers.get("mcp-session-id"):
                    self.session_id = response.headers["mcp-session-id"]
                await self.relay_reply(message, response, is_request)
        except httpx2.HTTPError as exc:
            if is_request:
                await self.emit(error_reply(message["id"], f"bridge: POST failed: {exc}"))

    async def relay_reply(self, message: dict[str, Any], response: httpx2.Response, is_request: bool) -> None:
        ctype = response.headers.get("content-type", "").split(";")[0].strip()
        if ctype == "text/event-stream":
            answered, last_id = await self.relay_stream(response, message)
            if is_request and not answered and last_id is not None:
                await self.resume(last_id, message)
            return
        body = await response.aread()
        if ctype == "application/json" and body:
            reply = json.loads(body)
            if is_request and isinstance(reply, dict) and "error" in reply and reply.get("id") is None:
                # An HTTP error answers the POST it came on; on stdio only the request id says which.
                reply["id"] = message["id"]
            self.note_initialize(message, reply)
            await self.emit(reply)
        elif is_request:
            await self.emit(error_reply(message["id"], f"bridge: HTTP {response.status_code} with no JSON-RPC reply"))

    def note_initialize(self, message: dict[str, Any], reply: Any) -> None:
        if message.get("method") == "initialize" and isinstance(reply, dict):
            self.protocol_version = (reply.get("result") or {}).get("protocolVersion")

    async def relay_stream(self, response: httpx2.Response, request: dict[str, Any]) -> tuple[bool, str | None]:
        """Relay every event; return whether the response to ``request`` came, and the last event id."""
        answered, last_id = False, None
        async for event in parse_events(response.aiter_lines()):
            if event.retry_ms is not None:
                self.retry_s = event.retry_ms / 1000
            last_id = event.id if event.id is not None else last_id
            text = event.text.strip()
            if not text:
                continue  # a priming event
            message = json.loads(text)
            if isinstance(message, dict) and "method" not in message and message.get("id", ...) == request.get("id"):
                answered = True
                self.note_initialize(request, message)
            await self.emit(message)
        return answered, last_id

    async def resume(self, last_id: str, request: dict[str, Any]) -> None:
        """GET with Last-Event-ID until the response to ``request`` has arrived."""
        for _ in range(RESUME_ATTEMPTS):
            await asyncio.sleep(self.retry_s)
            headers = {**self.headers("text/event-stream"), "last-event-id": last_id}
            try:
                async with self.http.stream("GET", self.url, headers=headers) as response:
                    if response.status_code != 200:
                        break
                    answered, newer = await self.relay_stream(response, request)
            except httpx2.HTTPError:
                continue
            if answered:
                return
            last_id = newer or last_id
        await self.emit(error_reply(request["id"], "bridge: the stream ended and could not be resumed"))

    async def open_standalone_stream(self) -> None:
        """Open the session's GET stream and return once the server has answered it.

        A server request sent before the stream is connected would wait for a resumption that
        a first GET (without Last-Event-ID) never asks for, so nothing else is sent until then.
        """
        connected = asyncio.Event()
        self.spawn(self.standalone_stream(connected))
        await connected.wait()

    async def standalone_stream(self, connected: asyncio.Event) -> None:
        """Hold the session's GET stream open, resuming it when the server closes it."""
        last_id: str | None = None
        try:
            for _ in range(RESUME_ATTEMPTS):
                headers = self.headers("text/event-stream")
                if last_id is not None:
                    headers["last-event-id"] = last_id
                try:
                    async with self.http.stream("GET", self.url, headers=headers) as response:
                        connected.set()
                        if response.status_code != 200:
                            return  # 405: the server offers no standalone stream
                        _, newer = await self.relay_stream(response, {})
                        last_id = newer or last_id
                except httpx2.HTTPError:
                    pass
                connected.set()
                await asyncio.sleep(self.retry_s)
        finally:
            connected.set()

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        if self.session_id:
            with contextlib.suppress(httpx2.HTTPError):
                await self.http.delete(self.url, headers=self.headers())
        await self.http.aclose()


def error_reply(request_id: Any, text: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32603, "message": text}}


async def run(url: str) -> None:
    bridge = Bridge(url)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=16 * 1024 * 1024)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    try:
        while line := await reader.readline():
            if not line.strip():
                continue
            message = json.loads(line)
            if message.get("method") == "initialize":
                await bridge.post(message)  # the session id must be known before anything else
            elif message.get("method") == "notifications/initialized":
                await bridge.post(message)
                await bridge.open_standalone_stream()
            else:
                bridge.spawn(bridge.post(message))
    finally:
        await bridge.close()


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1]))
