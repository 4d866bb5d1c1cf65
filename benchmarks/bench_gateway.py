"""Gateway figures against DESIGN.md's budgets: latency added per tool call.

- in memory: the SDK client calls an in-process SDK server directly, and the same server
  through the gateway (in-memory transports both sides, audit events built and kept in
  memory); p50 of each, interleaved in one run. The budget (≤ 0.25 ms p50) is on the proxy's
  own cost, measured with an allow-all decision seam; the same run with the real Guard
  (baseline pack, default detectors on every result) is reported beside it;
- over stdio: the SDK client calls the demo mail server as a subprocess directly, and through
  `weir gateway` (a subprocess with the real Guard, detectors and the SQLite audit store);
  the ratio of the p50s (budget ≤ 1.3×).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import yaml
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from weir.config import WeirConfig
from weir.demo_servers.mail import server as mail_server
from weir.gateway.audit import MemoryAudit
from weir.gateway.enforcer import PostCall, PreCall, ToolsReview
from weir.gateway.guarded import GuardEnforcer, default_chain
from weir.gateway.memory import MemoryChannel, MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream import Upstream

Row = tuple[str, str, str, bool]

MEMORY_BUDGET_MS = 0.25
STDIO_BUDGET_RATIO = 1.3
ARGS = {"id": "2"}


async def _timed(call: Callable[[], Awaitable[Any]]) -> float:
    start = time.perf_counter()
    await call()
    return (time.perf_counter() - start) * 1000


async def _interleaved(
    direct: Client, proxied: Client, tool_direct: str, tool_proxied: str, n: int
) -> tuple[float, float]:
    """p50 (ms) of each, alternating calls so both see the same machine conditions."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(max(5, n // 10)):  # warm-up
        await direct.call_tool(tool_direct, ARGS)
        await proxied.call_tool(tool_proxied, ARGS)
    for _ in range(n):
        a.append(await _timed(lambda: direct.call_tool(tool_direct, ARGS)))
        b.append(await _timed(lambda: proxied.call_tool(tool_proxied, ARGS)))
    return statistics.median(a), statistics.median(b)


class _PassThrough:
    """The decision seam answering allow at once: isolates the proxy's own cost (transport, routing, audit events)."""

    def review_tools(self, server: str, tools: Any) -> ToolsReview:
        return ToolsReview({})

    def before_call(self, *args: Any, **kwargs: Any) -> PreCall:
        return PreCall("allow")

    def after_call(self, session: str, server: str, tool: str, result: Any) -> PostCall:
        return PostCall("allow", result)


async def _memory(n: int, *, guard: bool) -> tuple[float, float]:
    config = WeirConfig()
    lowlevel = mail_server._lowlevel_server
    upstream = Upstream("mail", lambda: MemoryChannel(lowlevel))
    enforcer: Any = GuardEnforcer(config, chain=default_chain(config)) if guard else _PassThrough()
    gateway = Gateway(config, enforcer=enforcer, audit=MemoryAudit(), upstreams={"mail": upstream})
    try:
        async with (
            Client(lowlevel, mode="legacy") as direct,
            Client(MemoryTransport(gateway), mode="legacy") as proxied,
        ):
            return await _interleaved(direct, proxied, "read_email", "read_email", n)
    finally:
        await gateway.close()


async def _stdio(n: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        server_cmd = [sys.executable, "-m", "weir.demo_servers.mail"]
        config = {"servers": {"mail": {"command": server_cmd}}, "audit": {"path": str(Path(tmp) / "audit.db")}}
        path = Path(tmp) / "weir.yaml"
        path.write_text(yaml.safe_dump(config))
        direct_params = StdioServerParameters(command=server_cmd[0], args=server_cmd[1:])
        gateway_params = StdioServerParameters(
            command=sys.executable,
            args=["-c", "from weir.cli.app import main; main()", "gateway", "--config", str(path)],
        )
        async with Client(direct_params, mode="legacy") as direct, Client(gateway_params, mode="legacy") as proxied:
            return await _interleaved(direct, proxied, "read_email", "read_email", n)


def run(quick: bool) -> list[Row]:
    """The gateway's added latency, in memory and over stdio."""
    n = 200 if quick else 2000
    direct, proxied = asyncio.run(_memory(n, guard=False))
    added = proxied - direct
    gdirect, gproxied = asyncio.run(_memory(n, guard=True))
    rows: list[Row] = [
        (f"in-memory call p50, direct ({n} calls)", f"{direct:.3f} ms", "-", True),
        (f"in-memory call p50, through the proxy, allow-all seam ({n} calls)", f"{proxied:.3f} ms", "-", True),
        (
            "proxy latency added per call, in memory (p50)",
            f"{added:.3f} ms",
            f"≤ {MEMORY_BUDGET_MS} ms",
            added <= MEMORY_BUDGET_MS,
        ),
        (f"in-memory call p50, direct, second run ({n} calls)", f"{gdirect:.3f} ms", "-", True),
        (f"in-memory call p50, through the gateway with the Guard ({n} calls)", f"{gproxied:.3f} ms", "-", True),
        ("gateway + Guard + detectors added per call, in memory (p50)", f"{gproxied - gdirect:.3f} ms", "-", True),
    ]
    m = 50 if quick else 500
    sdirect, sproxied = asyncio.run(_stdio(m))
    ratio = sproxied / sdirect
    rows += [
        (f"stdio call p50, direct ({m} calls)", f"{sdirect:.3f} ms", "-", True),
        (f"stdio call p50, through weir gateway ({m} calls)", f"{sproxied:.3f} ms", "-", True),
        (
            "gateway over stdio vs direct (p50 ratio)",
            f"{ratio:.2f}×",
            f"≤ {STDIO_BUDGET_RATIO}×",
            ratio <= STDIO_BUDGET_RATIO,
        ),
    ]
    return rows
