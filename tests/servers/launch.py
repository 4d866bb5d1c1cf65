"""Starting the test servers: argv for stdio, and a streamable-HTTP one on a free 127.0.0.1 port."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["SERVER", "free_port", "http_server", "stdio_argv"]

SERVER = Path(__file__).resolve().parent / "catalog_server.py"
"""The catalog server script (run by path, so no package import is needed in the child)."""


def stdio_argv(catalog: Path | str, *flags: str) -> list[str]:
    """argv that serves ``catalog`` over stdio."""
    return [sys.executable, str(SERVER), str(catalog), *flags]


def free_port() -> int:
    """A port on 127.0.0.1 nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_listening(port: int, proc: subprocess.Popen[bytes], deadline: float) -> None:
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"test server exited with {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError("test server did not start listening")


@contextmanager
def http_server(catalog: Path | str, *flags: str) -> Iterator[str]:
    """Serve ``catalog`` over streamable HTTP (uvicorn on 127.0.0.1); yields the endpoint URL; stops it after."""
    port = free_port()
    proc = subprocess.Popen(
        [*stdio_argv(catalog, *flags), "--http", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        _wait_listening(port, proc, time.monotonic() + 30)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
