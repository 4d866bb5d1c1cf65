"""Upstream channels: how raw JSON-RPC dicts reach one MCP server and come back.

A channel only moves messages; correlation, negotiation and timeouts live in
:mod:`weir.gateway.upstream.session`. Three kinds: a subprocess over stdio (newline-delimited JSON,
our own framing so nothing is re-typed), streamable HTTP (:mod:`weir.gateway.upstream.http`),
and an in-process SDK ``Server`` for tests and the in-memory benchmark (:mod:`weir.gateway.downstream.memory`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from collections.abc import Awaitable, Callable, Mapping
from typing import Final, Protocol

from weir.errors import UpstreamError
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.jsonrpc import Message

__all__ = ["SESSION_LOST", "Channel", "Deliver", "OnClosed", "StdioChannel"]

log = logging.getLogger(__name__)

Deliver = Callable[[Message], Awaitable[None]]
_STDERR_CHUNK: Final = 65536
"""Bytes of a server's stderr read at once; a longer line is relayed in pieces."""
_EXIT_POLL_S: Final = 0.02
"""How often a closing channel looks whether its server has exited."""


class OnClosed(Protocol):
    """Told once the pipe is gone; ``lost_session``: the server no longer knows the session (it
    restarted), so a new one may be negotiated and a request it refused sent again."""

    def __call__(self, reason: str, *, lost_session: bool = False) -> None: ...


