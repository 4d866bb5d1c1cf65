"""The decision's obligations are carried out by the gateway, end to end with the real Guard.

A slow tool (slowExecutionHint, declared with ``weir.server``) waits the deployer's
``slow_timeout_s``, any other tool ``call_timeout_s``: both tools block until cancelled, so the
timeout that ends each is the one the gateway applied (its message names the seconds), and the
upstream sees the cancellation. A transport failure is retried only for a tool whose
idempotency is believed. No assertion on elapsed time; the deadlines are hang guards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from tests.gateway.conftest import wire_upstream
from weir.audit import MemoryAudit
from weir.config import WeirConfig
from weir.gateway.downstream.memory import MemoryChannel, MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard
from weir.server import ServerLabels, ToolLabels

pytestmark = pytest.mark.anyio
CANCELLED: list[str] = []
HANG_GUARD_S = 120  # generous: only a hang fails it


def blocking_server() -> MCPServer:
    labels = ServerLabels("work")
    server = MCPServer("work", extensions=[labels.extension()])

    async def block(name: str) -> str:
        try:
            await anyio.sleep_forever()
        finally:
            CANCELLED.append(name)
        return "unreachable"

    @server.tool(**labels.tool("crunch", ToolLabels(read_only=True, open_world=False, slow_execution=True)))
    async def crunch() -> str:
        return await block("crunch")

    @server.tool(**labels.tool("lookup", ToolLabels(read_only=True, open_world=False)))
    async def lookup() -> str:
        return await block("lookup")

    return server


async def _call(
    config: WeirConfig, upstreams: dict[str, Upstream], mode: str, *calls: tuple[str, dict[str, Any]]
) -> Any:
    audit = MemoryAudit()
    gateway = Gateway(config.gateway, decider=Guard(config), audit=audit, upstreams=upstreams)
    results = []
    try:
        async with Client(MemoryTransport(gateway), mode=mode) as client:
            with anyio.fail_after(HANG_GUARD_S):
                await client.list_tools()
                for name, args in calls:
                    results.append(await client.call_tool(name, args))
    finally:
        await gateway.close()
    return results, audit


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_slow_tool_waits_the_deployers_slow_timeout_and_others_the_call_timeout(mode: str) -> None:
    CANCELLED.clear()
    config = WeirConfig.model_validate(
        {"servers": {"work": {"trust": "trusted"}}, "gateway": {"call_timeout_s": 0.25, "slow_timeout_s": 0.5}}
    )
    upstreams = {"work": Upstream("work", lambda: MemoryChannel(blocking_server()))}
    (slow, quick), audit = await _call(config, upstreams, mode, ("crunch", {}), ("lookup", {}))
    assert slow.is_error is True
    assert "timed out after 0.5s" in slow.content[0].text
    assert quick.is_error is True
    assert "timed out after 0.25s" in quick.content[0].text
    errors = [e.upstream_error for e in audit.events if e.phase.value == "error"]
    assert errors == ["tools/call timed out after 0.5s", "tools/call timed out after 0.25s"]
    with anyio.fail_after(HANG_GUARD_S):
        while len(CANCELLED) < 2:  # the upstream was told to stop each call
            await anyio.sleep(0.01)
    assert sorted(CANCELLED) == ["crunch", "lookup"]


async def test_a_non_idempotent_tool_is_not_retried_and_a_believed_idempotent_one_is(tmp_path: Path) -> None:
    # The wire server's ``flaky`` crashes its process once, then works. It claims nothing (so it
    # is not idempotent); in the second gateway the deployer's override says it is.
    plain = WeirConfig.model_validate({"servers": {"wire": {"trust": "trusted"}}, "policy": {"mode": "audit"}})
    idempotent = WeirConfig.model_validate(
        {
            "servers": {"wire": {"trust": "trusted"}},
            "policy": {"mode": "audit"},
            "overrides": [{"match": "wire/flaky", "annotations": {"idempotentHint": True}}],
        }
    )
    (once,), audit = await _call(
        plain, {"wire": wire_upstream()}, "2026-07-28", ("flaky", {"marker": str(tmp_path / "a")})
    )
    (retried,), _ = await _call(
        idempotent, {"wire": wire_upstream()}, "2026-07-28", ("flaky", {"marker": str(tmp_path / "b")})
    )
    assert once.is_error is True
    assert "exit code 4" in once.content[0].text
    assert [e.phase.value for e in audit.events if e.tool == "flaky"] == ["call", "error"]
    assert retried.is_error is False
    assert retried.content[0].text == "worked the second time"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
