"""In-memory transports, for tests and the in-memory latency benchmark.

:class:`MemoryTransport` lets the SDK's ``mcp.Client`` talk to a :class:`Gateway` in the same
process; :class:`MemoryChannel` lets the gateway talk to an in-process SDK ``Server``. Both
convert only the JSON-RPC envelope, whose ``params``/``result`` stay plain dicts, so nothing
is lost on the way.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from typing import Any

import anyio
from mcp.client._memory import InMemoryTransport
from mcp.client._transport import TransportStreams
from mcp.server import Server
from mcp.shared.memory import create_client_server_memory_streams
from mcp.shared.message import SessionMessage
from mcp_types import jsonrpc_message_adapter

from weir.errors import UpstreamError
from weir.gateway.channels import Deliver, OnClosed
from weir.gateway.exchange import ClientState
from weir.gateway.jsonrpc import Message
from weir.gateway.proxy import Gateway

__all__ = ["MemoryChannel", "MemoryTransport"]


def _to_dict(item: SessionMessage | Exception) -> Message | None:
    if isinstance(item, Exception):
        return None
    data: Message = item.message.model_dump(by_alias=True, mode="json", exclude_unset=True)
    return data


def _to_session(msg: Message) -> SessionMessage:
    return SessionMessage(jsonrpc_message_adapter.validate_python(msg))


class MemoryTransport(AbstractAsyncContextManager[TransportStreams]):
    """An SDK client transport whose other end is a gateway in this process.

    ``tap`` sees every raw message the gateway sends the client, before the SDK types it
    (the SDK drops unknown annotation keys, so tests of transparency look here).
    """

    def __init__(self, gateway: Gateway, *, tap: Callable[[Message], None] | None = None) -> None:
        self._gateway = gateway
        self._tap = tap
        self._stack: AsyncExitStack | None = None

    async def __aenter__(self) -> TransportStreams:
        self._stack = AsyncExitStack()
        return await self._stack.enter_async_context(self._connect())

    async def __aexit__(self, *exc: Any) -> None:
        if self._stack is not None:
            await self._stack.__aexit__(*exc)

    @asynccontextmanager
    async def _connect(self) -> AsyncIterator[TransportStreams]:
        async with create_client_server_memory_streams() as (client_streams, server_streams):
            server_read, server_write = server_streams
            client = ClientState(conn_id=f"memory-{uuid.uuid4().hex[:12]}")

            async def send(msg: Message) -> None:
                if self._tap is not None:
                    self._tap(msg)
                await server_write.send(_to_session(msg))

            async def one(msg: Message) -> None:
                reply = await self._gateway.handle(msg, client, send)
                if reply is not None:
                    with contextlib.suppress(anyio.ClosedResourceError, anyio.BrokenResourceError):
                        await send(reply)

            # Plain asyncio tasks, as the stdio transport uses: an anyio task group spawn per
            # message cost more than the gateway's own routing.
            tasks: set[asyncio.Task[None]] = set()

            async def serve() -> None:
                async for item in server_read:
                    msg = _to_dict(item)
                    if msg is not None:
                        task = asyncio.create_task(one(msg))
                        tasks.add(task)
                        task.add_done_callback(tasks.discard)

            self._gateway.attach(client, send)
            reader = asyncio.create_task(serve())
            try:
                yield client_streams
            finally:
                self._gateway.forget_client(client)
                for task in (reader, *tasks):
                    task.cancel()
                await asyncio.gather(reader, *tasks, return_exceptions=True)


class MemoryChannel:
    """A gateway upstream channel to an in-process SDK ``Server`` (its stream loop)."""

    def __init__(self, server: Server[Any]) -> None:
        self._server = server
        self._transport: InMemoryTransport | None = None
        self._write: Any = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, deliver: Deliver, on_closed: OnClosed) -> None:
        """Start the server loop and pump its messages to ``deliver``."""
        self._transport = InMemoryTransport(self._server)
        read, self._write = await self._transport.__aenter__()

        async def pump() -> None:
            async for item in read:
                msg = _to_dict(item)
                if msg is not None:
                    await deliver(msg)
            on_closed("in-memory server stopped")

        self._task = asyncio.create_task(pump())

    async def send(self, message: Message) -> None:
        """Hand one message to the server."""
        if self._write is None:
            raise UpstreamError("in-memory server is not running")
        await self._write.send(_to_session(message))

    async def close(self) -> None:
        """Stop the server."""
        transport, self._transport = self._transport, None
        if self._task is not None:
            self._task.cancel()
        if transport is not None:
            with contextlib.suppress(Exception):
                await transport.__aexit__(None, None, None)
