"""Real Redis and HAProxy processes for the fleet's tests and benchmark: started, probed, stopped.

Each runs on 127.0.0.1 on a free port with its data in a temporary directory. A test skips only
when the binary is truly absent and ``CI`` is unset (scripts/_fleet.sh installs both; in CI a
missing binary fails the test).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.deadlines import hang_guard
from tests.ports import free_port

__all__ = ["Redis", "demo_upstreams", "haproxy", "need", "redis_server", "wait_port"]


def need(binary: str) -> str:
    """The binary's path; skips (fails under CI) when it is not installed."""
    found = shutil.which(binary) or next(
        (p for p in (f"/usr/sbin/{binary}", f"/usr/bin/{binary}") if os.access(p, os.X_OK)), None
    )
    if found is None:
        message = f"{binary} is not installed (scripts/_fleet.sh installs it from Debian)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def wait_port(port: int, proc: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + hang_guard(60)
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"{what} exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"{what} never listened on {port}")


@dataclass
class Redis:
    """A redis-server process; :meth:`restart` stops it and starts it again on the same port, empty."""

    port: int
    directory: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        argv = [need("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", str(self.directory)]  # fmt: skip
        log = (self.directory / "redis.log").open("ab")
        self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
        wait_port(self.port, self.proc, "redis-server")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)
        self.proc = None


@contextmanager
def redis_server(directory: Path) -> Iterator[Redis]:
    """A fresh, empty Redis on a free port, stopped at the end."""
    server = Redis(free_port(), directory)
    server.start()
    try:
        yield server
    finally:
        server.stop()


_SERVE = """
import asyncio, importlib, sys
async def main():
    pairs = [a.split("=") for a in sys.argv[1:]]
    servers = [importlib.import_module(f"weir.demo_servers.{n}").server for n, _ in pairs]
    await asyncio.gather(*(s.run_streamable_http_async(port=int(p)) for s, (_, p) in zip(servers, pairs)))
asyncio.run(main())
"""


@contextmanager
def demo_upstreams(*names: str) -> Iterator[dict[str, str]]:
    """The demo servers ``names`` over streamable HTTP, all in ONE process on free ports; yields each
    name's URL. Every replica of a fleet (and every client) reaches the same upstream, as in a fleet
    behind which the MCP servers run on their own — rather than a stdio process per replica and
    client connection, each an interpreter to start (about 0.6 s of CPU)."""
    ports = {name: free_port() for name in names}
    argv = [sys.executable, "-c", _SERVE, *(f"{n}={p}" for n, p in ports.items())]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for name, port in ports.items():
            wait_port(port, proc, f"the demo {name} server")
        yield {name: f"http://127.0.0.1:{port}/mcp" for name, port in ports.items()}
    finally:
        proc.kill()
        proc.wait(timeout=30)


@contextmanager
def haproxy(directory: Path, backends: Sequence[int], *, affinity: bool = False) -> Iterator[int]:
    """HAProxy on a free port, round robin over the replicas on ``backends``; yields its port.

    ``affinity``: 2025-11-25 clients stick to the replica that issued their ``Mcp-Session-Id``
    (2026-07-28 requests carry none and go anywhere). The same configuration docs/fleet.md shows.
    """
    port = free_port()
    cfg = directory / "haproxy.cfg"
    cfg.write_text(haproxy_config(port, backends, affinity=affinity), encoding="utf-8")
    proc = subprocess.Popen([need("haproxy"), "-db", "-f", str(cfg)], stdout=subprocess.DEVNULL,
                            stderr=(directory / "haproxy.log").open("ab"))  # fmt: skip
    try:
        wait_port(port, proc, "haproxy")
        yield port
    finally:
        proc.kill()
        proc.wait(timeout=30)


def haproxy_config(port: int, backends: Sequence[int], *, affinity: bool = False) -> str:
    """The HAProxy configuration of a fleet on 127.0.0.1 (streamable HTTP: long timeouts for SSE)."""
    # A busy replica answers /readyz late: five slow checks in a row, not one, take it out.
    servers = "\n".join(
        f"    server r{i + 1} 127.0.0.1:{p} check inter 1s fall 5 rise 1" for i, p in enumerate(backends)
    )
    stick = (
        "    stick-table type string len 64 size 100k expire 30m\n"
        "    stick store-response res.hdr(mcp-session-id)\n"
        "    stick match req.hdr(mcp-session-id)\n"
        if affinity
        else ""
    )
    return f"""global
    maxconn 4096
defaults
    mode http
    timeout connect 5s
    timeout client 600s
    timeout server 600s
    timeout check 10s
    option http-server-close
frontend mcp
    bind 127.0.0.1:{port}
    default_backend weir
backend weir
    balance roundrobin
    option httpchk
    http-check send meth GET uri /readyz hdr Host 127.0.0.1
    retry-on conn-failure
    option redispatch
{stick}{servers}
"""
