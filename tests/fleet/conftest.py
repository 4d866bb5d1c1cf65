"""A fleet on real parts: a real Redis and a real PostgreSQL, three `weir gateway --http` processes
sharing them, a real HAProxy.

Every process is started here on 127.0.0.1 (free ports, temporary directories) and stopped at the
end. The replicas share their agent sessions in Redis and write ONE audit chain in PostgreSQL
(``audit.postgresql``); each keeps only its tool pins in a local SQLite file. The demo mail and web
servers run once, over streamable HTTP, as every replica's upstreams (:func:`upstreams`): stdio
servers would be two interpreters started per replica and client connection, most of what the
module's processes cost in CPU.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.deadlines import hang_guard
from tests.e2e.conftest import weir_command
from tests.e2e.running import Running, stop
from tests.fleetparts import Redis, demo_upstreams, haproxy, redis_server
from tests.ports import free_port
from tests.postgres import PostgresServer
from weir.audit import AuditConfig, AuditStore
from weir.audit.dsn import Dsn
from weir.audit.opening import open_trail

TOKEN = "fleet-client-token-0000000000"
OTHER = "fleet-other-client-token-99999"
OPERATOR = "fleet-operator-token-11111111"
URL_ENV = "WEIR_FLEET_TEST_REDIS_URL"
DSN_ENV = "WEIR_FLEET_TEST_AUDIT_DSN"
# Every mail is confirmed: a client that cannot be asked waits in the approvals queue.
ASK = {"name": "ask-before-mail", "effect": "confirm", "when": "tool.name == 'send_email'", "reason": "mail leaves"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def fleet_config(directory: Path, name: str, *, servers: dict[str, Any] | None = None, shared: bool = True) -> Path:
    """One replica's weir.yaml: ``servers`` (default: the demo servers over stdio), the baseline pack,
    sessions in Redis (``shared``; else in the replica's memory, as a single gateway), audit in PostgreSQL."""
    demo = {n: {"command": [sys.executable, "-m", f"weir.demo_servers.{n}"]} for n in ("mail", "web")}
    config: dict[str, Any] = {
        "servers": demo if servers is None else servers,
        "audit": {"path": f"pins-{name}.db", "postgresql": {"dsnEnv": DSN_ENV}},
        "policy": {"packs": ["baseline"], "rules": [ASK]},
        "gateway": {"tokens": [TOKEN, OTHER], "confirm_fallback": "queue", "queue_timeout_s": 120},
        "console": {"operators": [{"name": "carol", "token": OPERATOR}]},
    }
    if shared:
        config["state"] = {"redis": {"url_env": URL_ENV, "timeout_s": 1, "wait_s": 5, "lease_ms": 5000}}
    path = directory / f"weir-{name}.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


def start_replica(config: Path, redis_url: str, dsn: str, *, env: dict[str, str] | None = None) -> Running:
    """`weir gateway --http 127.0.0.1:PORT` with the Redis URL and the audit DSN in its environment,
    once ``/readyz`` is 200; ``env``: more variables (a skewed clock)."""
    return wait_ready(launch_replica(config, redis_url, dsn, env=env))


def launch_replica(config: Path, redis_url: str, dsn: str, *, env: dict[str, str] | None = None) -> Running:
    """Start a replica (not waiting for it)."""
    port = free_port()
    log = config.parent / f"{config.stem}-{port}.log"
    cmd = [*weir_command(), "gateway", "--config", str(config), "--http", f"127.0.0.1:{port}"]
    env = {**os.environ, URL_ENV: redis_url, DSN_ENV: dsn, **(env or {})}
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
    dsn: str
    """The shared audit trail's database."""
    replicas: list[Running]
    configs: list[Path]
    balancer: int

    @property
    def lb(self) -> str:
        return f"http://127.0.0.1:{self.balancer}/mcp"


@contextmanager
def upstreams() -> Iterator[dict[str, Any]]:
    """The demo mail and web servers over streamable HTTP (one process): ``servers`` for :func:`fleet_config`."""
    with demo_upstreams("mail", "web") as urls:
        yield {name: {"url": url} for name, url in urls.items()}


def fleet_clients() -> None:
    """Skip (fail under CI) without the fleet extra's clients."""
    for module in ("redis", "psycopg"):
        if os.environ.get("CI"):
            __import__(module)
        pytest.importorskip(module, reason="the fleet extra's clients (pip install 'weir[fleet]')")


@pytest.fixture(scope="module")
def fleet(tmp_path_factory: pytest.TempPathFactory, postgres_server: PostgresServer) -> Iterator[Fleet]:
    """Redis, a fresh database on the run's PostgreSQL, three replicas and HAProxy (round robin,
    affinity by Mcp-Session-Id for 2025-11-25)."""
    fleet_clients()
    directory = tmp_path_factory.mktemp("fleet")
    dsn = postgres_server.new_database()
    with redis_server(directory) as redis, upstreams() as servers:
        configs = [fleet_config(directory, f"r{i + 1}", servers=servers) for i in range(3)]
        replicas: list[Running] = []
        try:
            for config in configs:  # one at a time: a loaded machine times out a dozen interpreters starting at once
                replicas.append(start_replica(config, redis.url, dsn))
            ports = [int(r.base.rsplit(":", 1)[1]) for r in replicas]
            with haproxy(directory, ports, affinity=True) as port:
                yield Fleet(directory, redis, dsn, replicas, configs, port)
        finally:
            for running in replicas:
                stop(running)


def trail(dsn: str) -> AuditStore:
    """The fleet's shared audit trail, opened to read (never to migrate)."""
    return open_trail(AuditConfig(), create=False, dsn=Dsn(dsn, f"${DSN_ENV}"))


def verify_cli(dsn: str) -> subprocess.CompletedProcess[str]:
    """``weir audit verify --db postgresql://…`` over the shared trail, as an operator runs it."""
    return subprocess.run(
        [*weir_command(), "audit", "verify", "--db", dsn],
        capture_output=True, text=True, timeout=hang_guard(120), check=False,
    )  # fmt: skip
