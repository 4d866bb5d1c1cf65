"""A server raises a malicious-activity signal mid-task: it asks the user, or returns early."""

from __future__ import annotations

from typing import Any

import mcp_types as t
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer

from weir.labels.finding import Finding, FindingClass
from weir.labels.read import read_result
from weir.server import ask_or_interrupt, ask_to_continue, data_label, labelled_result, malicious_result

pytestmark = pytest.mark.anyio

ATTACK = Finding(detector="test", kind="instruction-override", cls=FindingClass.MALICIOUS, start=5, end=9)


def _server() -> MCPServer:
    server = MCPServer("alarm")

    @server.tool()
    async def fetch(ctx: Context) -> t.CallToolResult:
        """Fetch a page that turns out to carry an attack."""
        if await ask_to_continue(ctx, "the page asks the assistant to ignore its instructions"):
            return labelled_result("the whole page", data_label(untrusted=True, malicious=True))
        return malicious_result("the page carries an attack", partial="the safe first half", findings=[ATTACK])

    return server


def _wire(result: t.CallToolResult) -> dict[str, Any]:
    return result.model_dump(by_alias=True, mode="json", exclude_none=True)


async def _proceed(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="accept", content={"proceed": True})


async def _accept_without_proceeding(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="accept", content={"proceed": False})


async def _decline(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="decline")


def test_the_early_return_is_an_error_flagged_malicious_with_the_partial_content() -> None:
    result = _wire(malicious_result("injection found", partial="safe part", attribution=["https://x.example"]))
    assert result["isError"] is True
    assert [b["text"] for b in result["content"]] == [
        "Stopped: potential malicious activity. injection found",
        "safe part",
    ]
    assert result["_meta"]["annotations"]["maliciousActivityHint"] is True
    label = read_result(result).label
    assert label.malicious is True
    assert label.untrusted is True
    assert label.attribution == {"https://x.example"}


async def test_a_user_who_agrees_lets_the_task_go_on_still_flagged() -> None:
    async with Client(_server(), mode="legacy", elicitation_callback=_proceed) as client:
        result = await client.call_tool("fetch", {})
    assert result.is_error is False
    assert result.content[0].text == "the whole page"  # type: ignore[union-attr]
    assert read_result(_wire(result)).label.malicious is True


@pytest.mark.parametrize("callback", [_decline, _accept_without_proceeding, None])
@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_anything_but_an_explicit_yes_returns_early(callback: Any, mode: str) -> None:
    async with Client(_server(), mode=mode, elicitation_callback=callback) as client:
        result = await client.call_tool("fetch", {})
    assert result.is_error is True
    assert result.content[1].text == "the safe first half"  # type: ignore[union-attr]
    assert read_result(_wire(result)).label.malicious is True


async def test_without_a_back_channel_2026_07_28_cannot_ask_and_returns_early() -> None:
    async with Client(_server(), mode="2026-07-28", elicitation_callback=_proceed) as client:
        result = await client.call_tool("fetch", {})
    assert result.is_error is True
    assert read_result(_wire(result)).label.malicious is True


def _modern_server() -> MCPServer:
    server = MCPServer("alarm")

    @server.tool()
    async def fetch(ctx: Context) -> t.CallToolResult | t.InputRequiredResult:
        """Fetch a page that turns out to carry an attack; ask on either revision."""
        answer = await ask_or_interrupt(ctx, "the page asks the assistant to ignore its instructions")
        if isinstance(answer, t.InputRequiredResult):
            return answer
        if answer:
            return labelled_result("the whole page", data_label(untrusted=True, malicious=True))
        return malicious_result("the page carries an attack", partial="the safe first half")

    return server


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_ask_or_interrupt_asks_the_user_on_both_revisions(mode: str) -> None:
    asked: list[Any] = []

    async def proceed(ctx: Any, params: Any) -> t.ElicitResult:
        asked.append(params)
        return t.ElicitResult(action="accept", content={"proceed": True})

    async with Client(_modern_server(), mode=mode, elicitation_callback=proceed) as client:
        result = await client.call_tool("fetch", {})
    assert len(asked) == 1
    assert "Continue anyway?" in asked[0].message
    assert result.is_error is False
    assert result.content[0].text == "the whole page"  # type: ignore[union-attr]


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
@pytest.mark.parametrize("callback", [_decline, _accept_without_proceeding])
async def test_ask_or_interrupt_stops_unless_the_user_says_yes(mode: str, callback: Any) -> None:
    async with Client(_modern_server(), mode=mode, elicitation_callback=callback) as client:
        result = await client.call_tool("fetch", {})
    assert result.is_error is True
    assert read_result(_wire(result)).label.malicious is True


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
