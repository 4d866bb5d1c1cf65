"""Session isolation: another session's calls while one session's 3.9 MB result is being decided.

The deployed gateway in memory (the Guard, the default detector chain, the SQLite audit file) in
front of one server with two tools: ``export`` answers 3.9 MB with an e-mail address every 50
characters (issue 20's large message: every address a PII finding), ``status`` a short text. One
client calls ``export``; meanwhile a second client, in its own agent session, calls ``status``
again and again. Reported side by side: ``status`` alone, ``status`` while ``export`` is decided,
and how long ``export`` itself took — DESIGN's "no message delays another session beyond its own
budget". Then principals (:mod:`benchmarks.principals`): one principal at every quota and asking
for more, another's calls over HTTP alone and meanwhile — within 1.5×.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from mcp import Client
from mcp.server.mcpserver import MCPServer

from benchmarks import principals
from weir.config import WeirConfig
from weir.gateway.downstream.memory import MemoryChannel, MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard
from weir.serving.stores import default_chain, open_audit

Row = tuple[str, str, str, bool]

LINE = "please write to person{:06d}@example.com about it.\n"  # 50 characters, one address


def _server(size: int) -> MCPServer:
    server = MCPServer("bulk")
    body = "".join(LINE.format(i) for i in range(size // len(LINE)))

    @server.tool()
    async def export() -> str:
        """The large result."""
        return body

    @server.tool()
    async def status() -> str:
        """A short result."""
        return "all good"

    return server


async def _times(client: Client, n: int) -> list[float]:
    out = []
    for _ in range(n):
        started = time.perf_counter()
        await client.call_tool("status", {})
        out.append((time.perf_counter() - started) * 1000)
    return out


async def _measure(tmp: Path, size: int, n: int) -> tuple[list[float], list[float], float]:
    config = WeirConfig.model_validate(
        {
            "servers": {"bulk": {"trust": "trusted"}},
            "audit": {"path": str(tmp / "iso.db")},
            "gateway": {"decision_budget_s": 600},
        }
    )
    server = _server(size)
    audit = open_audit(config)
    upstream = Upstream("bulk", lambda: MemoryChannel(server))
    gateway = Gateway(
        config.gateway, upstreams={"bulk": upstream}, decider=Guard(config, chain=default_chain(config)), audit=audit
    )
    try:
        async with Client(MemoryTransport(gateway)) as big, Client(MemoryTransport(gateway)) as small:
            await big.list_tools()
            alone = await _times(small, n)
            started = time.perf_counter()
            task = asyncio.create_task(big.call_tool("export", {}))
            during: list[float] = []
            while not task.done():
                during += await _times(small, 1)
            await task
            big_ms = (time.perf_counter() - started) * 1000
    finally:
        await gateway.close()
        audit.close()
    return alone, during, big_ms


def run(quick: bool) -> list[Row]:
    """The rows of ``scripts/bench isolation``."""
    size = 1_000_000 if quick else 3_900_000
    with tempfile.TemporaryDirectory() as tmp:
        alone, during, big_ms = asyncio.run(_measure(Path(tmp), size, 20 if quick else 60))
        principal_rows = principals.rows(Path(tmp), quick)
    base, loaded = statistics.median(alone), statistics.median(during)
    return [
        ("another session's call, nothing else running (p50)", f"{base:.2f} ms", "reported", True),
        (
            f"the same while one session's {size / 1e6:.1f} MB result is decided (p50, {len(during)} calls)",
            f"{loaded:.2f} ms ({loaded / base:.1f}×)",
            "reported",
            True,
        ),
        ("  its slowest call meanwhile", f"{max(during):.2f} ms", "reported", True),
        (
            f"the {size / 1e6:.1f} MB result itself (scan, label, redacted audit copy)",
            f"{big_ms:.0f} ms",
            "reported",
            True,
        ),
        *principal_rows,
    ]
