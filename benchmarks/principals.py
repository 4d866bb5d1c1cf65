"""Principal isolation: another principal's calls while one principal sits at every quota and pushes.

The deployed gateway (the Guard, the default detector chain, the SQLite audit file) served by
``weir gateway``'s own listener (``serve_app``, with its read timeouts) on 127.0.0.1, two bearer
tokens, one in-memory server with a short ``status`` tool. The hog fills its quotas first — every
client session it may open, an upstream session on each, every agent session it may name — then
keeps asking for more (new client sessions, new agent sessions: each refused, the refusals audited)
from several connections at once, and holds slowloris connections (half-sent headers) open. The
other principal calls ``status`` again and again, the hog quiet (holding its quotas) and the hog
asking, in alternating rounds; its p50 in each, and their ratio (the budget: within 1.5×), are
reported side by side.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import statistics
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
from mcp.server.mcpserver import MCPServer
from tests.ports import free_port

from weir.config import WeirConfig
from weir.gateway.downstream.http import create_app, serve_app
from weir.gateway.downstream.memory import MemoryChannel
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard
from weir.serving.stores import default_chain, open_audit

HOG, OTHER = "Bench-hog-4Kq9Zt2XwL7", "Bench-other-8Rv3Jm6PyN1"
QUOTAS = {"client_sessions": 8, "agent_sessions": 32, "upstream_sessions": 8, "requests_per_s": 30, "request_burst": 30}
"""Below the defaults (64, 1000, 128, 50/s bursts of 100), so the hog reaches each in a short run —
a flooding round lasts well under a second, shorter than a default burst."""
PUSHERS = 4
PACES_S = (0.5, 0.05)
"""Each pusher's pause between two asks for more (two requests each): the hog at its quotas still
asking now and then (~16 refused requests a second, the budgeted row), and flooding (~160 a
second asked for: past ``gateway.quotas.requests_per_s`` its requests are refused for their rate,
each answer held until its token is due, so the hog's pushers are slowed to the rate)."""
SLOWLORIS = 50


def _server() -> MCPServer:
    server = MCPServer("svc")

    @server.tool()
    async def status() -> str:
        """A short result."""
        return "all good"

    return server


def _headers(token: str, sid: str | None = None) -> dict[str, str]:
    out = {"authorization": f"Bearer {token}", "content-type": "application/json", "accept": "application/json"}
    return {**out, "mcp-session-id": sid} if sid else out


def _init(i: int) -> dict[str, Any]:
    params = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}
    return {"jsonrpc": "2.0", "id": i, "method": "initialize", "params": params}


def _call(session: str | None = None) -> dict[str, Any]:
    meta = {"dev.weir/session": session} if session else {}
    params = {"name": "status", "arguments": {}, "_meta": meta}
    return {"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": params}


@contextlib.asynccontextmanager
async def _listening(tmp: Path) -> AsyncIterator[tuple[str, int]]:
    config = WeirConfig.model_validate(
        {"servers": {"svc": {"trust": "trusted"}}, "audit": {"path": str(tmp / "p.db")}, "gateway": {"quotas": QUOTAS}}
    )
    server = _server()
    audit = open_audit(config)
    upstream = Upstream("svc", lambda: MemoryChannel(server))
    guard = Guard(config, chain=default_chain(config))
    gateway = Gateway(config.gateway, upstreams={"svc": upstream}, decider=guard, audit=audit)
    port = free_port()
    listening = asyncio.Event()
    app = create_app(gateway, tokens=[HOG, OTHER], bind_host="127.0.0.1")
    task = asyncio.create_task(serve_app(app, "127.0.0.1", port, on_listening=listening.set))
    try:
        await asyncio.wait_for(listening.wait(), 120)
        yield f"http://127.0.0.1:{port}/mcp", port
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await gateway.close()
        audit.close()


async def _open(http: httpx2.AsyncClient, url: str, token: str) -> str:
    reply = await http.post(url, json=_init(0), headers=_headers(token))
    reply.raise_for_status()
    sid = reply.headers["mcp-session-id"]
    await http.post(url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=_headers(token, sid))
    return sid


async def _times(http: httpx2.AsyncClient, url: str, sid: str, n: int) -> list[float]:
    out = []
    for _ in range(n):
        started = time.perf_counter()
        reply = await http.post(url, json=_call(), headers=_headers(OTHER, sid))
        assert "result" in reply.json(), reply.text
        out.append((time.perf_counter() - started) * 1000)
    return out


async def _fill(http: httpx2.AsyncClient, url: str) -> list[str]:
    """The hog at every quota: its client sessions, an upstream session on each, its agent sessions."""
    sids = [await _open(http, url, HOG) for _ in range(QUOTAS["client_sessions"])]
    for i in range(QUOTAS["agent_sessions"]):
        reply = await http.post(url, json=_call(f"hog-{i}"), headers=_headers(HOG, sids[i % len(sids)]))
        assert "result" in reply.json(), reply.text
    return sids


