"""A fleet on real parts: a real Redis, three `weir gateway --http` processes sharing it, a real HAProxy.

Every process is started here on 127.0.0.1 (free ports, a temporary directory) and stopped at the
end. Each replica keeps its own SQLite audit trail (the shared PostgreSQL trail is fleetaudit's).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.deadlines import hang_guard
from tests.e2e.conftest import weir_command
from tests.e2e.running import Running, stop
from tests.fleetparts import Redis, free_port, haproxy, redis_server

TOKEN = "fleet-client-token-0000000000"
OTHER = "fleet-other-client-token-99999"
OPERATOR = "fleet-operator-token-11111111"
URL_ENV = "WEIR_FLEET_TEST_REDIS_URL"
# Every mail is confirmed: a client that cannot be asked waits in the approvals queue.
ASK = {"name": "ask-before-mail", "effect": "confirm", "when": "tool.name == 'send_email'", "reason": "mail leaves"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def fleet_config(directory: Path, name: str, *, extra_servers: dict[str, Any] | None = None) -> Path:
    """One replica's weir.yaml: the demo servers, the baseline pack, sessions in Redis."""
    servers = {n: {"command": [sys.executable, "-m", f"weir.demo_servers.{n}"]} for n in ("mail", "web")}
    config = {
        "servers": {**servers, **(extra_servers or {})},
        "audit": {"path": f"audit-{name}.db"},
        "policy": {"packs": ["baseline"], "rules": [ASK]},
        "gateway": {"tokens": [TOKEN, OTHER], "confirm_fallback": "queue", "queue_timeout_s": 120},
        "console": {"operators": [{"name": "carol", "token": OPERATOR}]},
        "state": {"redis": {"url_env": URL_ENV, "timeout_s": 1, "wait_s": 5, "lease_ms": 5000}},
    }
    path = directory / f"weir-{name}.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


def start_replica(config: Path, redis_url: str, port: int | None = None) -> Running:
    """`weir gateway --http 127.0.0.1:PORT` with the Redis URL in its environment, once ``/readyz`` is 200."""
    return wait_ready(launch_replica(config, redis_url, port))


def launch_replica(config: Path, redis_url: str, port: int | None = None) -> Running:
    """Start a replica (not waiting for it)."""
    port = port or free_port()
    log = config.parent / f"{config.stem}-{port}.log"
    cmd = [*weir_command(), "gateway", "--config", str(config), "--http", f"127.0.0.1:{port}"]
    env = {**os.environ, URL_ENV: redis_url}
    with log.open("ab") as err:
        proc = subprocess.Popen(cmd, stderr=err, stdout=subprocess.DEVNULL, env=env, cwd=config.parent)
    return Running(proc, f"http://127.0.0.1:{port}", log)


def wait_ready(running: Running) -> Running:
    """``running`` once its ``/readyz`` answers 200."""
    proc = running.proc
    deadline = time.monotonic() + hang_guard(120)
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the replica exited: {running.log()}")
        try:
            with urllib.request.urlopen(f"{running.base}/readyz", timeout=2) as answer:
                if answer.status == 200:
                    return running
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise AssertionError(f"the replica never became ready: {running.log()}")


@dataclass
class Fleet:
    directory: Path
    redis: Redis
    replicas: list[Running]
    configs: list[Path]
    balancer: int

    @property
    def lb(self) -> str:
        return f"http://127.0.0.1:{self.balancer}/mcp"


@pytest.fixture(scope="module")
def fleet(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fleet]:
    """Redis, three replicas and HAProxy (round robin, affinity by Mcp-Session-Id for 2025-11-25)."""
    pytest.importorskip("redis", reason="the fleet extra's client (pip install 'weir[fleet]')")
    directory = tmp_path_factory.mktemp("fleet")
    with redis_server(directory) as redis:
        configs = [fleet_config(directory, f"r{i + 1}") for i in range(3)]
        replicas: list[Running] = []
        try:
            for config in configs:  # one at a time: a loaded machine times out a dozen interpreters starting at once
                replicas.append(start_replica(config, redis.url))
            ports = [int(r.base.rsplit(":", 1)[1]) for r in replicas]
            with haproxy(directory, ports, affinity=True) as port:
                yield Fleet(directory, redis, replicas, configs, port)
        finally:
            for running in replicas:
                stop(running)
