"""Issue 36's table: what the gateway adds to results of real sizes, over stdio, beside fastmcp.

One MCP server (:mod:`benchmarks.payloads`) returns an echo (~100 B), a web page of prose (20 KB)
and a JSON listing of records (200 KB). For each, four sides call it over stdio, interleaved call
by call with the order rotating (machine load hits all alike): **direct**, **fastmcp**'s proxy,
Weir **transparent** (the pass-through seam, no audit) and Weir **full** (``weir gateway``: the
baseline pack, the default detectors, the SQLite audit trail). Each side is a process of its own,
so wall time is the measure; the figures are the median over ``ROUNDS`` rounds of each round's p50
(a loaded box moves single rounds). Ratios are to direct; the last column is full ÷ fastmcp.

Then the one-message rows, in this process, in CPU time of the whole process (every thread):
``Guard.after_call`` on a 1 MB listing and a 1 MB page from an open-world tool, and whether work
stays linear (the per-KB figure at 1 MB against the one at 200 KB).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import tempfile
import time
from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from benchmarks.bench_gateway import _QUIET, MODE, PY, WEIR_CMD, _fastmcp_cmd, _transparent_cmd, _write_config
from benchmarks.payloads import ARGS, TOOLS, listing, page

Row = tuple[str, str, str, bool]

SIDES = ("direct", "fastmcp", "transparent", "full")
ROUNDS = 3
BUDGET = {"echo": 1.5, "page": 2.0, "listing": 3.0}
"""Issue 36's acceptance: full enforcement over stdio at most this many times direct."""
ONE_MB_BUDGET_MS = 500.0
ROOT = str(Path(__file__).resolve().parents[1])
SERVER_CMD = [PY, "-m", "benchmarks.payloads"]


def _params(cmd: list[str]) -> StdioServerParameters:
    path = os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH", "")) if p)
    return StdioServerParameters(command=cmd[0], args=cmd[1:], env={**os.environ, **_QUIET, "PYTHONPATH": path})


async def _round(clients: dict[str, Client], n: int) -> dict[str, dict[str, float]]:
    """p50 wall ms of each side for each tool over ``n`` calls (after a warm-up)."""
    names: dict[str, dict[str, str]] = {}
    for side, client in clients.items():
        listed = [t.name for t in (await client.list_tools()).tools]
        names[side] = {tool: next(x for x in listed if x.endswith(tool)) for tool in TOOLS}
    out: dict[str, dict[str, float]] = {}
    for tool in TOOLS:
        wall: dict[str, list[float]] = {side: [] for side in clients}
        order = list(clients)
        warm = max(3, n // 10)
        for i in range(n + warm):
            order = order[1:] + order[:1]
            for side in order:
                start = time.perf_counter()
                await clients[side].call_tool(names[side][tool], ARGS[tool])
                if i >= warm:
                    wall[side].append((time.perf_counter() - start) * 1000)
        out[tool] = {side: statistics.median(v) for side, v in wall.items()}
    return out


async def _stdio(n: int, tmp: Path) -> list[dict[str, dict[str, float]]]:
    servers = {"bench": {"command": SERVER_CMD}}
    full = _write_config(tmp / "payloads.yaml", servers, {"audit": {"path": str(tmp / "payloads-audit.db")}})
    target = {"mcpServers": {"bench": {"command": SERVER_CMD[0], "args": SERVER_CMD[1:], "env": {"PYTHONPATH": ROOT}}}}
    cmds = {
        "direct": SERVER_CMD,
        "fastmcp": _fastmcp_cmd(target),
        "transparent": _transparent_cmd(servers),
        "full": [*WEIR_CMD, "gateway", "--config", str(full)],
    }
    async with contextlib.AsyncExitStack() as stack:
        clients = {s: await stack.enter_async_context(Client(_params(c), mode=MODE)) for s, c in cmds.items()}
        return [await _round(clients, n) for _ in range(ROUNDS)]


def _table_rows(rounds: list[dict[str, dict[str, float]]]) -> list[Row]:
    rows: list[Row] = []
    for tool in TOOLS:
        p50 = {side: statistics.median(r[tool][side] for r in rounds) for side in SIDES}
        base = p50["direct"]
        ratios = " · ".join(f"{side} {p50[side] / base:.2f}×" for side in SIDES[1:])
        rows.append((f"stdio {tool}: direct p50 (median of {ROUNDS} rounds)", f"{base:.2f} ms", "-", True))
        rows.append((f"stdio {tool}: ratios to direct", ratios, "-", True))
        full = p50["full"] / base
        ok = full <= BUDGET[tool]
        rows.append((f"stdio {tool}: full gateway vs direct", f"{full:.2f}×", f"≤ {BUDGET[tool]}×", ok))
        vs = p50["full"] / p50["fastmcp"]
        rows.append((f"stdio {tool}: full gateway ÷ fastmcp proxy", f"{vs:.2f}", "< 1", vs < 1))
    return rows


def _one_message_rows() -> list[Row]:
    """Process CPU of one post-call decision on 1 MB (and 200 KB) results from an open-world tool."""
    from benchmarks.payloads import server
    from weir.config import WeirConfig
    from weir.guard import Guard
    from weir.serving.stores import default_chain

    config = WeirConfig.model_validate({"servers": {"bench": {"command": ["-"]}}})
    guard = Guard(config, chain=default_chain(config))
    tools = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in asyncio.run(server.list_tools())]
    guard.register_tools("bench", tools)

    def cost(tool: str, text: str) -> float:
        best = float("inf")
        for i in range(3):
            session = guard.session(f"{tool}-{len(text)}-{i}")
            guard.before_call(session, "bench", tool, {})
            start = time.process_time()
            guard.after_call(session, "bench", tool, {"content": [{"type": "text", "text": text}]})
            best = min(best, (time.process_time() - start) * 1000)
        return best

    rows: list[Row] = []
    for tool, make in (("listing", listing), ("page", page)):
        small, large = cost(tool, make(200 * 1024)), cost(tool, make(1024 * 1024))
        ok = large <= ONE_MB_BUDGET_MS
        rows.append((f"one 1 MB {tool} decided (Guard.after_call, process CPU)", f"{large:.0f} ms", "≤ 500 ms", ok))
        growth = (large / 1024) / (small / 200)
        rows.append((f"  per-KB cost at 1 MB ÷ at 200 KB ({tool})", f"{growth:.2f}", "≤ 2 (linear)", growth <= 2))
    return rows


def run(quick: bool) -> list[Row]:
    """The stdio table of issue 36 and the one-message rows."""
    import logging

    for name in ("httpx", "httpx2", "mcp"):
        logging.getLogger(name).setLevel(logging.WARNING)
    n = 10 if quick else 30
    with tempfile.TemporaryDirectory() as tmp:
        rounds = asyncio.run(_stdio(n, Path(tmp)))
    return _table_rows(rounds) + _one_message_rows()
