"""What an idle HTTP client costs the gateway: resident memory per connected client session.

``weir gateway --http`` (full: baseline pack, detectors, SQLite audit) in front of the demo mail
server over streamable HTTP, both subprocesses on 127.0.0.1. One client warms it up; then
``CLIENTS`` more connect, list the tools, make one call each and stay connected, idle. The figure
is the growth of the gateway process's RSS (``/proc/PID/statm``) divided by the number of
clients: everything a client holds — its downstream session, its agent session, its own upstream
session with the server and that session's HTTP client. Budget (issue 36): ≤ 64 kB.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from tests.ports import free_port
from tests.servers.launch import stop, wait_for_port

from benchmarks.bench_gateway import ARGS, PY, WEIR_CMD, _tool_name, _write_config

Row = tuple[str, str, str, bool]

BUDGET_KB = 64.0
MODES = ("legacy", "auto")
"""2025-11-25 clients (a session each, kept until idle) and the SDK's default (the newest revision)."""


def _rss_kb(pid: int) -> float:
    pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    return pages * 4096 / 1024


@contextlib.contextmanager
def _process(cmd: list[str], port: int) -> Iterator[subprocess.Popen[bytes]]:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, proc, 60)
        yield proc
    finally:
        stop(proc)


async def _idle_clients(url: str, pid: int, n: int, mode: str) -> float:
    """RSS growth (kB) of process ``pid`` per client, with ``n`` idle clients connected."""
    async with contextlib.AsyncExitStack() as stack:

        async def connect() -> None:
            http = await stack.enter_async_context(httpx2.AsyncClient(timeout=30))
            client = await stack.enter_async_context(Client(streamable_http_client(url, http_client=http), mode=mode))
            await client.call_tool(await _tool_name(client), ARGS)

        await connect()  # warm-up: imports, caches, the first upstream session
        await asyncio.sleep(0.5)
        before = _rss_kb(pid)
        for _ in range(n):
            await connect()
        await asyncio.sleep(0.5)
        return (_rss_kb(pid) - before) / n


def run(quick: bool) -> list[Row]:
    """RSS per idle HTTP client of the full gateway."""
    import logging

    for name in ("httpx", "httpx2", "mcp"):  # another section's demo server may have turned them on
        logging.getLogger(name).setLevel(logging.WARNING)
    n = 10 if quick else 30
    mail_port, gateway_port = free_port(), free_port()
    serve = f"from weir.demo_servers.mail import server; server.run('streamable-http', port={mail_port})"
    with tempfile.TemporaryDirectory() as tmp, _process([PY, "-c", serve], mail_port):
        upstream = f"http://127.0.0.1:{mail_port}/mcp"
        config = _write_config(Path(tmp) / "g.yaml", {"mail": {"url": upstream}}, {"audit": {"path": f"{tmp}/a.db"}})
        cmd = [*WEIR_CMD, "gateway", "--config", str(config), "--http", f"127.0.0.1:{gateway_port}"]
        rows: list[Row] = []
        for mode in MODES:  # a fresh gateway for each: what one mode's clients left is not counted
            with _process(cmd, gateway_port) as gateway:
                per = asyncio.run(_idle_clients(f"http://127.0.0.1:{gateway_port}/mcp", gateway.pid, n, mode))
            what = f"gateway RSS per idle HTTP client, {mode} ({n} clients)"
            rows.append((what, f"{per:,.0f} kB", f"≤ {BUDGET_KB:.0f} kB", per <= BUDGET_KB))
    return rows


if __name__ == "__main__":
    for row in run("--quick" in sys.argv):
        print(row)
