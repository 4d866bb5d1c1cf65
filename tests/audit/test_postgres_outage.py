"""PostgreSQL stopped mid-run: appends fail closed, nothing released is lost, the chain resumes.

Each test starts a server of its own (the run's shared one must not be stopped under other tests)
and stops it with ``pg_ctl -m immediate`` — no shutdown checkpoint, as when the machine dies.
The choice documented in docs/audit.md: no local spool; while the database is gone every append
raises ``AuditError``, so the gateway refuses the call and releases no response without its row.
"""

from __future__ import annotations

import threading
import time

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from tests.audit.conftest import event
from tests.deadlines import hang_guard
from tests.postgres import SECRET, PostgresServer
from weir.audit import AuditQuery, Phase, StoredEvent
from weir.audit.dsn import Dsn
from weir.audit.postgres import PostgresAuditStore
from weir.config import WeirConfig
from weir.errors import AuditError
from weir.gateway.proxy import Gateway
from weir.guard import Guard
from weir.testing import MemoryTransport, RecordingUpstream


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _wait(condition: object, what: str) -> None:
    deadline = time.monotonic() + hang_guard(120)
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"hang guard: {what}")
        time.sleep(0.01)


def test_a_writer_fails_closed_while_the_server_is_gone_and_loses_no_returned_row(own_postgres: PostgresServer) -> None:
    store = PostgresAuditStore(Dsn(own_postgres.new_database(), "the DSN in $WEIR_AUDIT_DSN"), anchor_every=0)
    returned: list[StoredEvent] = []
    refused: list[AuditError] = []
    stop = threading.Event()

    def write() -> None:
        i = 0
        while not stop.is_set():
            try:
                returned.append(store.append(event(i)))
            except AuditError as exc:
                refused.append(exc)
                time.sleep(0.01)
            i += 1

    writer = threading.Thread(target=write)
    writer.start()
    try:
        _wait(lambda: len(returned) >= 20, "20 appends before the outage")
        own_postgres.stop("immediate")
        before = len(returned)
        _wait(lambda: len(refused) >= 3, "appends refused while the server is down")
        assert len(returned) <= before + 1  # at most the append that was committing when it stopped
        own_postgres.start()
        _wait(lambda: len(returned) >= before + 20, "appends again after the restart")
    finally:
        stop.set()
        writer.join()
    message = str(refused[0])
    assert "$WEIR_AUDIT_DSN" in message
    assert SECRET not in message
    chain = {row.id: row.hash for row in store.chain()}
    assert all(chain.get(r.id) == r.hash for r in returned)  # every row an append returned is there
    report = store.verify()
    assert report.ok, report.problem
    assert [r.id for r in returned] == sorted(r.id for r in returned)
    store.close()


def _echo_server() -> MCPServer:
    server = MCPServer("echo")

    @server.tool()
    def echo(text: str) -> str:
        """Return the text."""
        return text

    return server


@pytest.mark.anyio
async def test_the_gateway_refuses_calls_while_the_audit_database_is_gone(own_postgres: PostgresServer) -> None:
    store = PostgresAuditStore(Dsn(own_postgres.new_database(), "the DSN in $WEIR_AUDIT_DSN"), redact=False)
    upstream = RecordingUpstream("echo", _echo_server())
    config = WeirConfig()
    gateway = Gateway(config.gateway, decider=Guard(config), audit=store, upstreams={"echo": upstream.upstream})
    released: list[str] = []
    async with Client(MemoryTransport(gateway)) as client:
        for text in ("one", "two"):
            result = await client.call_tool("echo", {"text": text})
            assert not result.is_error
            released.append(text)
        own_postgres.stop("immediate")
        with pytest.raises(MCPError) as refused:  # a JSON-RPC error naming the trail, for this call only
            await client.call_tool("echo", {"text": "during"})
        assert "AuditError" in refused.value.message
        assert "$WEIR_AUDIT_DSN" in refused.value.message
        assert SECRET not in refused.value.message
        assert [args["text"] for _, args in upstream.calls] == ["one", "two"]  # it never reached the server
        own_postgres.start()
        result = await client.call_tool("echo", {"text": "after"})
        assert not result.is_error
        released.append("after")
    calls = {s.event.call_id: s.event for s in store.query(AuditQuery(phase=Phase.CALL))}
    results = [s.event for s in store.query(AuditQuery(phase=Phase.RESULT))]
    # every released response has its call and its result on record, in the order they were released
    assert [calls[e.call_id].arguments.value["text"] for e in results] == released  # type: ignore[union-attr,index]
    assert store.verify().ok
    store.close()
