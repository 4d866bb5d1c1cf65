"""The downstream stdio transport: one client on the gateway's stdin/stdout.

Framing is newline-delimited JSON, split by our own :class:`LineSplitter` so an oversized line
is skipped to its end and answered with a precise error instead of desynchronising the stream.
On the process's own stdin the lines are split as the bytes arrive (a pipe protocol) and each
message's task is started there, without a reader task in between.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import uuid
from collections.abc import AsyncIterator
from typing import BinaryIO

from weir.gateway.clients.exchange import ClientState
from weir.gateway.proxy import Gateway
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.jsonrpc import Message, RpcError

__all__ = ["LineSplitter", "Oversized", "read_lines", "serve_stdio", "serve_streams"]

_CHUNK = 64 * 1024


class Oversized:
    """Marks a line that exceeded the limit (its bytes were discarded)."""

    def __init__(self, size: int) -> None:
        self.size = size


Line = bytes | Oversized


class LineSplitter:
    """Splits a byte stream into non-blank lines (no newline), or :class:`Oversized` past ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._buf = bytearray()
        self._skipping = 0  # bytes of an oversized line discarded so far

    def feed(self, chunk: bytes) -> list[Line]:
        """The lines this chunk completes."""
        self._buf.extend(chunk)
        out: list[Line] = []
        start = 0
        while (nl := self._buf.find(b"\n", start)) >= 0:
            line = bytes(self._buf[start:nl])
            start = nl + 1
            if self._skipping:
                out.append(Oversized(self._skipping + len(line)))
                self._skipping = 0
            elif len(line) > self._limit:
                out.append(Oversized(len(line)))
            elif line.strip():
                out.append(line)
        del self._buf[:start]
        if len(self._buf) > self._limit:
            self._skipping += len(self._buf)
            self._buf.clear()
        return out

    def end(self) -> list[Line]:
        """What is left at end of input: a last line without its newline."""
        last, self._buf = bytes(self._buf), bytearray()
        return [last] if last.strip() and not self._skipping else []


async def read_lines(reader: asyncio.StreamReader, limit: int) -> AsyncIterator[Line]:
    """Yield each line (without its newline), or :class:`Oversized` for one past ``limit`` bytes."""
    splitter = LineSplitter(limit)
    while chunk := await reader.read(_CHUNK):
        for line in splitter.feed(chunk):
            yield line
    for line in splitter.end():
        yield line


class _Session:
    """One stdio client: a task per message it sends, replies written in one piece each."""

    def __init__(self, gateway: Gateway, write: BinaryIO | asyncio.StreamWriter) -> None:
        self.gateway = gateway
        self.client = ClientState(conn_id=f"stdio-{uuid.uuid4().hex[:12]}")
        self._write = write
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        gateway.attach(self.client, self.send)

    async def send(self, msg: Message) -> None:
        """Write one message as one line."""
        data = jsonrpc.dumps(msg) + b"\n"
        async with self._lock:
            if isinstance(self._write, asyncio.StreamWriter):
                self._write.write(data)
                await self._write.drain()
            else:
                self._write.write(data)
                self._write.flush()

    def receive(self, raw: Line) -> None:
        """Start answering one line in its own task."""
        task = asyncio.create_task(self._one(raw))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _one(self, raw: Line) -> None:
        limit = self.gateway.settings.max_message_bytes
        try:
            if isinstance(raw, Oversized):
                raise RpcError(
                    jsonrpc.INVALID_REQUEST, f"message of {raw.size} bytes exceeds the limit of {limit} bytes"
                )
            msg = jsonrpc.parse(raw, limit=limit)
        except RpcError as exc:
            await self.send(exc.to_message())
            return
        reply = await self.gateway.handle(msg, self.client, self.send)
        if reply is not None:
            await self.send(reply)

    async def finish(self) -> None:
        """EOF: calls already sent still get their answers, then the connection is forgotten."""
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.gateway.forget_client(self.client)


async def serve_streams(gateway: Gateway, reader: asyncio.StreamReader, write: BinaryIO | asyncio.StreamWriter) -> None:
    """Serve one client over a reader and a writer until the reader ends."""
    session = _Session(gateway, write)
    async for raw in read_lines(reader, gateway.settings.max_message_bytes):
        session.receive(raw)
    await session.finish()


class _LinesIn(asyncio.Protocol):
    """A read pipe whose complete lines go straight to ``session.receive``."""

    def __init__(self, session: _Session, ended: asyncio.Future[None]) -> None:
        self._session = session
        self._splitter = LineSplitter(session.gateway.settings.max_message_bytes)
        self._ended = ended

    def data_received(self, data: bytes) -> None:
        for line in self._splitter.feed(data):
            self._session.receive(line)

    def eof_received(self) -> bool | None:
        for line in self._splitter.end():
            self._session.receive(line)
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        if not self._ended.done():
            self._ended.set_result(None)


async def serve_stdio(gateway: Gateway) -> None:
    """Serve the client on this process's stdin/stdout until stdin ends.

    Either may be a regular file (``weir gateway > out.jsonl``, ``< requests.jsonl``), which the
    event loop cannot watch: output is then written (and flushed) per message, input read off the loop.
    """
    loop = asyncio.get_running_loop()
    writer: BinaryIO | asyncio.StreamWriter
    try:
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, sys.stdout)
        writer = asyncio.StreamWriter(transport, protocol, None, loop)
    except ValueError:  # "Pipe transport is only for pipes, sockets and character devices": a file
        writer = sys.stdout.buffer
    session = _Session(gateway, writer)
    ended: asyncio.Future[None] = loop.create_future()
    try:
        await loop.connect_read_pipe(lambda: _LinesIn(session, ended), sys.stdin)
    except ValueError:  # a regular file: read it in chunks in a thread
        await _read_file(session, sys.stdin.buffer)
    else:
        await ended
    await session.finish()


async def _read_file(session: _Session, source: BinaryIO) -> None:
    splitter = LineSplitter(session.gateway.settings.max_message_bytes)
    while chunk := await asyncio.to_thread(source.read, _CHUNK):
        for line in splitter.feed(chunk):
            session.receive(line)
    for line in splitter.end():
        session.receive(line)
