"""One large message costs its own session time, not everyone's (issue 20, hole 4).

The gateway decides calls and labels results off its event loop, a session at a time, under a
budget: while one session's megabyte result is being scanned, another session's call goes
through; a result that cannot be decided within the budget is withheld, with the reason.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from weir.audit import MemoryAudit
from weir.config import WeirConfig
from weir.gateway.downstream.memory import MemoryChannel, MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard
from weir.serving.stores import default_chain

pytestmark = pytest.mark.anyio

LINE = "deploy key AKIA{} rotated.\n"  # a credential every 40 characters
LINES = 25_000  # about a megabyte


def _key(i: int) -> str:
    return base64.b32encode(hashlib.sha1(str(i).encode()).digest()).decode()[:16]


def bulk_server(started: asyncio.Event) -> MCPServer:
    server = MCPServer("bulk")

    @server.tool()
    async def export() -> str:
        """A long export with an access key on every line."""
        started.set()
        return "".join(LINE.format(_key(i)) for i in range(LINES))

    @server.tool()
    async def status() -> str:
        """A short answer."""
        return "all good"

    return server


def gateway_for(server: MCPServer, **settings: Any) -> tuple[Gateway, MemoryAudit]:
    config = WeirConfig.model_validate({"servers": {"bulk": {"trust": "trusted"}}, "gateway": settings})
    audit = MemoryAudit()
    upstream = Upstream("bulk", lambda: MemoryChannel(server))
    guard = Guard(config, chain=default_chain(config))
    return Gateway(config.gateway, upstreams={"bulk": upstream}, decider=guard, audit=audit), audit


async def test_another_session_is_answered_while_a_huge_result_is_being_decided() -> None:
    started = asyncio.Event()
    gateway, audit = gateway_for(bulk_server(started), decision_budget_s=600)  # this test is not about the budget
    try:
        async with Client(MemoryTransport(gateway)) as first, Client(MemoryTransport(gateway)) as second:
            await first.list_tools()
            big = asyncio.create_task(first.call_tool("export", {}))
            await started.wait()
            small = await second.call_tool("status", {})
            assert not big.done()  # the other session did not wait for the scan of the big one
            released = await big
    finally:
        await gateway.close()
    assert small.content[0].text == "all good"  # type: ignore[union-attr]
    text = released.content[0].text  # type: ignore[union-attr]
    assert "AKIA" not in text  # every one of the keys was found and redacted
    assert text.count("[REDACTED:credentials]") == LINES
    results = [e for e in audit.events if e.phase.value == "result"]
    assert [e.tool for e in results] == ["status", "export"]


async def test_a_result_not_decided_within_the_budget_is_withheld_with_the_reason() -> None:
    gateway, audit = gateway_for(bulk_server(asyncio.Event()), decision_budget_s=0.05)
    try:
        async with Client(MemoryTransport(gateway)) as client:
            result = await client.call_tool("export", {})
    finally:
        await gateway.close()
    assert result.is_error is True
    text = result.content[0].text  # type: ignore[union-attr]
    assert "longer than the budget of 0.05s" in text
    assert "AKIA" not in text
    [event] = [e for e in audit.events if e.phase.value == "result"]
    assert event.decision is not None
    assert event.decision.applied == "block"
    assert "budget" in (event.decision.error or "")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class _RemoteAudit(MemoryAudit):
    remote = True
    """As the PostgreSQL store says: every append is a round trip and a commit."""


def test_over_an_audit_trail_on_the_network_no_stage_runs_on_the_loop() -> None:
    """Through the metering wrapper too: the gateway's worker is built with ``inline=False``."""
    from weir.observe.instruments import GatewayMetrics, MeteredAudit

    config = WeirConfig()
    upstreams = {"web": Upstream("web", lambda: MemoryChannel(MCPServer("web")))}

    def worker_of(sink: MemoryAudit) -> Any:
        guard = Guard(config, chain=default_chain(config))
        gateway = Gateway(
            config.gateway, upstreams=upstreams, decider=guard, audit=MeteredAudit(sink, GatewayMetrics())
        )
        return gateway.pipeline.worker

    assert worker_of(_RemoteAudit()).inline is False
    assert worker_of(MemoryAudit()).inline is True
