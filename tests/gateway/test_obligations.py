"""Obligations the decision carries to the transport: timeouts, retries, the concurrency limit for heavy tools."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import anyio
import pytest

from tests.gateway.conftest import HERE, TableDecider, client, make_gateway
from weir.audit import MemoryAudit
from weir.config import WeirConfig
from weir.gateway.config import GatewayConfig
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.channels import StdioChannel
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard

pytestmark = pytest.mark.anyio


async def _most_at_once(heavy: set[str]) -> int:
    cmd = [sys.executable, str(HERE / "sdk_server.py")]
    upstream = Upstream("sdk", partial(StdioChannel, "sdk", cmd, {}, limit=1 << 20))
    config = WeirConfig(gateway=GatewayConfig(heavy_concurrency=1))
    gateway, _ = make_gateway(TableDecider(heavy=heavy), {"sdk": upstream}, config=config)
    seen: list[int] = []
    try:
        async with client(gateway, "2026-07-28") as c:
            await c.list_tools()

            async def one() -> None:
                result = await c.call_tool("heavy", {"seconds": 0.3})
                seen.append(int(result.content[0].text))  # type: ignore[union-attr]

            async with anyio.create_task_group() as tg:
                for _ in range(3):
                    tg.start_soon(one)
    finally:
        await gateway.close()
    return max(seen)


async def test_resource_intensive_calls_are_limited_per_server() -> None:
    assert await _most_at_once({"heavy"}) == 1


async def test_other_calls_run_concurrently() -> None:
    assert await _most_at_once(set()) >= 2


async def test_a_call_the_client_cancels_is_cancelled_upstream(tmp_path: Path) -> None:
    cmd = [sys.executable, str(HERE / "sdk_server.py")]
    upstream = Upstream("sdk", partial(StdioChannel, "sdk", cmd, {}, limit=1 << 20))
    gateway, audit = make_gateway(TableDecider(), {"sdk": upstream})
    marker = tmp_path / "cancelled"
    try:
        async with client(gateway, "legacy") as c:
            await c.list_tools()
            with anyio.move_on_after(1.0):
                await c.call_tool("wait", {"marker": str(marker)})
            with anyio.move_on_after(10):
                while not marker.exists():
                    await anyio.sleep(0.05)
    finally:
        await gateway.close()
    assert marker.read_text() == "cancelled"
    assert not any(e.phase.value == "result" for e in audit.events)


async def test_a_call_past_the_timeout_is_an_error_result_and_is_cancelled_upstream(tmp_path: Path) -> None:
    cmd = [sys.executable, str(HERE / "sdk_server.py")]
    upstream = Upstream("sdk", partial(StdioChannel, "sdk", cmd, {}, limit=1 << 20))
    config = WeirConfig(gateway=GatewayConfig(call_timeout_s=0.5))
    gateway, audit = make_gateway(TableDecider(), {"sdk": upstream}, config=config)
    marker = tmp_path / "cancelled"
    try:
        async with client(gateway, "legacy") as c:
            await c.list_tools()
            result = await c.call_tool("wait", {"marker": str(marker)})
            with anyio.move_on_after(10):
                while not marker.exists():
                    await anyio.sleep(0.05)
            after = await c.call_tool("heavy", {"seconds": 0})  # the upstream still answers
    finally:
        await gateway.close()
    assert result.is_error is True
    assert "timed out after 0.5s" in result.content[0].text  # type: ignore[union-attr]
    assert marker.read_text() == "cancelled"
    assert after.is_error is False
    assert [e.upstream_error for e in audit.events if e.phase.value == "error"] == ["tools/call timed out after 0.5s"]


async def test_the_configured_call_timeout_holds_with_the_real_guard(tmp_path: Path) -> None:
    """The deployer's ``gateway.call_timeout_s`` decides how long a call may take, not the policy's 30 s."""
    cmd = [sys.executable, str(HERE / "sdk_server.py")]
    upstream = Upstream("sdk", partial(StdioChannel, "sdk", cmd, {}, limit=1 << 20))
    config = WeirConfig.model_validate({"gateway": {"call_timeout_s": 0.5}, "policy": {"mode": "audit"}})
    audit = MemoryAudit()
    gateway = Gateway(config.gateway, upstreams={"sdk": upstream}, decider=Guard(config), audit=audit)
    try:
        async with client(gateway, "2026-07-28") as c:
            with anyio.fail_after(10):  # the policy's own timeout is 30 s: waiting that long is the bug
                result = await c.call_tool("wait", {"marker": str(tmp_path / "cancelled")})
    finally:
        await gateway.close()
    assert result.is_error is True
    assert "timed out after 0.5s" in result.content[0].text  # type: ignore[union-attr]