async def _push(url: str, sids: list[str], hog: Hog) -> None:
    """Ask for one more of each every ``hog.pace`` seconds while not quiet (every answer a refusal)."""
    async with httpx2.AsyncClient(timeout=120) as http:
        i = 0
        while not hog.stop.is_set():
            if hog.quiet.is_set():
                await asyncio.sleep(0.05)
                continue
            i += 1
            more = await http.post(url, json=_init(i), headers=_headers(HOG))
            named = await http.post(url, json=_call(f"more-{i}"), headers=_headers(HOG, sids[i % len(sids)]))
            with hog.refused.get_lock():
                hog.refused.value += (more.status_code == 429) + ("quota exceeded" in named.text)
                hog.limited.value += ("requests_per_s" in more.text) + ("requests_per_s" in named.text)
            await asyncio.sleep(hog.pace.value)


async def _slowloris(port: int, hog: Hog) -> None:
    """Half-sent headers, a byte a second while not paused, reopened when the listener cuts them off."""
    while not hog.stop.is_set():
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        with contextlib.suppress(ConnectionError):
            while not hog.stop.is_set() and not reader.at_eof():
                if not hog.quiet.is_set():
                    writer.write(b"a")
                    await writer.drain()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(reader.read(4096), 1.0)
        writer.close()


@dataclass
class Hog:
    """The hog process's switches: ``ready`` (it runs), ``quiet`` (it holds but sends nothing), ``stop``;
    its pushers' ``pace``, the count of ``refused`` answers and of those ``limited`` for their rate."""

    ready: Any
    quiet: Any
    stop: Any
    refused: Any
    pace: Any
    limited: Any


def _hog(url: str, port: int, sids: list[str], hog: Hog) -> None:
    """The hog's load, in a process of its own (its client's work is not the gateway's)."""

    async def main() -> None:
        tasks = [asyncio.create_task(_push(url, sids, hog)) for _ in range(PUSHERS)]
        tasks += [asyncio.create_task(_slowloris(port, hog)) for _ in range(SLOWLORIS)]
        await asyncio.sleep(1.0)  # every connection open
        hog.ready.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())


async def measure(tmp: Path, n: int, rounds: int = 5) -> tuple[list[float], list[list[float]], int, int]:
    """The other principal's call times while the hog (at its quotas) is quiet, and while it pushes
    at each of :data:`PACES_S`, in alternating rounds (the machine's own load falls on all alike);
    the hog's refusals."""
    spawn = multiprocessing.get_context("spawn")
    hog = Hog(
        spawn.Event(),
        spawn.Event(),
        spawn.Event(),
        spawn.Value("i", 0),
        spawn.Value("d", PACES_S[0]),
        spawn.Value("i", 0),
    )
    alone: list[float] = []
    during: list[list[float]] = [[] for _ in PACES_S]
    async with _listening(tmp) as (url, port), httpx2.AsyncClient(timeout=120) as http:
        other = await _open(http, url, OTHER)
        await _times(http, url, other, 5)  # warm
        sids = await _fill(http, url)
        hog.quiet.set()
        process = spawn.Process(target=_hog, args=(url, port, sids, hog), daemon=True)
        process.start()
        try:
            while not hog.ready.is_set() and process.is_alive():  # a spawned interpreter takes a while
                await asyncio.sleep(0.1)
            for _ in range(rounds):
                hog.quiet.set()
                await asyncio.sleep(0.3)
                alone += await _times(http, url, other, n // rounds)
                for pace, times in zip(PACES_S, during, strict=True):
                    hog.pace.value = pace
                    hog.quiet.clear()
                    await asyncio.sleep(0.3)
                    times.extend(await _times(http, url, other, n // rounds))
        finally:
            hog.stop.set()
            await asyncio.to_thread(process.join, 30)
            if process.is_alive():
                process.terminate()
    return alone, during, int(hog.refused.value), int(hog.limited.value)


def rows(tmp: Path, quick: bool) -> list[tuple[str, str, str, bool]]:
    """The principal rows of ``scripts/bench isolation``."""
    alone, during, refused, limited = asyncio.run(measure(tmp, 40 if quick else 200))
    rate = QUOTAS["requests_per_s"]
    base = statistics.median(alone)
    (slow, fast) = (statistics.median(times) for times in during)
    asking = [f"~{PUSHERS * 2 / pace:.0f}/s" for pace in PACES_S]
    return [
        ("another principal's call over HTTP, the hog at its quotas, quiet (p50)", f"{base:.2f} ms", "reported", True),
        (
            f"the same, the hog asking {asking[0]} for more, {SLOWLORIS} slowloris (p50)",
            f"{slow:.2f} ms ({slow / base:.2f}×)",
            "≤ 1.5× quiet",
            slow / base <= 1.5,
        ),
        (
            f"the same, the hog flooding: {asking[1]} asked, held to {rate}/s by gateway.quotas.requests_per_s (p50)",
            f"{fast:.2f} ms ({fast / base:.2f}×)",
            "reported",
            True,
        ),
        ("  the hog's refusals meanwhile", f"{refused}", "reported", refused > 0),
        ("  of which refused for the principal's request rate", f"{limited}", "reported", True),
    ]
