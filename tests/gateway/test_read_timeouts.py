"""The HTTP listener's header and body read timeouts (issue 29 item 4): a slowloris peer cannot hold it.

``weir gateway``'s own listener (``serve_app``: uvicorn with :mod:`weir.gateway.downstream.readtimeouts`)
on 127.0.0.1, raw sockets sending half a request's headers, or whole headers and a trickle of
body. While they trickle, another client is served; each of them is then answered 408 and closed.
The deadlines are short here so the test ends soon; nothing asserts how long anything took.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import httpx2
import pytest

from tests.deadlines import hang_guard
from tests.jsonrpc import initialize
from tests.ports import free_port
from weir.audit import MemoryAudit
from weir.config import WeirConfig
from weir.demo_servers import mail
from weir.gateway.downstream.http import create_app, serve_app
from weir.gateway.downstream.memory import MemoryChannel
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard

pytestmark = pytest.mark.anyio

QUOTAS = {"header_timeout_s": 1.0, "body_timeout_s": 1.0}


@contextlib.asynccontextmanager
async def _listening() -> AsyncIterator[int]:
    config = WeirConfig.model_validate({"servers": {"mail": {"trust": "trusted"}}, "gateway": {"quotas": QUOTAS}})
    upstreams = {"mail": Upstream("mail", lambda: MemoryChannel(mail.server))}
    gateway = Gateway(config.gateway, upstreams=upstreams, decider=Guard(config), audit=MemoryAudit())
    port = free_port()
    listening = asyncio.Event()
    app = create_app(gateway, bind_host="127.0.0.1")
    task = asyncio.create_task(
        serve_app(app, "127.0.0.1", port, on_listening=listening.set, limits=config.gateway.quotas)
    )
    try:
        await asyncio.wait_for(listening.wait(), hang_guard())
        yield port
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await gateway.close()


async def _trickle(port: int, first: bytes, more: bytes) -> bytes:
    """Send ``first``, then ``more`` a byte every 0.2 s (never finishing); everything the server answered."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(first)
    await writer.drain()
    answer = bytearray()

    async def read() -> None:
        while chunk := await reader.read(4096):
            answer.extend(chunk)

    reading = asyncio.create_task(read())
    try:
        for byte in more:
            if reading.done():
                break
            with contextlib.suppress(ConnectionError):
                writer.write(bytes([byte]))
                await writer.drain()
            await asyncio.sleep(0.2)
        await asyncio.wait_for(reading, hang_guard())  # the server must end it: more never finishes
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()
    return bytes(answer)


HALF_HEADERS = b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n"
ENDLESS_HEADER = b"X-Slow: " + b"a" * 10_000  # never reaches its line's end
BODY_HEADERS = (
    b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
    b"accept: application/json\r\ncontent-length: 100000\r\n\r\n{"
)


async def test_slow_headers_and_slow_bodies_are_cut_off_while_other_clients_are_served() -> None:
    async with _listening() as port:
        slow = [asyncio.create_task(_trickle(port, HALF_HEADERS, ENDLESS_HEADER)) for _ in range(20)]
        slow += [asyncio.create_task(_trickle(port, BODY_HEADERS, b" " * 10_000)) for _ in range(10)]
        await asyncio.sleep(0.3)  # every one of them is connected and trickling
        async with httpx2.AsyncClient(timeout=hang_guard()) as http:
            served = await http.post(
                f"http://127.0.0.1:{port}/mcp",
                json=initialize(0),
                headers={"content-type": "application/json", "accept": "application/json"},
            )
        answers = await asyncio.wait_for(asyncio.gather(*slow), hang_guard())
    assert served.status_code == 200
    assert served.json()["result"]["serverInfo"]
    for answer in answers[:20]:
        assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
        assert b"the request's headers did not arrive within 1 s" in answer
    for answer in answers[20:]:
        assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
        assert b"the request's body did not arrive within 1 s" in answer


async def test_a_request_sent_in_time_is_answered_and_its_connection_kept() -> None:
    async with _listening() as port, httpx2.AsyncClient(timeout=hang_guard()) as http:
        url = f"http://127.0.0.1:{port}/mcp"
        headers = {"content-type": "application/json", "accept": "application/json"}
        first = await http.post(url, json=initialize(0), headers=headers)
        await asyncio.sleep(1.5)  # longer than either deadline: an idle kept-alive connection owes nothing yet
        second = await http.post(url, json=initialize(1), headers=headers)
    assert (first.status_code, second.status_code) == (200, 200)
