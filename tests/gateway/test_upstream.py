"""One upstream connection serves every client's calls: one client's failure stays that client's."""

from __future__ import annotations

import json

import anyio
import pytest

from tests.gateway.conftest import wire_upstream
from weir.gateway.wire.jsonrpc import Message

pytestmark = pytest.mark.anyio


async def test_a_notification_for_a_client_that_has_gone_does_not_stop_the_upstream() -> None:
    upstream = wire_upstream()
    relayed: list[Message] = []

    async def gone(msg: Message) -> None:
        relayed.append(msg)
        raise anyio.ClosedResourceError  # what sending to a disconnected client raises

    try:
        params = {"name": "slow", "arguments": {"seconds": 0.05}, "_meta": {"progressToken": "p-1"}}
        first = await upstream.request("tools/call", params, timeout=10, on_notify=gone)
        assert first["content"][0]["text"] == "done"
        assert [m["method"] for m in relayed] == ["notifications/progress"]
        # The reader that delivered the failed relay still delivers the next call's answer.
        second = await upstream.request("tools/call", {"name": "echo", "arguments": {"text": "still here"}}, timeout=10)
        assert second["content"][0]["text"] == "still here"
    finally:
        await upstream.close()


async def test_a_server_question_whose_relay_fails_is_answered_with_an_error() -> None:
    upstream = wire_upstream(legacy=True)

    async def gone(msg: Message) -> Message:
        raise anyio.BrokenResourceError  # the client that could answer has gone

    try:
        result = await upstream.request("tools/call", {"name": "ask", "arguments": {}}, timeout=10, on_request=gone)
        # The server got an error answer instead of waiting for ever, and finished its call.
        answer = json.loads(result["content"][0]["text"].removeprefix("wire:"))
        assert answer["code"] == -32603
        assert answer["message"].startswith("elicitation/create could not be relayed")
    finally:
        await upstream.close()
