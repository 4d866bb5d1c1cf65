"""SIGTERM — what ``systemctl stop`` and a container's stop send — ends ``weir gateway`` as the end
of its input does: exit 0, the upstream servers closed, the audit store closed (SQLite's
write-ahead log checkpointed and removed). Before, the default action killed the process (on
HTTP, uvicorn drained its connections and then raised the signal again), so nothing was closed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.deadlines import eventually_sync, hang_guard

WEIR = Path(sys.executable).with_name("weir")
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}
CALL = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "mail__list_inbox", "arguments": {}}}


def _config(tmp_path: Path) -> Path:
    config = tmp_path / "weir.yaml"
    config.write_text(
        "servers: {mail: {command: [python, -m, weir.demo_servers.mail]}}\naudit: {path: audit.db}\n", encoding="utf-8"
    )
    return config


def _stopped(gateway: subprocess.Popen[str], tmp_path: Path) -> str:
    gateway.send_signal(signal.SIGTERM)
    _, err = gateway.communicate(timeout=hang_guard(120))
    assert gateway.returncode == 0, err
    assert "stopping: SIGTERM" in err
    assert (tmp_path / "audit.db").is_file()
    assert not (tmp_path / "audit.db-wal").exists(), "the audit store was not closed"
    return err


@pytest.mark.slow
def test_sigterm_closes_a_stdio_gateway_cleanly(tmp_path: Path) -> None:
    gateway = subprocess.Popen(
        [str(WEIR), "gateway", "--config", str(_config(tmp_path))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert gateway.stdin is not None
    assert gateway.stdout is not None
    for message in (INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"}, CALL):
        gateway.stdin.write(json.dumps(message) + "\n")
        gateway.stdin.flush()
        if "id" in message:
            assert json.loads(gateway.stdout.readline())["id"] == message["id"]
    _stopped(gateway, tmp_path)  # stdin still open: the signal alone ends it


@pytest.mark.slow
def test_sigterm_closes_an_http_gateway_cleanly(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    gateway = subprocess.Popen(
        [str(WEIR), "gateway", "--config", str(_config(tmp_path)), "--http", f"127.0.0.1:{port}", "--no-watch"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )

    def healthy() -> bool:
        assert gateway.poll() is None, gateway.stderr.read() if gateway.stderr else ""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as reply:
                return bool(reply.status == 200)
        except OSError:
            return False

    assert eventually_sync(healthy, step=0.2, seconds=120)
    _stopped(gateway, tmp_path)
