"""An upstream's own questions reach the user through the gateway, whatever each side speaks.

The SDK server runs over stdio in the first test for a legacy client; where a test is about how
the gateway relays and decides the questions, not about the pipe (the legacy wire server's tests
cross a pipe too), the same server runs in this process, on a memory channel.
"""

from __future__ import annotations

from typing import Any

import mcp_types as t
import pytest

from tests.gateway.conftest import (
    TableDecider,
    client,
    make_gateway,
    sdk_upstream,
    sdk_upstream_in_memory,
    wire_upstream,
)
from weir.gateway.confirmation.confirm import CONFIRM_KEY, STATE_PREFIX

pytestmark = pytest.mark.anyio


async def colour(ctx: Any, params: Any) -> t.ElicitResult:
    # The user sees which server asks, and that it is not Weir's own question.
    assert params.message.endswith("\nWhich colour?")
    assert params.message.startswith("[Server 'sdk' asks") or params.message.startswith("[Server 'wire' asks")
    assert "this is not a question from Weir" in params.message
    return t.ElicitResult(action="accept", content={"colour": "teal"})


async def test_the_upstream_question_reaches_the_client_and_the_answer_the_upstream(mode: str) -> None:
    # Over the pipe for a legacy client (asked with elicitation/create), in memory for a modern one.
    upstream = sdk_upstream() if mode == "legacy" else sdk_upstream_in_memory()
    gateway, audit = make_gateway(TableDecider(), {"sdk": upstream})
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
    gateway, _ = make_gateway(TableDecider(), {"wire": wire_upstream(legacy=True)})
    try:
        async with client(gateway, "legacy", elicitation_callback=colour) as c:
            result = await c.call_tool("ask", {})
    finally:
        await gateway.close()
    assert result.content[0].text == 'wire:{"action": "accept", "content": {"colour": "teal"}}'  # type: ignore[union-attr]


async def test_a_legacy_upstream_question_cannot_reach_a_modern_client_and_says_so() -> None:
    gateway, _ = make_gateway(TableDecider(), {"wire": wire_upstream(legacy=True)})
    try:
        async with client(gateway, "2026-07-28", elicitation_callback=colour) as c:
            result = await c.call_tool("ask", {})
    finally:
        await gateway.close()
    # 2026-07-28 has no back-channel for a server's mid-call request: the server is told so.
    assert "cannot be reached mid-call" in result.content[0].text  # type: ignore[union-attr]


async def answer_both(ctx: Any, params: Any) -> t.ElicitResult:
    """The user approves the gateway's confirmation and answers the server's question."""
    if params.message.startswith("Weir: allow the tool call «ask»?"):
        return t.ElicitResult(action="accept", content={"approve": True})
    return await colour(ctx, params)


def _rules(audit: Any, tool: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.phase.value, tuple(r.name for r in e.decision.rules)) for e in audit.events if e.tool == tool]


async def test_a_confirmed_call_whose_upstream_asks_runs_after_both_answers(mode: str) -> None:
    gateway, audit = make_gateway(TableDecider(effects={"ask": "confirm"}), {"sdk": sdk_upstream_in_memory()})
    try:
        async with client(gateway, mode, elicitation_callback=answer_both, input_required_max_rounds=4) as c:
            result = await c.call_tool("ask", {})
    finally:
        await gateway.close()
    assert result.content[0].text == "modern:accept:teal"  # type: ignore[union-attr]
    # Confirmed once; on 2026-07-28 the retry answering the server goes on under that approval.
    resumed = [("call", ("weir/confirmed-resume",))] if mode == "2026-07-28" else []
    assert _rules(audit, "ask") == [
        ("call", ("table/ask",)),
        ("call", ("weir/confirmed",)),
        *resumed,
        ("result", ()),
    ]


async def test_a_confirmed_call_to_a_legacy_upstream_relays_its_question_mid_call() -> None:
    gateway, audit = make_gateway(TableDecider(effects={"ask": "confirm"}), {"wire": wire_upstream(legacy=True)})
    try:
        async with client(gateway, "legacy", elicitation_callback=answer_both) as c:
            result = await c.call_tool("ask", {})
    finally:
        await gateway.close()
    assert result.content[0].text == 'wire:{"action": "accept", "content": {"colour": "teal"}}'  # type: ignore[union-attr]
    assert _rules(audit, "ask") == [("call", ("table/ask",)), ("call", ("weir/confirmed",)), ("result", ())]


async def test_the_kept_approval_answers_only_the_server_of_that_very_call() -> None:
    gateway, audit = make_gateway(TableDecider(effects={"ask": "confirm"}), {"sdk": sdk_upstream_in_memory()})
    approve = {CONFIRM_KEY: t.ElicitResult(action="accept", content={"approve": True})}
    teal = {"colour": t.ElicitResult(action="accept", content={"colour": "teal"})}
    try:
        async with client(gateway, "2026-07-28", elicitation_callback=answer_both) as c:
            asked = await c.session.call_tool("ask", {}, allow_input_required=True)
            assert isinstance(asked, t.InputRequiredResult)
            server_asks = await c.session.call_tool(
                "ask", {}, input_responses=approve, request_state=asked.request_state, allow_input_required=True
            )
            assert isinstance(server_asks, t.InputRequiredResult)
            assert list(server_asks.input_requests or {}) == ["colour"]
            # The server's own state ("asked") is kept by the gateway, behind a state of its own.
            assert (server_asks.request_state or "").startswith(STATE_PREFIX)
            other = await c.session.call_tool(
                "ask", {"x": 1}, input_responses=teal, request_state=server_asks.request_state
            )
            replayed = await c.session.call_tool(
                "ask", {}, input_responses=teal, request_state=server_asks.request_state
            )
    finally:
        await gateway.close()
    assert other.is_error is True
    assert "the confirmation was given for a different call" in other.content[0].text  # type: ignore[union-attr]
    assert replayed.is_error is True
    assert "the confirmation expired or is unknown" in replayed.content[0].text  # type: ignore[union-attr]
    assert not any(e.phase.value == "result" for e in audit.events if e.tool == "ask")
