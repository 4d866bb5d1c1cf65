"""Gateway figures against DESIGN.md's budgets, with fastmcp's proxy as a peer in the same run.

For each transport (in memory, stdio, streamable HTTP on 127.0.0.1) four sides call the demo
mail server's ``read_email``, interleaved call by call (the order rotating every round) so
machine load hits all alike:

- **direct**: the SDK client talks to the server itself;
- **transparent**: through the gateway with an allow-all decision seam, no detectors, no
  audit store (the proxy's own cost: transports, routing, event building) — over stdio and
  HTTP too, where the gateway process is started with that seam (:func:`serve_transparent`);
- **full**: the gateway as deployed — baseline pack, default detectors, SQLite audit trail;
- **fastmcp**: ``fastmcp.server.create_proxy(target)`` in front of the same server.

Fairness: every client connects in the SDK's default mode (``auto``: the newest revision both
ends speak), so the direct client and the gateway's own upstream connection use the same
revision — the SDK server does more work per modern request than per legacy one, and a legacy
direct client would charge that to the gateway. In memory every hop is the SDK's stream-backed
``InMemoryTransport`` (the kind of hop the gateway adds), not the SDK's stream-less in-process
shortcut, which no proxy can use on the client side.

Reported: p50 and p99 of each side, the p50 latency each adds over direct, ratios to direct
and the full gateway's ratio to fastmcp. Then calls/s through the HTTP gateway (full) with many
concurrent client sessions beside the same load sent to the server directly. Every server
listens on 127.0.0.1, is started here and stopped at the end; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx2
import yaml
from mcp import Client
from mcp.client._memory import InMemoryTransport
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from tests.ports import free_port
from tests.servers.launch import serving

from weir.config import WeirConfig
from weir.flow.session import Session
from weir.gateway.downstream.memory import MemoryChannel, MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.guard import CallCheck, ResultCheck, ToolsReview
from weir.labels.datalabel import DataLabel
from weir.policy.decision import Decision
from weir.serving.deployment import build_deployment
from weir.serving.runner import Listen, upstreams_from_config
from weir.serving.runner import run as run_gateway

Row = tuple[str, str, str, bool]

MEMORY_BUDGET_MS = 0.25
STDIO_BUDGET_RATIO = 1.3
FASTMCP_BUDGET_RATIO = 0.5  # "well below fastmcp's proxy": at most half its p50
ARGS = {"id": "2"}
SIDES = ("direct", "transparent", "full", "fastmcp")
PY = sys.executable
MAIL_CMD = [PY, "-m", "weir.demo_servers.mail"]
WEIR_CMD = [PY, "-c", "from weir.cli.app import main; main()"]
MODE = "auto"  # the SDK default; see the module docstring


_ALLOW = Decision()
_NO_LABEL = DataLabel()


class _PassThrough:
    """The decision seam answering allow at once: isolates the proxy's own cost."""

    def session(self, session_id: str | None = None) -> Session:
        return Session(session_id)

    def carry(self, source: str, into: str) -> bool:
        return True

    def forget(self, session_id: str) -> None:
        pass

    def register_tools(self, server: str, tools: Any) -> ToolsReview:
        return ToolsReview(server, {})

    def listable(self, server: str, tool: str, principal: Any) -> bool:
        return True

    def shows(self, message: Any) -> bool:
        return True

    def intend(self, session: Session, words: str) -> bool:
        return False

    def before_call(self, session: Session, server: str, tool: str, arguments: Any, *args: Any, **_: Any) -> CallCheck:
        return CallCheck(_ALLOW, {}, (), None)

    def after_call(self, session: Session, server: str, tool: str, result: Any, **_: Any) -> ResultCheck:
        return ResultCheck(_ALLOW, result, _NO_LABEL)

    def on_message(self, session: Session, message: Any) -> ResultCheck:
        return ResultCheck(_ALLOW, dict(message.payload), _NO_LABEL)

    def on_answer(self, session: Session, message: Any) -> CallCheck:
        return CallCheck(_ALLOW, {}, (), None)


def _pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


