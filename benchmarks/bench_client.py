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


async def _measure(n: int) -> tuple[float, float]:
    """Median ms of a plain call and of a guarded call, interleaved so machine load hits both alike."""
    config = WeirConfig(servers={"bench": ServerConfig(trust=Trust.TRUSTED)})
    direct: list[float] = []
    guarded: list[float] = []
    async with Client(_server()) as plain, WeirClient(config) as host:
        await host.connect("bench", _server())
        for i in range(n + 50):
            args = {"key": f"k{i % 20}"}
            t0 = time.perf_counter()
            await plain.call_tool("lookup", args)
            t1 = time.perf_counter()
            await host.call_tool("bench", "lookup", args)
            t2 = time.perf_counter()
            if i >= 50:  # warm-up rounds are not counted
                direct.append(t1 - t0)
                guarded.append(t2 - t1)
    return statistics.median(direct) * 1e3, statistics.median(guarded) * 1e3


def run(quick: bool) -> list[Row]:
    """Median latency of a plain SDK call and of the same call through WeirClient, and the difference."""
    direct, guarded = anyio.run(_measure, 200 if quick else 2000)
    added = guarded - direct
    return [
        ("plain SDK call, in memory (p50)", f"{direct:.3f} ms", "-", True),
        ("WeirClient call, in memory (p50)", f"{guarded:.3f} ms", "-", True),
        (
            "added by weir.client per call (p50)",
            f"{added:.3f} ms",
            f"<= {ADDED_P50_BUDGET_MS} ms",
            added <= ADDED_P50_BUDGET_MS,
        ),
    ]
