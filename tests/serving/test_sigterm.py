"""SIGTERM — what ``systemctl stop`` and a container's stop send — ends ``weir gateway`` as the end
of its input does: exit 0, the upstream servers closed, the audit store closed (SQLite's
write-ahead log checkpointed and removed). Before, the default action killed the process (on
HTTP, uvicorn drained its connections and then raised the signal again), so nothing was closed.

Either way every server process — the gateway's own session's and the client's — is given the
end of its input and exits on its own (none needs the kill the gateway logs), and none is left."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.deadlines import eventually_sync, hang_guard
from tests.ports import free_port

WEIR = Path(sys.executable).with_name("weir")
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}
CALL = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "mail__list_inbox", "arguments": {}}}


KILLED = "did not exit within"  # the gateway's warning when it had to kill a server


def _config(tmp_path: Path) -> Path:
    config = tmp_path / "weir.yaml"
    config.write_text(
        "servers: {mail: {command: [python, -m, weir.demo_servers.mail]}}\naudit: {path: audit.db}\n"
        # A loaded machine may take seconds to tear a Python server down: no kill for being slow.
        f"gateway: {{upstream_stop_timeout_s: {hang_guard()}}}\n",
        encoding="utf-8",
    )
    return config


def _servers(gateway: subprocess.Popen[str]) -> list[int]:
    """The gateway's child processes (its upstream servers)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "stat").read_text().rsplit(")", 1)[1].split()[1] == str(gateway.pid):
                found.append(int(entry.name))
        except OSError:  # gone meanwhile
            continue
    return found


def _running(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _stopped(gateway: subprocess.Popen[str], tmp_path: Path, *, by_eof: bool = False) -> str:
    servers = _servers(gateway)
    assert len(servers) == 2, servers  # the gateway's own session with mail, and the client's
    if by_eof:
        assert gateway.stdin is not None
        gateway.stdin.close()
        gateway.stdin = None  # communicate() must not flush it again
    else:
        gateway.send_signal(signal.SIGTERM)
    _, err = gateway.communicate(timeout=hang_guard(120))
    assert gateway.returncode == 0, err
    assert by_eof or "stopping: SIGTERM" in err
    assert KILLED not in err, err
    assert eventually_sync(lambda: not any(_running(pid) for pid in servers), step=0.05), "a server was left running"
    assert (tmp_path / "audit.db").is_file()
    assert not (tmp_path / "audit.db-wal").exists(), "the audit store was not closed"
    return err


def _stdio_gateway(tmp_path: Path) -> subprocess.Popen[str]:
    """A stdio gateway whose client has made a call (its own session with mail is open)."""
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
    return gateway


@pytest.mark.slow
def test_sigterm_closes_a_stdio_gateway_cleanly(tmp_path: Path) -> None:
    _stopped(_stdio_gateway(tmp_path), tmp_path)  # stdin still open: the signal alone ends it


@pytest.mark.slow
def test_the_end_of_input_closes_a_stdio_gateway_cleanly(tmp_path: Path) -> None:
    _stopped(_stdio_gateway(tmp_path), tmp_path, by_eof=True)


@pytest.mark.slow
def test_sigterm_closes_an_http_gateway_cleanly(tmp_path: Path) -> None:
    port = free_port()
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
    mcp = f"http://127.0.0.1:{port}/mcp"
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    for message in (INITIALIZE, CALL):  # the client's call opens its own session with mail
        request = urllib.request.Request(mcp, json.dumps(message).encode(), headers)
        with urllib.request.urlopen(request, timeout=hang_guard()) as reply:
            assert reply.status == 200
            session = reply.headers.get("mcp-session-id")
            if session:
                headers = {**headers, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18"}
    _stopped(gateway, tmp_path)