async def _tool_name(client: Client) -> str:
    """The exposed name of read_email (fastmcp or a namespacing gateway may prefix it)."""
    names = [t.name for t in (await client.list_tools()).tools]
    return next(n for n in names if n.endswith("read_email"))


Times = dict[str, list[float]]


async def _interleaved(clients: dict[str, Client], n: int) -> tuple[Times, Times]:
    """Call every side once per round, rotating the order; the first rounds warm up.

    Returns wall-clock ms and the process's CPU ms (all threads) per call. In memory, client,
    gateway and server share this process, so its CPU time is the work each side does, free of
    the machine's load — on whichever thread it runs (the deployed gateway decides on its worker
    threads; the tool itself runs on a worker thread, the same for every side).
    """
    names = {side: await _tool_name(c) for side, c in clients.items()}
    wall: Times = {side: [] for side in clients}
    cpu: Times = {side: [] for side in clients}
    order = list(clients)
    for i in range(n + max(5, n // 10)):
        order = order[1:] + order[:1]
        for side in order:
            start, start_cpu = time.perf_counter(), time.process_time()
            await clients[side].call_tool(names[side], ARGS)
            if i >= max(5, n // 10):
                wall[side].append((time.perf_counter() - start) * 1000)
                cpu[side].append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def _cpu_rows(cpu: Times) -> list[Row]:
    """Process CPU (all threads) added per call in memory, against the same budget as wall time."""
    base = statistics.median(cpu["direct"])
    rows: list[Row] = []
    for side in ("transparent", "full", "fastmcp"):
        added = statistics.median(cpu[side]) - base
        budget, ok = (f"≤ {MEMORY_BUDGET_MS} ms added", added <= MEMORY_BUDGET_MS) if side != "fastmcp" else ("-", True)
        figure = f"+{added:.3f} ms (p99 {_pct(cpu[side], 99):.3f} ms vs {_pct(cpu['direct'], 99):.3f} ms)"
        rows.append((f"in memory: {side} vs direct, process CPU (p50)", figure, budget, ok))
    return rows


def _rows(transport: str, times: Times) -> list[Row]:
    p50 = {side: statistics.median(v) for side, v in times.items()}
    rows: list[Row] = []
    for side, values in times.items():
        figure = f"p50 {p50[side]:.3f} ms, p99 {_pct(values, 99):.3f} ms"
        rows.append((f"{transport}: {side} ({len(values)} calls)", figure, "-", True))
    for side in ("transparent", "full", "fastmcp"):
        added, ratio = p50[side] - p50["direct"], p50[side] / p50["direct"]
        budget, ok = "-", True
        if transport == "in memory" and side in ("transparent", "full"):
            budget, ok = f"≤ {MEMORY_BUDGET_MS} ms added", added <= MEMORY_BUDGET_MS
        if transport == "stdio" and side in ("transparent", "full"):
            budget, ok = f"≤ {STDIO_BUDGET_RATIO}× direct", ratio <= STDIO_BUDGET_RATIO
        rows.append((f"{transport}: {side} vs direct (p50)", f"+{added:.3f} ms, {ratio:.2f}×", budget, ok))
    vs = p50["full"] / p50["fastmcp"]
    ok = vs <= FASTMCP_BUDGET_RATIO
    rows.append((f"{transport}: full gateway vs fastmcp proxy (p50)", f"{vs:.2f}×", f"≤ {FASTMCP_BUDGET_RATIO}×", ok))
    return rows


# -- in memory ------------------------------------------------------------------------------


async def _memory(n: int, tmp: Path) -> tuple[Times, Times]:
    from fastmcp.server import create_proxy

    # Imported here, not at the top: building the demo's MCPServer turns on the SDK's rich
    # logging at INFO, and the transparent gateway subprocesses import this module; `weir
    # gateway` logs nothing per call, so neither may they (it cost ~10 ms a call over HTTP).
    from weir.demo_servers.mail import server as mail_server

    lowlevel = mail_server._lowlevel_server

    def upstreams() -> dict[str, Upstream]:
        return {"mail": Upstream("mail", lambda: MemoryChannel(lowlevel))}

    transparent = Gateway(WeirConfig().gateway, decider=_PassThrough(), audit=None, upstreams=upstreams())
    deployed = WeirConfig.model_validate({"audit": {"path": str(tmp / "memory-audit.db")}})
    # As `weir gateway` builds it: the Guard, the SQLite trail, and the metrics wrappers around them.
    deployment = build_deployment(deployed, upstreams=upstreams())
    full = deployment.gateway
    proxy = create_proxy(mail_server)
    try:
        async with (
            Client(InMemoryTransport(lowlevel), mode=MODE) as direct,
            Client(MemoryTransport(transparent), mode=MODE) as through,
            Client(MemoryTransport(full), mode=MODE) as guarded,
            Client(InMemoryTransport(proxy._mcp_server), mode=MODE) as peer,
        ):
            clients = {"direct": direct, "transparent": through, "full": guarded, "fastmcp": peer}
            return await _interleaved(clients, n)
    finally:
        await transparent.close()
        await full.close()
        if deployment.trail is not None:
            deployment.trail.close()


# -- subprocesses (stdio, HTTP) ---------------------------------------------------------------


def _write_config(path: Path, servers: dict[str, Any], extra: dict[str, Any] | None = None) -> Path:
    path.write_text(yaml.safe_dump({"servers": servers, **(extra or {})}))
    return path


# The fastmcp peer logs a banner and every reconnect to stderr; keep the report readable.
_QUIET = {"FASTMCP_LOG_LEVEL": "ERROR", "FASTMCP_SHOW_SERVER_BANNER": "false", "FASTMCP_LOG_ENABLED": "false"}


def serve_transparent(servers: dict[str, Any], port: int | None = None) -> None:
    """Run a gateway with the pass-through seam and no audit (stdio, or HTTP on 127.0.0.1:port).

    The transparent side of the subprocess transports: ``weir gateway`` always runs the Guard
    and an audit store, which is the *full* side's cost, not the proxy's.
    """
    config = WeirConfig.model_validate({"servers": servers})
    gateway = Gateway(config.gateway, decider=_PassThrough(), audit=None, upstreams=upstreams_from_config(config))
    run_gateway(gateway, Listen() if port is None else Listen("127.0.0.1", port))


def _transparent_cmd(servers: dict[str, Any], port: int | None = None) -> list[str]:
    root = str(Path(__file__).resolve().parents[1])
    script = f"import sys; sys.path.insert(0, {root!r}); from benchmarks.bench_gateway import serve_transparent; "
    return [PY, "-c", script + f"serve_transparent({servers!r}, {port!r})"]


def _stdio_params(cmd: list[str]) -> StdioServerParameters:
    return StdioServerParameters(command=cmd[0], args=cmd[1:], env={**os.environ, **_QUIET})


def _fastmcp_cmd(target: Any, transport: str = "stdio", port: int = 0) -> list[str]:
    run = "p.run()" if transport == "stdio" else f"p.run('http', host='127.0.0.1', port={port}, show_banner=False)"
    script = f"from fastmcp.server import create_proxy; p = create_proxy({target!r}); {run}"
    return [PY, "-c", script]


async def _stdio(n: int, tmp: Path) -> Times:
    mail = {"command": MAIL_CMD}
    full = _write_config(tmp / "full.yaml", {"mail": mail}, {"audit": {"path": str(tmp / "stdio-audit.db")}})
    target = {"mcpServers": {"mail": {"command": MAIL_CMD[0], "args": MAIL_CMD[1:]}}}
    params = {
        "direct": _stdio_params(MAIL_CMD),
        "transparent": _stdio_params(_transparent_cmd({"mail": mail})),
        "full": _stdio_params([*WEIR_CMD, "gateway", "--config", str(full)]),
        "fastmcp": _stdio_params(_fastmcp_cmd(target)),
    }
    async with contextlib.AsyncExitStack() as stack:
        clients = {s: await stack.enter_async_context(Client(p, mode=MODE)) for s, p in params.items()}
        return (await _interleaved(clients, n))[0]


def _listening(cmd: list[str], port: int) -> contextlib.AbstractContextManager[str]:
    """A server subprocess (its output dropped), waited for until it accepts connections; stopped after."""
    return serving(cmd, port, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@contextlib.contextmanager
def _http_servers(tmp: Path) -> Iterator[dict[str, str]]:
    """The mail server over HTTP, and a gateway (transparent, full) and fastmcp in front of it."""
    ports = {side: free_port() for side in SIDES}
    serve = f"from weir.demo_servers.mail import server; server.run('streamable-http', port={ports['direct']})"
    with contextlib.ExitStack() as stack:
        upstream = stack.enter_context(_listening([PY, "-c", serve], ports["direct"]))
        mail = {"url": upstream}
        urls = {"direct": upstream}
        full = _write_config(tmp / "http-full.yaml", {"mail": mail}, {"audit": {"path": str(tmp / "http-audit.db")}})
        full_cmd = [*WEIR_CMD, "gateway", "--config", str(full), "--http", f"127.0.0.1:{ports['full']}"]
        urls["full"] = stack.enter_context(_listening(full_cmd, ports["full"]))
        transparent_cmd = _transparent_cmd({"mail": mail}, ports["transparent"])
        urls["transparent"] = stack.enter_context(_listening(transparent_cmd, ports["transparent"]))
        fastmcp = _fastmcp_cmd(upstream, "http", ports["fastmcp"])
        urls["fastmcp"] = stack.enter_context(_listening(fastmcp, ports["fastmcp"]))
        yield urls


@contextlib.asynccontextmanager
async def _http_client(url: str) -> AsyncIterator[Client]:
    http = httpx2.AsyncClient(timeout=30)
    async with http, Client(streamable_http_client(url, http_client=http), mode=MODE) as client:
        yield client


async def _http(n: int, urls: dict[str, str]) -> Times:
    async with contextlib.AsyncExitStack() as stack:
        clients = {side: await stack.enter_async_context(_http_client(url)) for side, url in urls.items()}
        return (await _interleaved(clients, n))[0]


async def _throughput(url: str, sessions: int, calls: int) -> float:
    """Calls/s with ``sessions`` concurrent client sessions, each making ``calls`` calls (bounded)."""

    async def one() -> None:
        async with _http_client(url) as client:
            name = await _tool_name(client)
            for _ in range(calls):
                await client.call_tool(name, ARGS)

    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(one() for _ in range(sessions))), timeout=300)
    return sessions * calls / (time.perf_counter() - start)


async def _concurrent(urls: dict[str, str], sessions: int, calls: int) -> list[Row]:
    rows: list[Row] = []
    rates: dict[str, float] = {}
    for side in ("direct", "full", "direct", "full"):  # A/B/A/B; the better of each pair is kept
        rates[side] = max(rates.get(side, 0.0), await _throughput(urls[side], sessions, calls))
    for side, rate in rates.items():
        rows.append((f"HTTP, {sessions} concurrent sessions × {calls} calls: {side}", f"{rate:.0f} calls/s", "-", True))
    share = rates["full"] / rates["direct"]
    rows.append(("HTTP concurrent: full gateway throughput vs direct", f"{share:.2f}×", "-", True))
    return rows


def run(quick: bool) -> list[Row]:
    """The gateway's added latency in memory, over stdio and HTTP, beside fastmcp's proxy; HTTP throughput."""
    import logging

    for name in ("httpx", "httpx2", "mcp"):  # fastmcp's import turns request logging on
        logging.getLogger(name).setLevel(logging.WARNING)
    n = 60 if quick else 400
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        wall, cpu = asyncio.run(_memory(n, Path(tmp)))
        rows += _rows("in memory", wall) + _cpu_rows(cpu)
        rows += _rows("stdio", asyncio.run(_stdio(n, Path(tmp))))
        with _http_servers(Path(tmp)) as urls:
            rows += _rows("HTTP", asyncio.run(_http(n, urls)))
            sessions, calls = (8, 10) if quick else (32, 25)
            rows += asyncio.run(_concurrent(urls, sessions, calls))
    return rows
