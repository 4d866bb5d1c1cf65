"""`weir gateway --http` as a process for end-to-end tests: its config, starting it, stopping it."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tests.deadlines import hang_guard
from tests.e2e.conftest import DEMO_SERVERS, RULES, UPSTREAM_START_S, weir_command
from tests.ports import free_port

CLIENT = "e2e-client-token-00000000"
OPERATOR = "e2e-operator-token-1111111"


def write_config(
    directory: Path,
    *,
    hook: str | None = None,
    rules: list[dict[str, Any]] | None = None,
    servers: dict[str, Any] | None = None,
    demo: tuple[str, ...] = DEMO_SERVERS,
) -> Path:
    """The ``demo`` servers (all three unless named) and ``servers``, ``rules``, the approvals
    queue, one operator (carol)."""
    demo_servers = {n: {"command": [sys.executable, "-m", f"weir.demo_servers.{n}"]} for n in demo}
    gateway: dict[str, Any] = {
        "confirm_fallback": "queue",
        "queue_timeout_s": hang_guard(300),  # two `weir approvals` processes decide in time on a loaded box
        "tokens": [CLIENT],
        "upstream_start_timeout_s": UPSTREAM_START_S,
    }
    if hook is not None:
        gateway["approval_webhook"] = {"url": hook}
    if demo != DEMO_SERVERS:  # one server alone is not namespaced by default: keep the names `mail__…`
        gateway["namespace"] = True
    config = {
        "servers": {**demo_servers, **(servers or {})},
        "audit": {"path": "audit.db"},
        "policy": {"packs": [], "rules": RULES if rules is None else rules},
        "gateway": gateway,
        "console": {"operators": [{"name": "carol", "token": OPERATOR}]},
    }
    path = directory / "weir.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


@dataclass
class Running:
    """A gateway process and where it listens."""

    proc: subprocess.Popen[bytes]
    base: str
    stderr: Path

    @property
    def mcp(self) -> str:
        return f"{self.base}/mcp"

    def log(self) -> str:
        return self.stderr.read_text(encoding="utf-8", errors="replace")


def start(config: Path, *extra: str) -> Running:
    """`weir gateway --http 127.0.0.1:PORT` until ``/readyz`` answers 200."""
    port = free_port()
    stderr = config.parent / f"gateway-{port}.log"
    cmd = [*weir_command(), "gateway", "--config", str(config), "--http", f"127.0.0.1:{port}", *extra]
    with stderr.open("wb") as err:
        proc = subprocess.Popen(cmd, stderr=err, stdout=subprocess.DEVNULL)
    running = Running(proc, f"http://127.0.0.1:{port}", stderr)
    deadline = time.monotonic() + hang_guard(90)
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the gateway exited: {running.log()}")
        try:
            with urllib.request.urlopen(f"{running.base}/readyz", timeout=1) as answer:
                if answer.status == 200:
                    return running
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the gateway never became ready: {running.log()}")


def stop(running: Running) -> None:
    running.proc.terminate()
    try:
        running.proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        running.proc.kill()
        running.proc.wait()
