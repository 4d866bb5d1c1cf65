"""One upstream connection serves every client's calls: one client's failure stays that client's."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest

from tests.deadlines import eventually, hang_guard
from tests.gateway.conftest import wire_upstream
from weir.errors import UpstreamError
from weir.gateway.upstream.channels import StdioChannel
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
        first = await upstream.request("tools/call", params, timeout=hang_guard(), on_notify=gone)
        assert first["content"][0]["text"] == "done"
        assert [m["method"] for m in relayed] == ["notifications/progress"]
        # The reader that delivered the failed relay still delivers the next call's answer.
        second = await upstream.request(
            "tools/call", {"name": "echo", "arguments": {"text": "still here"}}, timeout=hang_guard()
        )
        assert second["content"][0]["text"] == "still here"
    finally:
        await upstream.close()


async def test_a_server_question_whose_relay_fails_is_answered_with_an_error() -> None:
    upstream = wire_upstream(legacy=True)

    async def gone(msg: Message) -> Message:
        raise anyio.BrokenResourceError  # the client that could answer has gone

    try:
        result = await upstream.request(
            "tools/call", {"name": "ask", "arguments": {}}, timeout=hang_guard(), on_request=gone
        )
        # The server got an error answer instead of waiting for ever, and finished its call.
        answer = json.loads(result["content"][0]["text"].removeprefix("wire:"))
        assert answer["code"] == -32603
        assert answer["message"].startswith("elicitation/create could not be relayed")
    finally:
        await upstream.close()


async def test_a_write_to_a_server_that_died_at_start_says_why_it_died(tmp_path: Path) -> None:
    """The reason must not depend on whether the write or the reader finds the server gone first:
    here the write always does (the server has closed its stdin before the gateway writes)."""
    closed = tmp_path / "closed"
    dies = (
        "import os, sys, time; os.close(0); "
        f"open({str(closed)!r}, 'w').close(); "
        "print('ImportError: no module fancy', file=sys.stderr); time.sleep(0.5); sys.exit(3)"
    )
    channel = StdioChannel("broken", [sys.executable, "-c", dies], {}, limit=1 << 20)
    ended: list[str] = []

    async def deliver(message: Message) -> None:
        pass

    await channel.start(deliver, ended.append)
    try:
        assert await eventually(closed.exists)
        with pytest.raises(UpstreamError) as refused:
            await channel.send({"jsonrpc": "2.0", "id": 1, "method": "ping"})
    finally:
        await channel.close()
    assert refused.value.message == "server 'broken' closed its output (exit code 3): ImportError: no module fancy"
