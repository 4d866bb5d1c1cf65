"""WeirClient reads resources and prompts through the same flow as the gateway: a real planted server."""

from __future__ import annotations

import json
import sys
from typing import Any

import mcp_types as t
import pytest
from mcp import StdioServerParameters

from tests.servers import planted_server as planted
from weir.client import ConfirmRequest, WeirClient
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


class _Model:
    def __init__(self) -> None:
        self.asked: list[Any] = []

    async def __call__(self, ctx: Any, params: Any) -> t.CreateMessageResult:
        self.asked.append(params)
        return t.CreateMessageResult(role="assistant", content=t.TextContent(type="text", text="ok"), model="m")


@pytest.mark.parametrize(("confirm", "relayed"), [(None, False), (True, True), (False, False)])
async def test_an_untrusted_servers_sampling_reaches_the_hosts_model_only_once_confirmed(
    confirm: bool | None, relayed: bool
) -> None:
    model = _Model()
    asked: list[ConfirmRequest] = []

    def yes_or_no(request: ConfirmRequest) -> bool:
        asked.append(request)
        return bool(confirm)

    async with WeirClient(WeirConfig(), confirm=None if confirm is None else yes_or_no) as host:
        await host.connect("notes", _server("--legacy", "--plant", "none"), sampling_callback=model)
        sampled = await host.call_tool("notes", "sample", {})
    assert bool(model.asked) is relayed
    assert sampled.ran
    if confirm is not None:
        assert asked[0].tool == "sampling/createMessage"
        assert "baseline:confirm-sampling-with-context" in asked[0].decision.rule_names
    if not relayed:
        assert "-32003" in sampled.text or "did not approve" in sampled.text or "no callback" in sampled.text


async def test_a_planted_log_line_reaches_the_host_redacted() -> None:
    lines: list[Any] = []

    async def log(params: Any) -> None:
        lines.append(params)

    async with WeirClient(WeirConfig()) as host:
        await host.connect("notes", _server("--legacy", "--plant", "notification"), logging_callback=log)
        await host.call_tool("notes", "log", {})
    assert lines
    assert all(planted.SECRET not in json.dumps(p.model_dump(mode="json")) for p in lines)
