"""`weir gateway --http` as a process with its trail in PostgreSQL: the DSN from the environment,
calls recorded there, `weir audit verify` reading it, and nothing of the DSN in the gateway's log."""

from __future__ import annotations

import json
import subprocess
import urllib.request
from pathlib import Path

import httpx2
import pytest
import yaml
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.deadlines import hang_guard
from tests.e2e.conftest import weir_command
from tests.e2e.running import CLIENT, start, stop, write_config
from tests.postgres import SECRET
from weir.audit import AuditQuery, Phase
from weir.audit.dsn import Dsn
from weir.audit.postgres import PostgresAuditStore

pytestmark = [pytest.mark.slow, pytest.mark.anyio]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def test_a_gateway_process_records_into_postgres(
    pg_dsn: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WEIR_AUDIT_DSN", pg_dsn)
    config = write_config(tmp_path, demo=("mail", "files"))  # the two it calls
    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    data["audit"]["postgresql"] = {"dsnEnv": "WEIR_AUDIT_DSN"}
    config.write_text(yaml.safe_dump(data), encoding="utf-8")
    running = start(config, "--log-level", "debug")
    try:
        http = httpx2.AsyncClient(headers={"authorization": f"Bearer {CLIENT}"}, timeout=120)
        async with Client(streamable_http_client(running.mcp, http_client=http), mode="legacy") as client:
            await client.call_tool("mail__read_email", {"id": "1"})
            blocked = await client.call_tool("files__delete_file", {"path": "notes/todo.txt"})
            assert blocked.is_error
        with urllib.request.urlopen(f"{running.base}/readyz", timeout=10) as answer:
            assert json.loads(answer.read())["dependencies"] == {"audit": "ok"}
    finally:
        stop(running)
    assert SECRET not in running.log()
    assert pg_dsn not in running.log()
    with PostgresAuditStore(Dsn(pg_dsn, "test"), create=False) as trail:
        tools = [s.event.tool for s in trail.query(AuditQuery(phase=Phase.CALL))]
        assert "read_email" in tools
        assert "delete_file" in tools
    done = subprocess.run(
        [*weir_command(), "audit", "verify", "--config", str(config)],
        capture_output=True,
        text=True,
        timeout=hang_guard(),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "chain intact" in done.stdout
    assert SECRET not in done.stdout + done.stderr
