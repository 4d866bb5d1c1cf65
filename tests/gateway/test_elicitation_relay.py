"""An upstream's own questions reach the user through the gateway, whatever each side speaks."""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

import mcp_types as t
import pytest

from tests.gateway.conftest import HERE, TableEnforcer, client, make_gateway, wire_upstream
from weir.gateway.channels import StdioChannel
from weir.gateway.upstream import Upstream

pytestmark = pytest.mark.anyio


async def colour(ctx: Any, params: Any) -> t.ElicitResult:
    assert params.message == "Which colour?"
    return t.ElicitResult(action="accept", content={"colour": "teal"})


def _sdk_upstream() -> Upstream:
    cmd = [sys.executable, str(HERE / "sdk_server.py")]
    return Upstream("sdk", partial(StdioChannel, "sdk", cmd, {}, limit=1 << 20))


async def test_the_upstream_question_reaches_the_client_and_the_answer_the_upstream(mode: str) -> None:
    gateway, audit = make_gateway(TableEnforcer(), {"sdk": _sdk_upstream()})
    try:
        async with client(gateway, mode, elicitation_callback=colour) as c:
            result = await c.call_tool("ask", {})
    finally:
        await gateway.close()
    # The SDK upstream is modern (it answers server/discover), so it always asks with input_required;
    # a legacy client is asked with elicitation/create by the gateway on its behalf.
    assert result.content[0].text == "modern:accept:teal"  # type: ignore[union-attr]
    # Each leg of a modern multi-round-trip call is a tools/call request, decided and audited.
    calls = 1 if mode == "legacy" else 2
    assert [e.phase.value for e in audit.events if e.tool == "ask"] == ["call"] * calls + ["result"]


async def test_a_legacy_upstream_question_is_relayed_to_a_legacy_client() -> None:
    gateway, _ = make_gateway(TableEnforcer(), {"wire": wire_upstream(legacy=True)})
    try:
        async with client(gateway, "legacy", elicitation_callback=colour) as c:
            result = await c.call_tool("ask", {})
    finally:
        await gateway.close()
    assert result.content[0].text == 'wire:{"action": "accept", "content": {"colour": "teal"}}'  # type: ignore[union-attr]


async def test_a_legacy_upstream_question_cannot_reach_a_modern_client_and_says_so() -> None:
    gateway, _ = make_gateway(TableEnforcer(), {"wire": wire_upstream(legacy=True)})
    try:
        async with client(gateway, "2026-07-28", elicitation_callback=colour) as c:
            result = await c.call_tool("ask", {})
    finally:
        await gateway.close()
    # 2026-07-28 has no back-channel for a server's mid-call request: the server is told so.
    assert "cannot be reached mid-call" in result.content[0].text  # type: ignore[union-attr]