SESSION_LOST: Final = "dev.weir/sessionLost"
"""Key in the ``data`` of the error a channel answers a request with when the server refused it
because it no longer knows the session: the request never ran, so it may be sent again."""


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

    def __init__(
        self, name: str, command: list[str], env: Mapping[str, str], *, limit: int, stop_timeout: float = 2.0
    ) -> None:
        self.name = name
        self._command = command
        self._env = {**os.environ, **env}
        self._limit = limit
        self._stop_timeout = stop_timeout
        self._heard = False  # the server has written a line: it is past its start
        self._proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._errors: asyncio.Task[None] | None = None
        self._last_error = ""
        self._closed_reason: str | None = None
        self._write_lock = asyncio.Lock()

    async def start(self, deliver: Deliver, on_closed: OnClosed) -> None:
        """Spawn the server; fail with :class:`UpstreamError` if it cannot be started."""
        try:
            self._proc = await asyncio.create_subprocess_exec(
                *self._command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=self._env,
                limit=self._limit + 1,
            )
        except OSError as exc:
            raise UpstreamError(f"cannot start {self._command[0]!r}: {exc}", server=self.name) from exc
        assert self._proc.stderr is not None
        self._errors = asyncio.create_task(self._relay_stderr(self._proc.stderr))
        self._reader = asyncio.create_task(self._read(deliver, on_closed))

    async def _relay_stderr(self, stream: asyncio.StreamReader) -> None:
        """Copy the server's stderr to Weir's, each line prefixed ``[name]``, keeping the last line
        (a server that dies at start says why there: the reason it closed then quotes it)."""
        pending = b""
        while chunk := await stream.read(_STDERR_CHUNK):
            *lines, pending = (pending + chunk).split(b"\n")
            if len(pending) >= _STDERR_CHUNK:  # a line without end: shown in pieces, never buffered whole
                lines, pending = [*lines, pending], b""
            for line in lines:
                self._say(line)
        if pending:
            self._say(pending)

    def _say(self, line: bytes) -> None:
        text = line.decode("utf-8", errors="replace").rstrip()
        if text:
            self._last_error = text
            with contextlib.suppress(OSError, ValueError):  # Weir's own stderr gone: keep reading the server's
                sys.stderr.write(f"[{self.name}] {text}\n")
                sys.stderr.flush()

    @property
    def pid(self) -> int | None:
        """The server process's id while it runs."""
        return self._proc.pid if self._proc is not None else None

    async def _read(self, deliver: Deliver, on_closed: OnClosed) -> None:
        assert self._proc is not None
        assert self._proc.stdout is not None
        reason = "closed its output"
        try:
            while True:
                line = await self._proc.stdout.readline()
                if not line:
                    break
                self._heard = True
                if line.strip():
                    await self._deliver_line(line, deliver)
        except (ValueError, asyncio.LimitOverrunError):
            reason = f"sent a message over the {self._limit}-byte limit"
        finally:
            code = await self._exit_code()
            if self._errors is not None:  # its last words, once its stderr is read to the end
                await asyncio.wait({self._errors}, timeout=1.0)  # neither raises nor cancels it
            said = f": {self._last_error}" if code not in (0, None) and self._last_error else ""
            self._closed_reason = f"server {self.name!r} {reason} (exit code {code}){said}"
            on_closed(self._closed_reason)

    async def _deliver_line(self, line: bytes, deliver: Deliver) -> None:
        try:
            msg = jsonrpc.parse(line, limit=self._limit)
        except jsonrpc.RpcError:
            return  # a server's stray non-JSON output line is not ours to interpret
        await deliver(msg)

    async def _exit_code(self) -> int | None:
        if self._proc is None:
            return None
        await _exited(self._proc, 1.0)
        return self._proc.returncode

    async def send(self, message: Message) -> None:
        """Write one line to the server's stdin."""
        proc = self._proc
        if proc is None or proc.stdin is None or proc.returncode is not None:
            raise UpstreamError(await self._why_not_running(), server=self.name)
        try:
            async with self._write_lock:
                proc.stdin.write(jsonrpc.dumps(message) + b"\n")
                await proc.stdin.drain()
        except (ConnectionError, RuntimeError) as exc:
            # A broken pipe is a server that has gone: say why as its reader has it (exit code, last
            # stderr line), as when the write finds it gone, so the reason does not depend on timing.
            if isinstance(exc, ConnectionError):
                await self._why_not_running()
            reason = self._closed_reason or f"cannot write to server: {exc}"
            raise UpstreamError(reason, server=self.name) from exc

    async def _why_not_running(self) -> str:
        """Why the server cannot be written to: the reason its output closed (with its last stderr
        line), once the reader has it — a server that dies at start may be found dead by a write
        before the reader has read its end, and the reason must not depend on which comes first."""
        reader = self._reader
        if reader is not None and not reader.done() and reader is not asyncio.current_task():
            await asyncio.wait({reader}, timeout=5.0)  # the reader waits at most ~2 s itself
        return self._closed_reason or "server is not running"

    async def close(self) -> None:
        """End of input for the server, which exits on its own; killed only if it has not within
        ``stop_timeout`` seconds (logged). One that has written nothing yet is still starting:
        it has no session to end, and is terminated at once rather than waited for."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.stdin is not None:
            with contextlib.suppress(Exception):
                proc.stdin.close()
        if not self._heard:
            with contextlib.suppress(ProcessLookupError):
                proc.terminate()
        if not await _exited(proc, self._stop_timeout):
            log.warning("server %r did not exit within %gs of its input's end: killed", self.name, self._stop_timeout)
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await _exited(proc, self._stop_timeout)
        if self._reader is not None:
            self._reader.cancel()
        if self._errors is not None:
            self._errors.cancel()
        _close_pipes(proc)


def _close_pipes(proc: asyncio.subprocess.Process) -> None:
    """Close the gateway's ends of an exited server's pipes. A child the server started may hold the
    other ends open after the server has gone; asyncio's transport (and its descriptors) would stay
    open until that child ends, or be closed by the garbage collector after the loop is gone.
    ``Process`` has no public close, so its transport is reached by name (CPython 3.8-3.14)."""
    transport = getattr(proc, "_transport", None)
    if isinstance(transport, asyncio.SubprocessTransport) and not transport.is_closing():
        transport.close()


async def _exited(proc: asyncio.subprocess.Process, timeout: float) -> bool:
    """Whether the process exits within ``timeout`` seconds. Not ``proc.wait()``: on Python 3.11
    that also waits for its output pipes to close, which a child it started may hold open."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while proc.returncode is None and loop.time() < deadline:
        await asyncio.sleep(_EXIT_POLL_S)
    return proc.returncode is not None
