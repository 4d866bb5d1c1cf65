"""A deployment whose audit trail is in PostgreSQL: calls are recorded there, /readyz reports it."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from tests.postgres import SECRET, PostgresServer
from weir.audit import AuditQuery, Phase
from weir.audit.config import PostgresConfig
from weir.audit.postgres import PostgresAuditStore
from weir.config import WeirConfig
from weir.gateway.downstream.http import create_app
from weir.gateway.upstream.session import Upstream
from weir.serving.deployment import build_deployment
from weir.testing import MemoryChannel, MemoryTransport

pytestmark = pytest.mark.anyio
ORIGIN = "http://127.0.0.1:8765"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _echo() -> MCPServer:
    server = MCPServer("echo")

    @server.tool()
    def echo(text: str) -> str:
        """Return the text."""
        return text

    return server


async def test_readyz_reports_the_audit_database_and_calls_land_in_it(
    own_postgres: PostgresServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WEIR_TEST_AUDIT_DSN", own_postgres.new_database())
    config = WeirConfig.model_validate(
        {
            "servers": {"echo": {"trust": "trusted"}},
            "audit": {"path": str(tmp_path / "pins.db"), "postgresql": {"dsnEnv": "WEIR_TEST_AUDIT_DSN"}},
        }
    )
    server = _echo()
    deployment = build_deployment(config, upstreams={"echo": Upstream("echo", lambda: MemoryChannel(server))})
    assert isinstance(deployment.trail, PostgresAuditStore)
    deployment.health.started = True
    app = create_app(deployment.gateway, bind_host="127.0.0.1", mounts=deployment.mounts())
    try:
        async with (
            httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url=ORIGIN) as http,
            Client(MemoryTransport(deployment.gateway)) as mcp,
        ):
            assert not (await mcp.call_tool("echo", {"text": "hi"})).is_error
            ready = await http.get("/readyz")
            assert ready.status_code == 200, ready.text
            assert ready.json()["dependencies"] == {"audit": "ok"}
            own_postgres.stop("immediate")
            down = await http.get("/readyz")
            assert down.status_code == 503
            why = down.json()["dependencies"]["audit"]
            assert "$WEIR_TEST_AUDIT_DSN" in why
            assert SECRET not in down.text
            own_postgres.start()
            again = await http.get("/readyz")
            assert again.status_code == 200, again.text
    finally:
        await deployment.gateway.close()
    trail = deployment.trail
    assert [e.event.tool for e in trail.query(AuditQuery(phase=Phase.RESULT))] == ["echo"]
    assert trail.verify().ok
    trail.close()


async def test_two_replicas_share_one_chain_and_each_console_shows_the_fleets_trail(
    pg_dsn: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.console.conftest import ALICE, console_config, memory_upstreams

    monkeypatch.setenv("WEIR_TEST_AUDIT_DSN", pg_dsn)
    replicas = []
    for name in ("one", "two"):
        base = console_config(tmp_path)
        audit = base.audit.model_copy(
            update={
                "path": str(tmp_path / f"pins-{name}.db"),
                "postgresql": PostgresConfig(dsn_env="WEIR_TEST_AUDIT_DSN"),
            }
        )
        deployment = build_deployment(base.model_copy(update={"audit": audit}), upstreams=memory_upstreams())
        deployment.health.started = True
        replicas.append(deployment)
    one, two = replicas
    origin = "http://127.0.0.1:8080"
    app = create_app(two.gateway, bind_host="127.0.0.1", mounts=two.mounts())
    try:
        async with Client(MemoryTransport(one.gateway), mode="legacy") as mcp:
            await mcp.call_tool("mail__read_email", {"id": "1"})
            await mcp.call_tool("files__delete_file", {"path": "notes/todo.txt"})
        async with httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url=origin) as http:
            signed = await http.post("/console/login", data={"token": ALICE}, headers={"origin": origin})
            assert signed.status_code in (200, 303), signed.text
            page = (await http.get("/console/audit", params={"effect": "block"})).text
    finally:
        for deployment in replicas:
            await deployment.gateway.close()
    assert "Chain verified:" in page
    assert "files/delete_file" in page  # decided on replica one, shown by replica two's console
    assert "mail/read_email" not in page
    assert two.trail is not None
    report = two.trail.verify()
    assert report.ok
    for deployment in replicas:
        assert deployment.trail is not None
        deployment.trail.close()
