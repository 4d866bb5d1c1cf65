"""Starting servers for tests and benchmarks: argv for stdio, and streamable-HTTP ones on a free 127.0.0.1 port."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from tests.deadlines import hang_guard
from tests.ports import free_port

__all__ = ["SERVER", "http_server", "serving", "stdio_argv", "stop", "wait_for_port"]

SERVER = Path(__file__).resolve().parent / "catalog_server.py"
"""The catalog server script (run by path, so no package import is needed in the child)."""


def stdio_argv(catalog: Path | str, *flags: str) -> list[str]:
    """argv that serves ``catalog`` over stdio."""
    return [sys.executable, str(SERVER), str(catalog), *flags]


def wait_for_port(port: int, proc: subprocess.Popen[Any], timeout: float = 60.0) -> None:
    """Return once something accepts connections on 127.0.0.1:``port``; fail if ``proc`` died first or time ran out."""
    deadline = time.monotonic() + hang_guard(timeout)
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args!r} exited with {proc.returncode} before listening")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listened on 127.0.0.1:{port} within {timeout:.0f} s ({proc.args!r})")


@contextmanager
def serving(cmd: list[str], port: int, *, timeout: float = 60.0, **popen: Any) -> Iterator[str]:
    """Run ``cmd`` until the block ends; yield the MCP URL of what it serves on ``port``.

    ``popen`` goes to ``subprocess.Popen`` (output, working directory, environment). The process
    is terminated after the block, and killed if it has not exited 10 s later.
    """
    proc = subprocess.Popen(cmd, **popen)
    try:
        wait_for_port(port, proc, timeout)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        stop(proc)


def stop(proc: subprocess.Popen[Any]) -> None:
    """Terminate ``proc``; kill it if it has not exited 10 s later."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def http_server(catalog: Path | str, *flags: str) -> AbstractContextManager[str]:
    """Serve ``catalog`` over streamable HTTP (uvicorn on 127.0.0.1); yields the endpoint URL; stops it after."""
    port = free_port()
    argv = [*stdio_argv(catalog, *flags), "--http", str(port)]
    return serving(argv, port, timeout=30, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
