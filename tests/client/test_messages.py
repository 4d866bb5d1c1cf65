"""WeirClient reads resources and prompts through the same flow as the gateway: a real planted server."""

from __future__ import annotations

import json
import sys

import pytest
from mcp import StdioServerParameters

from tests.servers import planted_server as planted
from weir.client import WeirClient
from weir.config import WeirConfig
from weir.policy.decision import Verdict

pytestmark = pytest.mark.anyio


def _server(*flags: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[planted.__file__, *flags])


@pytest.mark.parametrize("flags", [(), ("--legacy",)], ids=["2026-07-28", "2025-11-25"])
@pytest.mark.parametrize("method", ["read_resource", "get_prompt"])
async def test_a_planted_resource_or_prompt_is_redacted_and_steers_no_send(flags: tuple[str, ...], method: str) -> None:
    async with WeirClient(WeirConfig()) as host:
        await host.connect("notes", _server(*flags))
        if method == "read_resource":
            check = await host.read_resource("notes", "memo://planted")
        else:
            check = await host.get_prompt("notes", "planted")
        assert check.decision.applied is Verdict.REDACT
        assert planted.SECRET not in json.dumps(check.result)
        sent = await host.call_tool("notes", "send_email", {"to": planted.ATTACKER, "body": "summary"})
    assert not sent.ran
    assert sent.pre.effect in (Verdict.CONFIRM, Verdict.BLOCK)


async def test_without_the_read_the_same_send_runs() -> None:
    async with WeirClient(WeirConfig()) as host:
        await host.connect("notes", _server())
        sent = await host.call_tool("notes", "send_email", {"to": planted.ATTACKER, "body": "summary"})
    assert sent.ran, sent.pre
