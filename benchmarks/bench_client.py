"""What weir.client adds to a tool call, measured side by side with the plain SDK client, in memory.

Both paths call the same labelled MCPServer tool over the SDK's in-memory transport in one run;
the difference of the medians is what the in-process decision path costs per call (pre-call
decision, request annotations, result labelling and post-call decision, detector chain
included). The budget is the gateway's in-memory budget (DESIGN.md): a host that decides
in-process should not pay more than one that goes through the gateway.
"""

from __future__ import annotations

import statistics
import time

import anyio
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult

from weir.client import WeirClient
from weir.config import WeirConfig
from weir.labels.config import ServerConfig, Trust
from weir.labels.vocab import DataClass, Destination, Outcome, Source
from weir.server import Returns, ServerLabels, ToolLabels, data_label, labelled_result

Row = tuple[str, str, str, bool]

ADDED_P50_BUDGET_MS = 0.25
"""Per-call overhead of the in-process decision path (the gateway's in-memory budget)."""

LOOKUP = ToolLabels(
    read_only=True,
    open_world=False,
    destinations=Destination.EPHEMERAL,
    outcomes=Outcome.BENIGN,
    returns=Returns(source=Source.INTERNAL, sensitivity=DataClass.USER),
)


def _server() -> MCPServer:
    labels = ServerLabels("bench")
    server = MCPServer("bench", extensions=[labels.extension()])

    @server.tool(**labels.tool("lookup", LOOKUP))
    def lookup(key: str) -> CallToolResult:
        return labelled_result(f"value of {key}: 42", data_label(private=True, attribution=[f"urn:bench:{key}"]))

    return server


Times = dict[str, list[float]]


async def _measure(n: int) -> tuple[Times, Times]:
    """Wall-clock and thread-CPU ms of plain and guarded calls, interleaved so machine load hits both alike.

    Client, server and the decision path share this thread (the tool itself runs on a worker
    thread, the same for both), so its CPU time is the work each side does, free of other
    processes' load.
    """
    config = WeirConfig(servers={"bench": ServerConfig(trust=Trust.TRUSTED)})
    wall: Times = {"plain": [], "weir": []}
    cpu: Times = {"plain": [], "weir": []}
    async with Client(_server()) as plain, WeirClient(config) as host:
        await host.connect("bench", _server())
        for i in range(n + 50):
            args = {"key": f"k{i % 20}"}
            t0, c0 = time.perf_counter(), time.thread_time()
            await plain.call_tool("lookup", args)
            t1, c1 = time.perf_counter(), time.thread_time()
            await host.call_tool("bench", "lookup", args)
            t2, c2 = time.perf_counter(), time.thread_time()
            if i >= 50:  # warm-up rounds are not counted
                wall["plain"].append((t1 - t0) * 1e3)
                wall["weir"].append((t2 - t1) * 1e3)
                cpu["plain"].append((c1 - c0) * 1e3)
                cpu["weir"].append((c2 - c1) * 1e3)
    return wall, cpu


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def run(quick: bool) -> list[Row]:
    """Plain SDK call vs the same call through WeirClient: p50/p99 each, and what the client adds."""
    wall, cpu = anyio.run(_measure, 200 if quick else 2000)
    direct, guarded = statistics.median(wall["plain"]), statistics.median(wall["weir"])
    added = guarded - direct
    added_cpu = statistics.median(cpu["weir"]) - statistics.median(cpu["plain"])
    return [
        ("plain SDK call, in memory", f"p50 {direct:.3f} ms, p99 {_p99(wall['plain']):.3f} ms", "-", True),
        ("WeirClient call, in memory", f"p50 {guarded:.3f} ms, p99 {_p99(wall['weir']):.3f} ms", "-", True),
        (
            "added by weir.client per call (p50)",
            f"{added:.3f} ms ({guarded / direct:.2f}×)",
            f"<= {ADDED_P50_BUDGET_MS} ms",
            added <= ADDED_P50_BUDGET_MS,
        ),
        (
            "added by weir.client per call, thread CPU (p50)",
            f"{added_cpu:.3f} ms (p99 {_p99(cpu['weir']):.3f} vs {_p99(cpu['plain']):.3f} ms)",
            f"<= {ADDED_P50_BUDGET_MS} ms",
            added_cpu <= ADDED_P50_BUDGET_MS,
        ),
    ]
