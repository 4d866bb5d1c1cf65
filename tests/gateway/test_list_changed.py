"""An upstream's `notifications/tools/list_changed` is acted on (re-list, re-review, re-publish) and forwarded."""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

import anyio
import pytest

from tests.gateway.conftest import WIRE_SERVER, TableDecider, client, make_gateway
from weir.audit import Phase
from weir.gateway.upstream.channels import StdioChannel
from weir.gateway.upstream.session import Upstream

pytestmark = pytest.mark.anyio

CHANGED = "notifications/tools/list_changed"


def _growing() -> Upstream:
    cmd = [sys.executable, str(WIRE_SERVER), "--grow"]
    return Upstream("wire", partial(StdioChannel, "wire", cmd, {}, limit=1 << 20))


async def test_a_tool_added_upstream_is_published_and_the_client_is_told(mode: str) -> None:
    gateway, audit = make_gateway(TableDecider(), {"wire": _growing()})
    seen: list[dict[str, Any]] = []
    try:
        async with client(gateway, mode, tap=seen) as c:
            before = {t.name for t in (await c.list_tools()).tools}
            await c.call_tool("grow", {})
            with anyio.fail_after(20):
                while not any(m.get("method") == CHANGED for m in seen):
                    await anyio.sleep(0.02)
            # No tools/list from the client since: the gateway re-listed on its own.
            result = await c.call_tool("grown", {})
    finally:
        await gateway.close()
    assert "grown" not in before
    assert result.content[0].text == "hello from the new tool"  # type: ignore[union-attr]
    listings = [e for e in audit.events if e.phase is Phase.TOOLS]
    assert len(listings) == 2
    assert "grown" in (listings[-1].details or {})["tools"]


async def test_the_gateway_declares_that_its_tool_list_can_change() -> None:
    gateway, _ = make_gateway(TableDecider(), {"wire": _growing()})
    try:
        async with client(gateway, "legacy") as c:
            caps = c.server_capabilities  # type: ignore[attr-defined]
    finally:
        await gateway.close()
    assert caps.tools is not None
    assert caps.tools.list_changed is True
