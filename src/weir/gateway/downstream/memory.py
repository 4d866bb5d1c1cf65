"""In-memory transports, for tests, the demo and the in-memory latency benchmark.

:class:`MemoryTransport` lets the SDK's ``mcp.Client`` talk to a :class:`Gateway` in the same
process; :class:`MemoryChannel` lets the gateway talk to an in-process SDK ``Server``. Both
convert only the JSON-RPC envelope (:mod:`weir.gateway.wire.envelope`), whose ``params``/``result``
stay plain dicts, so nothing is lost on the way.

Each direction is one hop, not two: what an SDK peer writes is handed straight to the
gateway (a task per client request, as over stdio; an upstream's messages inline, as its
reader would), and only what an SDK peer reads goes through a queue, because the SDK's own
receive loop must pull it.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from typing import Any

import anyio
from mcp.client._transport import TransportStreams
from mcp.server import Server
from mcp.server.mcpserver import MCPServer
from mcp.shared.message import SessionMessage

from weir.errors import UpstreamError
from weir.gateway.clients.exchange import LOCAL, ClientState
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.channels import Deliver, OnClosed
from weir.gateway.wire.envelope import to_message, to_session
from weir.gateway.wire.jsonrpc import Message

__all__ = ["Inbox", "MemoryChannel", "MemoryTransport", "Outbox"]

_EOF = object()
_SERVER_GRACE_S = 2.0  # how long a closed server may take to finish before it is cancelled


class Inbox:
    """The stream an SDK peer reads: an unbounded FIFO that ends (EOF) once closed.

    Unbounded because its only writers are the gateway's replies and relayed messages, which
    the SDK's receive loop drains at once; putting never waits. One reader (the SDK's loop).
    """

    def __init__(self) -> None:
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._closed = False

    def put(self, item: SessionMessage) -> None:
        """Queue one message; raises ``anyio.BrokenResourceError`` once the inbox is closed."""
        if self._closed:
            raise anyio.BrokenResourceError
        self._queue.put_nowait(item)

    async def receive(self) -> SessionMessage:
        """The next message; raises ``anyio.EndOfStream`` after the close."""
        item = await self._queue.get()
        if item is _EOF:
            self._queue.put_nowait(_EOF)  # every later receive ends too
            raise anyio.EndOfStream
        message: SessionMessage = item
        return message

    def close(self) -> None:
        """End the stream after what is queued (idempotent)."""
        if not self._closed:
            self._closed = True
            self._queue.put_nowait(_EOF)

    async def aclose(self) -> None:
        """Async form of :meth:`close`."""
        self.close()

    def __aiter__(self) -> Inbox:
        return self

    async def __anext__(self) -> SessionMessage:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def __aenter__(self) -> Inbox:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.close()


class Outbox:
    """The stream an SDK peer writes: each message goes straight to ``handler``, no queue."""

    def __init__(self, handler: Callable[[SessionMessage], Awaitable[None]]) -> None:
        self._handler = handler
        self._closed = False

    async def send(self, item: SessionMessage, /) -> None:
        """Hand one message on; raises ``anyio.ClosedResourceError`` after :meth:`aclose`."""
        if self._closed:
            raise anyio.ClosedResourceError
        await self._handler(item)

    async def aclose(self) -> None:
        """Refuse further messages (idempotent)."""
        self._closed = True

    async def __aenter__(self) -> Outbox:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._closed = True


class MemoryTransport(AbstractAsyncContextManager[TransportStreams]):
    """An SDK client transport whose other end is a gateway in this process.

    ``tap`` sees every raw message the gateway sends the client, before the SDK types it
    (the SDK drops unknown annotation keys, so tests of transparency look here). ``principal``:
    who the connection is (the local user by default; tests of per-principal behaviour name others).
    """

    def __init__(
        self, gateway: Gateway, *, tap: Callable[[Message], None] | None = None, principal: str = LOCAL
    ) -> None:
        self._gateway = gateway
        self._tap = tap
        self._principal = principal
        self._stack: AsyncExitStack | None = None

    async def __aenter__(self) -> TransportStreams:
        self._stack = AsyncExitStack()
        return await self._stack.enter_async_context(self._connect())

    async def __aexit__(self, *exc: Any) -> None:
        if self._stack is not None:
            await self._stack.__aexit__(*exc)

    @asynccontextmanager
    async def _connect(self) -> AsyncIterator[TransportStreams]:
        client = ClientState(conn_id=f"memory-{uuid.uuid4().hex[:12]}", principal=self._principal)
        inbox = Inbox()
        tasks: set[asyncio.Task[None]] = set()
        # Requests run in a copy of the context the connection was opened in, as a transport's
        # reader task would, not in the context of whichever client task happened to send.
        context = contextvars.copy_context()

        async def send(msg: Message) -> None:
            if self._tap is not None:
                self._tap(msg)
            inbox.put(to_session(msg))

        async def one(msg: Message) -> None:
            reply = await self._gateway.handle(msg, client, send)
            if reply is not None:
                with contextlib.suppress(anyio.BrokenResourceError):
                    await send(reply)

        async def receive(item: SessionMessage) -> None:
            # A task per message, as over stdio: a request waiting on its upstream must not
            # hold up the next one (nor a cancellation of itself).
            task = asyncio.create_task(one(to_message(item.message)), context=context.copy())
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        self._gateway.attach(client, send)
        try:
            yield inbox, Outbox(receive)
        finally:
            self._gateway.forget_client(client)
            inbox.close()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)


class MemoryChannel:
    """A gateway upstream channel to an in-process SDK server, run on its own streams."""

    def __init__(self, server: Server[Any] | MCPServer) -> None:
        # An MCPServer is served by its low-level Server, as the SDK's InMemoryTransport does.
        self._server: Server[Any] = server._lowlevel_server if isinstance(server, MCPServer) else server
        self._inbox: Inbox | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, deliver: Deliver, on_closed: OnClosed) -> None:
        """Start the server loop; what it writes goes to ``deliver`` in the writing task."""
        inbox = self._inbox = Inbox()

        async def from_server(item: SessionMessage) -> None:
            await deliver(to_message(item.message))

        async def serve() -> None:
            try:
                options = self._server.create_initialization_options()
                await self._server.run(inbox, Outbox(from_server), options)
            finally:
                if self._inbox is inbox:  # stopped on its own, not by close()
                    on_closed("in-memory server stopped")

        self._task = asyncio.create_task(serve())

    async def send(self, message: Message) -> None:
        """Hand one message to the server."""
        if self._inbox is None:
            raise UpstreamError("in-memory server is not running")
        try:
            self._inbox.put(to_session(message))
        except anyio.BrokenResourceError:
            raise UpstreamError("in-memory server is not running") from None

    async def close(self) -> None:
        """End the server's input; cancel it if it has not finished within a grace period."""
        inbox, self._inbox = self._inbox, None
        task, self._task = self._task, None
        if inbox is not None:
            inbox.close()
        if task is not None:
            _, pending = await asyncio.wait({task}, timeout=_SERVER_GRACE_S)
            for late in pending:
                late.cancel()
            await asyncio.gather(task, return_exceptions=True)
