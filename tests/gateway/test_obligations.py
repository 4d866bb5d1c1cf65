"""Obligations the decision carries to the transport: timeouts, retries, the concurrency limit for heavy tools.

The SDK server runs over stdio where the obligation reaches through the pipe (the client's
cancellation) and in this process, on a memory channel, where the test is about what the gateway
holds back or gives up on (the concurrency limit, a timed-out call, the deployer's timeout with
the real Guard).
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from tests.deadlines import hang_guard
from tests.gateway.conftest import TableDecider, client, make_gateway, sdk_upstream, sdk_upstream_in_memory
from weir.audit import MemoryAudit
from weir.config import WeirConfig
from weir.gateway.config import GatewayConfig
from weir.gateway.proxy import Gateway
from weir.guard import Guard

pytestmark = pytest.mark.anyio


async def _most_at_once(heavy: set[str], work: dict[str, float]) -> int:
    """Three calls of ``heavy`` sent together; how many ran at once at most on the server."""
    upstream = sdk_upstream_in_memory()
    config = WeirConfig(gateway=GatewayConfig(heavy_concurrency=1))
    gateway, _ = make_gateway(TableDecider(heavy=heavy), {"sdk": upstream}, config=config)
    seen: list[int] = []
    try:
        async with client(gateway, "2026-07-28") as c:
            await c.list_tools()

            async def one() -> None:
                result = await c.call_tool("heavy", work)
                seen.append(int(result.content[0].text))  # type: ignore[union-attr]

            async with anyio.create_task_group() as tg:
                for _ in range(3):
                    tg.start_soon(one)
    finally:
        await gateway.close()
    return max(seen)


async def test_resource_intensive_calls_are_limited_per_server() -> None:
    # Each call works 0.3 s: were they not limited, the three would overlap on a quick machine.
    assert await _most_at_once({"heavy"}, {"seconds": 0.3}) == 1


async def test_other_calls_run_concurrently() -> None:
    # Each call works until a second one runs beside it (a loaded machine may deliver the three
    # calls further apart than any fixed time); run one at a time, each would wait out the guard.
    assert await _most_at_once(set(), {"seconds": hang_guard(), "until": 2}) >= 2


async def _until(marker: Path, text: str) -> None:
    """Wait (a hang guard, never a speed check) until the server wrote ``text`` in ``marker``."""
    with anyio.fail_after(hang_guard()):
        while not (marker.exists() and marker.read_text() == text):
            await anyio.sleep(0.05)


async def test_a_call_the_client_cancels_is_cancelled_upstream(tmp_path: Path) -> None:
    upstream = sdk_upstream()
    gateway, audit = make_gateway(TableDecider(), {"sdk": upstream})
    marker = tmp_path / "cancelled"
    try:
        async with client(gateway, "legacy") as c, anyio.create_task_group() as tg:
            await c.list_tools()
            call = anyio.CancelScope()

            async def wait() -> None:
                with call:
                    await c.call_tool("wait", {"marker": str(marker)})

            tg.start_soon(wait)
            await _until(marker, "started")  # the client cancels once the call runs upstream, however late
            call.cancel()
            await _until(marker, "cancelled")
    finally:
        await gateway.close()
    assert marker.read_text() == "cancelled"
    assert not any(e.phase.value == "result" for e in audit.events)


async def test_a_call_past_the_timeout_is_an_error_result_and_is_cancelled_upstream(tmp_path: Path) -> None:
    upstream = sdk_upstream_in_memory()
    config = WeirConfig(gateway=GatewayConfig(call_timeout_s=0.5))
    gateway, audit = make_gateway(TableDecider(), {"sdk": upstream}, config=config)
    marker = tmp_path / "cancelled"
    try:
        async with client(gateway, "legacy") as c:
            await c.list_tools()
            result = await c.call_tool("wait", {"marker": str(marker)})
            await _until(marker, "cancelled")
            after = await c.call_tool("heavy", {"seconds": 0})  # the upstream still answers
    finally:
        await gateway.close()
    assert result.is_error is True
    assert "timed out after 0.5s" in result.content[0].text  # type: ignore[union-attr]
    assert marker.read_text() == "cancelled"
    assert after.is_error is False
    assert [e.upstream_error for e in audit.events if e.phase.value == "error"] == ["tools/call timed out after 0.5s"]


async def test_the_configured_call_timeout_holds_with_the_real_guard(tmp_path: Path) -> None:
    """The deployer's ``gateway.call_timeout_s`` decides how long a call may take, not the policy's 30 s.

    Only the call is timed at 0.5 s. Everything before it is given hang guards, since on a loaded
    machine it may take longer than the product's defaults: listing the server's tools (10 s) and
    the Guard's first decision, which loads the detectors (a 10 s budget). Were one of those to
    expire, the call would fail for another reason than the one asserted. The server runs in this
    process (no start to wait for; the test above crosses the pipe).
    """
    upstream = sdk_upstream_in_memory()
    generous = {"list_timeout_s": hang_guard(), "decision_budget_s": hang_guard()}
    config = WeirConfig.model_validate({"gateway": {"call_timeout_s": 0.5, **generous}, "policy": {"mode": "audit"}})
    audit = MemoryAudit()
    gateway = Gateway(config.gateway, upstreams={"sdk": upstream}, decider=Guard(config), audit=audit)
    marker = tmp_path / "cancelled"
    try:
        # Hang guards only: which timeout held is read from the message below (the policy's own is 30 s).
        with anyio.fail_after(hang_guard(300)):
            async with client(gateway, "2026-07-28") as c:
                await c.list_tools()  # the server started and its tools reviewed before the timed call
                result = await c.call_tool("wait", {"marker": str(marker)})
                await _until(marker, "cancelled")
    finally:
        await gateway.close()
    assert result.is_error is True
    assert "timed out after 0.5s" in result.content[0].text  # type: ignore[union-attr]
    assert [e.upstream_error for e in audit.events if e.phase.value == "error"] == ["tools/call timed out after 0.5s"]
