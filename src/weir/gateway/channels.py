"""Upstream channels: how raw JSON-RPC dicts reach one MCP server and come back.

A channel only moves messages; correlation, negotiation and timeouts live in
:mod:`weir.gateway.upstream`. Three kinds: a subprocess over stdio (newline-delimited JSON,
our own framing so nothing is re-typed), streamable HTTP (each POST answered with JSON or an
SSE stream), and an in-process SDK ``Server`` for tests and the in-memory benchmark.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

import httpx2

from weir.errors import UpstreamError
from weir.gateway import jsonrpc
from weir.gateway.jsonrpc import Message

__all__ = ["Channel", "Deliver", "HttpChannel", "OnClosed", "StdioChannel"]

Deliver = Callable[[Message], Awaitable[None]]
OnClosed = Callable[[str], None]


class Channel(Protocol):
    """A bidirectional message pipe to one upstream server."""

    async def start(self, deliver: Deliver, on_closed: OnClosed) -> None:
        """Open the pipe; every message the server sends goes to ``deliver``."""

    async def send(self, message: Message) -> None:
        """Send one message; raises :class:`UpstreamError` when the pipe is gone."""

    async def close(self) -> None:
        """Release the pipe (idempotent)."""


class StdioChannel:
    """A server started as a subprocess; one JSON message per line each way."""

    def __init__(self, name: str, command: list[str], env: Mapping[str, str], *, limit: int) -> None:
        self.name = name
        self._command = command
        self._env = {**os.environ, **env}
        self._limit = limit
        self._proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._write_lock = asyncio.Lock()

    async def start(self, deliver: Deliver, on_closed: OnClosed) -> None:
        """Spawn the server; fail with :class:`UpstreamError` if it cannot be started."""
        try:
            self._proc = await asyncio.create_subprocess_exec(
                *self._command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                env=self._env,
                limit=self._limit + 1,
            )
        except OSError as exc:
            raise UpstreamError(f"cannot start {self._command[0]!r}: {exc}", server=self.name) from exc
        self._reader = asyncio.create_task(self._read(deliver, on_closed))

    async def _read(self, deliver: Deliver, on_closed: OnClosed) -> None:
        assert self._proc is not None
        assert self._proc.stdout is not None
        reason = "closed its output"
        try:
            while True:
                line = await self._proc.stdout.readline()
                if not line:
                    break
                if line.strip():
                    await self._deliver_line(line, deliver)
        except (ValueError, asyncio.LimitOverrunError):
            reason = f"sent a message over the {self._limit}-byte limit"
        finally:
            code = await self._exit_code()
            on_closed(f"server {self.name!r} {reason} (exit code {code})")

    async def _deliver_line(self, line: bytes, deliver: Deliver) -> None:
        try:
            msg = jsonrpc.parse(line, limit=self._limit)
        except jsonrpc.RpcError:
            return  # a server's stray non-JSON output line is not ours to interpret
        await deliver(msg)

    async def _exit_code(self) -> int | None:
        if self._proc is None:
            return None
        with contextlib.suppress(asyncio.TimeoutError):
            return await asyncio.wait_for(self._proc.wait(), 1.0)
        return self._proc.returncode

    async def send(self, message: Message) -> None:
        """Write one line to the server's stdin."""
        proc = self._proc
        if proc is None or proc.stdin is None or proc.returncode is not None:
            raise UpstreamError("server is not running", server=self.name)
        try:
            async with self._write_lock:
                proc.stdin.write(jsonrpc.dumps(message) + b"\n")
                await proc.stdin.drain()
        except (ConnectionError, RuntimeError) as exc:
            raise UpstreamError(f"cannot write to server: {exc}", server=self.name) from exc

    async def close(self) -> None:
        """Close stdin, then terminate the process if it does not exit on its own."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.stdin is not None:
            with contextlib.suppress(Exception):
                proc.stdin.close()
        try:
            await asyncio.wait_for(proc.wait(), 2.0)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
        if self._reader is not None:
            self._reader.cancel()


class HttpChannel:
    """A streamable-HTTP server: each message is a POST; replies come as JSON or SSE."""

    def __init__(self, name: str, url: str, headers: Mapping[str, str], *, limit: int) -> None:
        self.name = name
        self._url = url
        self._headers = dict(headers)
        self._limit = limit
        self._client: httpx2.AsyncClient | None = None
        self._deliver: Deliver | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.session_id: str | None = None
        self.protocol_version: str | None = None

    async def start(self, deliver: Deliver, on_closed: OnClosed) -> None:
        """Prepare the HTTP client (the server is reached on the first message)."""
        self._deliver = deliver
        self._client = httpx2.AsyncClient(timeout=httpx2.Timeout(30.0, read=None))

    async def send(self, message: Message) -> None:
        """POST the message; its replies are delivered from a background task."""
        if self._client is None:
            raise UpstreamError("channel is closed", server=self.name)
        task = asyncio.create_task(self._post(message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _request_headers(self, message: Message) -> dict[str, str]:
        headers = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
        headers.update(self._headers)
        if self.session_id and message.get("method") != "initialize":
            headers["mcp-session-id"] = self.session_id
        if self.protocol_version:
            headers["mcp-protocol-version"] = self.protocol_version
        if "method" in message:
            headers["mcp-method"] = message["method"]
            name = (message.get("params") or {}).get("name") or (message.get("params") or {}).get("uri")
            if isinstance(name, str):
                headers["mcp-name"] = name
        return headers

    async def _post(self, message: Message) -> None:
        assert self._client is not None
        assert self._deliver is not None
        try:
            async with self._client.stream(
                "POST", self._url, content=jsonrpc.dumps(message), headers=self._request_headers(message)
            ) as response:
                sid = response.headers.get("mcp-session-id")
                if sid and response.status_code < 400:
                    self.session_id = sid
                await self._read_reply(message, response)
        except httpx2.HTTPError as exc:
            await self._fail(message, f"HTTP transport error: {exc}")
        except Exception as exc:  # top of this task: the request must fail now, not at its timeout
            await self._fail(message, f"cannot send the request: {type(exc).__name__}: {exc}")

    async def _read_reply(self, message: Message, response: httpx2.Response) -> None:
        assert self._deliver is not None
        ctype = response.headers.get("content-type", "").partition(";")[0].strip().lower()
        if response.status_code == 202 or "id" not in message or "method" not in message:
            return
        if response.status_code >= 400 and ctype != "application/json":
            await self._fail(message, f"HTTP {response.status_code} from {self._url}")
            return
        if ctype == "text/event-stream":
            async for msg in self._sse(response):
                await self._deliver(msg)
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
        await self._deliver(reply)

    async def _sse(self, response: httpx2.Response) -> Any:
        data: list[str] = []
        async for line in response.aiter_lines():
            if line.startswith("data:"):
                data.append(line[5:].lstrip(" "))
            elif not line and data:
                text, data = "\n".join(data), []
                with contextlib.suppress(jsonrpc.RpcError, json.JSONDecodeError):
                    yield jsonrpc.parse(text, limit=self._limit)

    async def _fail(self, message: Message, why: str) -> None:
        if "id" in message and "method" in message and self._deliver is not None:
            await self._deliver(jsonrpc.error(message["id"], jsonrpc.UPSTREAM_ERROR, why))

    async def close(self) -> None:
        """Cancel in-flight POSTs and close the client."""
        for task in list(self._tasks):
            task.cancel()
        if self._client is not None:
            await self._client.aclose()
            self._client = None
