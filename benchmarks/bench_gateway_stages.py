"""Where the deployed gateway's and weir.client's time goes: one stage added per side, in one run.

The gateway bench (``bench_gateway``) says how much the full gateway adds; this one says what
that is made of. Each side below is the one before it plus one stage, all calling the demo mail
server's ``read_email`` in memory, interleaved call by call (the order rotating every round), and
each measured in the CPU time of the whole process, every thread (client, gateway and server
share the event loop's thread, but the deployed gateway decides and audits on its worker threads
and the tool itself runs on a worker thread: reading only the loop thread's clock, as this bench
once did, missed most of the stages it exists to show, about 4x):

1. **direct**: the SDK client talks to the server;
2. **proxy**: the gateway with the pass-through seam and no audit sink (transports, routing);
3. **+ guard, no detectors**: the Guard's pre- and post-call decisions with an empty detector
   chain, plus the adapter's glue (building both audit events, the label as JSON) — still no sink;
4. **+ detectors**: the default chain on the result (and what its findings cost downstream: the
   redacted audit copy, a larger label);
5. **+ audit, SQLite in memory**: sealing (the redaction detectors over the arguments), the
   canonical JSON, the hash chain and the two inserts, minus the file;
6. **deployed**: the same with the SQLite file (WAL writes, locks): ``bench_gateway``'s *full*.

Then the same for ``weir.client``: the plain SDK call, the client with an empty detector chain,
the client as shipped. Stage rows are differences of means (means add up; medians do not) over
the middle 90 % of each side's calls (a single stall otherwise swamps a stage), side rows give
p50 and p99. No budgets here: the budgets are ``bench_gateway``'s and ``bench_client``'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client._memory import InMemoryTransport

from benchmarks.bench_client import _server as _client_server
from benchmarks.bench_gateway import ARGS, MODE, _PassThrough
from weir.client import WeirClient
from weir.config import WeirConfig
from weir.detect.chain import Chain
from weir.gateway.downstream.memory import MemoryChannel, MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard
from weir.labels.config import ServerConfig, Trust
from weir.serving.stores import default_chain, open_audit

Row = tuple[str, str, str, bool]
Times = dict[str, list[float]]

GATEWAY_STAGES = (
    ("direct", "the SDK client to the server"),
    ("proxy", "the proxy's hops (transports, routing)"),
    ("guard, no detectors", "Guard pre + post, events built, label JSON"),
    ("detectors", "the detector chain and what its findings cost"),
    ("audit, SQLite in memory", "sealing, canonical JSON, hashing, inserts"),
    ("deployed (SQLite file)", "the WAL writes and locks"),
)


async def _gateways(tmp: Path) -> tuple[dict[str, Any], list[Any]]:
    """The gateway sides in stage order (``direct`` is added by the caller), and what to close."""
    from weir.demo_servers.mail import server as mail_server  # see bench_gateway: logging

    lowlevel = mail_server._lowlevel_server

    def upstreams() -> dict[str, Upstream]:
        return {"mail": Upstream("mail", lambda: MemoryChannel(lowlevel))}

    deployed = WeirConfig.model_validate({"audit": {"path": str(tmp / "stages-audit.db")}})
    in_memory = WeirConfig.model_validate({"audit": {"path": ":memory:"}})
    stores = [open_audit(in_memory), open_audit(deployed)]

    def guard(chain: Chain) -> Guard:
        return Guard(deployed, chain=chain)

    sides: dict[str, Any] = {
        "proxy": (_PassThrough(), None),
        "guard, no detectors": (guard(Chain([])), None),
        "detectors": (guard(default_chain(deployed)), None),
        "audit, SQLite in memory": (guard(default_chain(deployed)), stores[0]),
        "deployed (SQLite file)": (guard(default_chain(deployed)), stores[1]),
    }
    gateways = {
        name: Gateway(deployed.gateway, decider=decider, audit=audit, upstreams=upstreams())
        for name, (decider, audit) in sides.items()
    }
    return {"direct": lowlevel, **gateways}, stores


async def _calls(clients: dict[str, Any], names: dict[str, str], n: int) -> Times:
    """Process CPU ms (all threads) per call for each side, interleaved with the order rotating; warm-up not counted."""
    cpu: Times = {side: [] for side in clients}
    order = list(clients)
    warm = max(5, n // 10)
    for i in range(n + warm):
        order = order[1:] + order[:1]
        for side in order:
            start = time.process_time()
            await clients[side](names[side])
            if i >= warm:
                cpu[side].append((time.process_time() - start) * 1000)
    return cpu


async def _gateway_stages(n: int, tmp: Path) -> Times:
    targets, stores = await _gateways(tmp)
    try:
        async with contextlib.AsyncExitStack() as stack:
            clients: dict[str, Any] = {}
            names: dict[str, str] = {}
            for side, target in targets.items():
                transport = InMemoryTransport(target) if side == "direct" else MemoryTransport(target)
                client = await stack.enter_async_context(Client(transport, mode=MODE))
                names[side] = next(t.name for t in (await client.list_tools()).tools if t.name.endswith("read_email"))
                clients[side] = lambda name, c=client: c.call_tool(name, ARGS)
            return await _calls(clients, names, n)
    finally:
        for side, target in targets.items():
            if side != "direct":
                await target.close()
        for store in stores:
            store.close()


async def _client_stages(n: int) -> Times:
    config = WeirConfig(servers={"bench": ServerConfig(trust=Trust.TRUSTED)})
    async with contextlib.AsyncExitStack() as stack:
        plain = await stack.enter_async_context(Client(_client_server()))
        bare = await stack.enter_async_context(WeirClient(config, guard=Guard(config, chain=Chain([]))))
        shipped = await stack.enter_async_context(WeirClient(config))
        for host in (bare, shipped):
            await host.connect("bench", _client_server())
        count = iter(range(10**9))

        def args() -> dict[str, str]:
            return {"key": f"k{next(count) % 20}"}

        clients = {
            "plain SDK call": lambda name: plain.call_tool(name, args()),
            "weir.client, no detectors": lambda name: bare.call_tool("bench", name, args()),
            "weir.client (detectors)": lambda name: shipped.call_tool("bench", name, args()),
        }
        return await _calls(clients, dict.fromkeys(clients, "lookup"), n)


def _trimmed_mean(values: list[float]) -> float:
    """The mean of the middle 90 %: one stall (a collection, a page fault storm on a shared box)
    among 60 calls moved a plain mean by a millisecond and made the next stage come out negative."""
    cut = len(values) // 20
    ordered = sorted(values)
    return statistics.fmean(ordered[cut : len(ordered) - cut] if cut else ordered)


def _rows(title: str, cpu: Times, stages: dict[str, str]) -> list[Row]:
    rows: list[Row] = []
    previous: float | None = None
    for side, values in cpu.items():
        p50, p99 = statistics.median(values), statistics.quantiles(values, n=100, method="inclusive")[98]
        mean = _trimmed_mean(values)
        rows.append((f"{title}: {side} (process CPU)", f"p50 {p50:.3f} ms, p99 {p99:.3f} ms", "-", True))
        if previous is not None:
            what = stages.get(side, side)
            rows.append((f"{title}:   + {what} (trimmed mean)", f"{mean - previous:+.3f} ms", "-", True))
        previous = mean
    first, last = _trimmed_mean(next(iter(cpu.values()))), _trimmed_mean(list(cpu.values())[-1])
    rows.append((f"{title}: all stages (trimmed mean)", f"{last - first:+.3f} ms", "-", True))
    return rows


def run(quick: bool) -> list[Row]:
    """Process CPU per call with one stage added per side: the gateway in memory, then weir.client."""
    import logging

    logging.getLogger("mcp").setLevel(logging.WARNING)
    n = 60 if quick else 300
    with tempfile.TemporaryDirectory() as tmp:
        gateway = asyncio.run(_gateway_stages(n, Path(tmp)))
    client = anyio.run(_client_stages, n * 2)
    client_stages = {"weir.client, no detectors": "the Guard, no detectors", "weir.client (detectors)": "detectors"}
    return _rows("gateway", gateway, dict(GATEWAY_STAGES)) + _rows("client", client, client_stages)
