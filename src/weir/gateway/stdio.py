"""The downstream stdio transport: one client on the gateway's stdin/stdout.

Framing is newline-delimited JSON, read by our own reader so an oversized line is skipped to
its end and answered with a precise error instead of desynchronising the stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import uuid
from collections.abc import AsyncIterator
from typing import BinaryIO

from weir.gateway import jsonrpc
from weir.gateway.exchange import ClientState
from weir.gateway.jsonrpc import Message, RpcError
from weir.gateway.proxy import Gateway

__all__ = ["Oversized", "read_lines", "serve_stdio", "serve_streams"]

_CHUNK = 64 * 1024


class Oversized:
    """Marks a line that exceeded the limit (its bytes were discarded)."""

    def __init__(self, size: int) -> None:
        self.size = size


async def read_lines(reader: asyncio.StreamReader, limit: int) -> AsyncIterator[bytes | Oversized]:
    """Yield each line (without its newline), or :class:`Oversized` for one past ``limit`` bytes."""
    buf = bytearray()
    skipping = 0
    while True:
        chunk = await reader.read(_CHUNK)
        if not chunk:
            if buf.strip() and not skipping:
                yield bytes(buf)
            return
        buf.extend(chunk)
        while True:
            nl = buf.find(b"\n")
            if nl < 0:
                if len(buf) > limit:
                    skipping += len(buf)
                    buf.clear()
                break
            line, buf = bytes(buf[:nl]), buf[nl + 1 :]
            if skipping:
                yield Oversized(skipping + len(line))
                skipping = 0
            elif len(line) > limit:
                yield Oversized(len(line))
            elif line.strip():
                yield line


async def serve_streams(gateway: Gateway, reader: asyncio.StreamReader, write: BinaryIO | asyncio.StreamWriter) -> None:
    """Serve one client over a reader and a writer until the reader ends."""
    client = ClientState(conn_id=f"stdio-{uuid.uuid4().hex[:12]}")
    lock = asyncio.Lock()
    tasks: set[asyncio.Task[None]] = set()

    async def send(msg: Message) -> None:
        data = jsonrpc.dumps(msg) + b"\n"
        async with lock:
            if isinstance(write, asyncio.StreamWriter):
                write.write(data)
                await write.drain()
            else:
                write.write(data)
                write.flush()

    async def one(raw: bytes | Oversized) -> None:
        limit = gateway.settings.max_message_bytes
        try:
            if isinstance(raw, Oversized):
                raise RpcError(
                    jsonrpc.INVALID_REQUEST, f"message of {raw.size} bytes exceeds the limit of {limit} bytes"
                )
            msg = jsonrpc.parse(raw, limit=limit)
        except RpcError as exc:
            await send(exc.to_message())
            return
        reply = await gateway.handle(msg, client, send)
        if reply is not None:
            await send(reply)

    gateway.attach(client, send)
    async for raw in read_lines(reader, gateway.settings.max_message_bytes):
        task = asyncio.create_task(one(raw))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    # EOF on stdin is the client's way to end the session; calls already sent still get answers.
    for task in list(tasks):
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    gateway.forget_client(client)


async def serve_stdio(gateway: Gateway) -> None:
    """Serve the client on this process's stdin/stdout."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, sys.stdout)
    writer = asyncio.StreamWriter(transport, protocol, None, loop)
    await serve_streams(gateway, reader, writer)
