"""The proxy end to end in memory: the SDK client ↔ gateway ↔ a real stdio upstream, both revisions."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.gateway.conftest import SECRET, TableDecider, approve, client, decline, make_gateway, wire_upstream
from weir.gateway.clients.exchange import ClientState
from weir.gateway.routing.naming import PROFILE_KEY
from weir.gateway.wire.jsonrpc import Message
from weir.guard.shaping import DECISION_KEY

pytestmark = pytest.mark.anyio


def _results(tap: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m["result"] for m in tap if isinstance(m.get("result"), dict)]


async def test_unknown_annotation_keys_and_meta_survive_tools_list(wired: Any, mode: str) -> None:
    gateway, _ = wired
    tap: list[dict[str, Any]] = []
    async with client(gateway, mode, tap=tap) as c:
        listed = await c.list_tools()
    raw = next(r for r in _results(tap) if "tools" in r)["tools"]
    echo = next(x for x in raw if x["name"] == "echo")
    assert echo["annotations"] == {"readOnlyHint": True, "x-vendor/customHint": 42, "sensitiveDataHint": False}
    assert echo["_meta"]["vendor.example/flag"] == {"a": [1, 2]}
    assert echo["_meta"]["mcp.dev/idempotent"] is True
    assert echo["_meta"][PROFILE_KEY] == {"server": "wire", "readOnly": True}
    assert {"echo", "send_mail", "leak", "shaped", "crash", "slow", "fail", "ask", "transfer", "flaky", "later"} == {
        x.name for x in listed.tools
    }


async def test_result_meta_structured_content_and_block_meta_pass_through(wired: Any, mode: str) -> None:
    gateway, _ = wired
    tap: list[dict[str, Any]] = []
    async with client(gateway, mode, tap=tap) as c:
        result = await c.call_tool("echo", {"text": "hello"}, meta={"vendor.example/req": {"k": 1}})
    assert result.is_error is False
    raw = next(r for r in _results(tap) if "content" in r)
    assert raw["_meta"]["vendor.example/result"] == {"deep": True}
    assert raw["content"][0]["_meta"] == {"vendor.example/block": "b"}
    seen = raw["structuredContent"]["seenMeta"]
    assert seen["vendor.example/req"] == {"k": 1}
    # The session's annotations are propagated to the upstream in request `_meta.annotations`.
    assert seen["annotations"] == {"sensitiveHint": "low"}


async def test_allowed_call_is_audited_before_and_after(wired: Any, mode: str) -> None:
    gateway, audit = wired
    async with client(gateway, mode) as c:
        await c.call_tool("echo", {"text": "x"})
    phases = [(e.phase.value, e.tool, e.decision.applied if e.decision else None) for e in audit.events]
    assert ("call", "echo", "allow") in phases
    assert ("result", "echo", "allow") in phases
    result_event = next(e for e in audit.events if e.phase.value == "result")
    assert result_event.latency_ms is not None
    assert result_event.latency_ms >= 0


async def test_block_returns_an_error_result_saying_why_with_the_rule_in_meta(
    wired: Any, decider: TableDecider, mode: str
) -> None:
    gateway, audit = wired
    decider.effects["send_mail"] = "block"
    async with client(gateway, mode) as c:
        result = await c.call_tool("send_mail", {"to": "a@b.c", "body": "hi"})
    assert result.is_error is True
    text = result.content[0].text  # type: ignore[union-attr]
    assert "send_mail is block by the table" in text  # the one line a user reads
    assert result.meta is not None
    assert result.meta[DECISION_KEY]["effect"] == "block"
    assert result.meta[DECISION_KEY]["rules"] == ["table/send_mail"]  # the full explanation
    assert not any(e.phase.value == "result" for e in audit.events)


async def test_warn_adds_the_warning_to_meta_and_content(wired: Any, decider: TableDecider, mode: str) -> None:
    gateway, _ = wired
    decider.effects["echo"] = "warn"
    async with client(gateway, mode) as c:
        result = await c.call_tool("echo", {"text": "x"})
    assert result.is_error is False
    assert result.meta is not None
    assert result.meta[DECISION_KEY]["effect"] == "warn"
    assert result.content[0].text == "x"  # type: ignore[union-attr]
    assert result.content[1].text == "[Weir warning] echo is warn by the table"  # type: ignore[union-attr]


async def test_redact_replaces_the_secret_before_the_model_sees_it(wired: Any, mode: str) -> None:
    gateway, audit = wired
    async with client(gateway, mode) as c:
        result = await c.call_tool("leak", {})
    text = result.content[0].text  # type: ignore[union-attr]
    assert SECRET not in text
    assert "[REDACTED:credentials]" in text
    assert result.meta is not None
    assert result.meta[DECISION_KEY]["effect"] == "redact"
    event = next(e for e in audit.events if e.phase.value == "result")
    assert event.decision is not None
    assert event.decision.effect == "redact"


async def test_confirm_accepted_runs_the_call(wired: Any, decider: TableDecider, mode: str) -> None:
    gateway, audit = wired
    decider.effects["send_mail"] = "confirm"
    asked: list[str] = []

    async def answer(ctx: Any, params: Any) -> Any:
        asked.append(params.message)
        return await approve(ctx, params)

    async with client(gateway, mode, elicitation_callback=answer) as c:
        result = await c.call_tool("send_mail", {"to": "boss@example.com", "body": "hi"})
    assert result.is_error is False
    assert result.content[0].text == "sent to boss@example.com"  # type: ignore[union-attr]
    assert len(asked) == 1
    assert "send_mail" in asked[0]
    assert "boss@example.com" in asked[0]
    assert "send_mail is confirm by the table" in asked[0]
    assert any(e.decision and "weir/confirmed" in [r.name for r in e.decision.rules] for e in audit.events)


async def test_confirm_declined_blocks_the_call(wired: Any, decider: TableDecider, mode: str) -> None:
    gateway, audit = wired
    decider.effects["send_mail"] = "confirm"
    async with client(gateway, mode, elicitation_callback=decline) as c:
        result = await c.call_tool("send_mail", {"to": "x@example.com", "body": "hi"})
    assert result.is_error is True
    assert "did not approve" in result.content[0].text  # type: ignore[union-attr]
    assert not any(e.phase.value == "result" for e in audit.events)


async def test_confirm_without_elicitation_support_falls_back_to_block(
    wired: Any, decider: TableDecider, mode: str
) -> None:
    gateway, _ = wired
    decider.effects["send_mail"] = "confirm"
    async with client(gateway, mode) as c:
        result = await c.call_tool("send_mail", {"to": "x@example.com", "body": "hi"})
    assert result.is_error is True
    assert "cannot be asked" in result.content[0].text  # type: ignore[union-attr]


async def test_a_failing_decision_blocks_the_call(wired: Any, decider: TableDecider, mode: str) -> None:
    gateway, _ = wired
    decider.explode = True
    async with client(gateway, mode) as c:
        result = await c.call_tool("echo", {"text": "x"})
    assert result.is_error is True
    assert "policy engine on fire" in result.content[0].text  # type: ignore[union-attr]


async def test_upstream_crash_mid_call_is_an_error_result_and_the_gateway_recovers(wired: Any, mode: str) -> None:
    gateway, audit = wired
    async with client(gateway, mode) as c:
        crashed = await c.call_tool("crash", {})
        after = await c.call_tool("echo", {"text": "still here"})
    assert crashed.is_error is True
    assert "exit code 3" in crashed.content[0].text  # type: ignore[union-attr]
    assert after.content[0].text == "still here"  # type: ignore[union-attr]
    error = next(e for e in audit.events if e.phase.value == "error")
    assert error.upstream_error is not None
    assert "exit code 3" in error.upstream_error


async def test_upstream_json_rpc_error_reaches_the_client_with_its_code(wired: Any, mode: str) -> None:
    gateway, _ = wired
    from mcp.shared.exceptions import MCPError

    async with client(gateway, mode) as c:
        with pytest.raises(MCPError) as info:
            await c.call_tool("fail", {})
    assert info.value.error.code == -32001
    assert info.value.error.message == "tool exploded"


async def test_progress_reaches_the_client_under_its_own_token(wired: Any, mode: str) -> None:
    gateway, _ = wired
    seen: list[float] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append(value)

    async with client(gateway, mode) as c:
        result = await c.call_tool("slow", {"seconds": 0.05}, progress_callback=progress)
    assert result.content[0].text == "done"  # type: ignore[union-attr]
    assert seen == [1]


async def test_a_server_that_echoes_the_progress_token_shows_the_clients_own(wired: Any, mode: str) -> None:
    gateway, _ = wired
    async with client(gateway, mode) as c:
        result = await c.call_tool("echo", {"text": "x"}, meta={"progressToken": "client-token-7"})
    assert result.structured_content is not None
    assert result.structured_content["seenMeta"]["progressToken"] == "client-token-7"


async def test_a_named_agent_session_is_used_across_connections(wired: Any, decider: TableDecider, mode: str) -> None:
    gateway, _ = wired
    for _ in range(2):
        async with client(gateway, mode) as c:
            await c.call_tool("echo", {"text": "x"}, meta={"dev.weir/session": "agent-7"})
    async with client(gateway, mode) as c:
        await c.call_tool("echo", {"text": "x"})
    assert decider.sessions[:2] == ["agent-7", "agent-7"]
    assert decider.sessions[2] != "agent-7"


async def test_prompts_and_resources_pass_through_with_their_meta(wired: Any, mode: str) -> None:
    gateway, _ = wired
    tap: list[dict[str, Any]] = []
    async with client(gateway, mode, tap=tap) as c:
        prompts = await c.list_prompts()
        got = await c.get_prompt("greet", {})
        resources = await c.list_resources()
        read = await c.read_resource("mem://note")
    assert [p.name for p in prompts.prompts] == ["greet"]
    assert got.messages[0].content.text == "hi greet"  # type: ignore[union-attr]
    assert [str(r.uri) for r in resources.resources] == ["mem://note"]
    assert read.contents[0].text == "note body"  # type: ignore[union-attr]
    raw = _results(tap)
    assert any(r.get("prompts", [{}])[0].get("_meta") == {"vendor.example/p": 1} for r in raw if "prompts" in r)
    assert any(r["contents"][0].get("_meta") == {"vendor.example/c": 3} for r in raw if "contents" in r)


async def test_two_servers_are_namespaced_and_routed(decider: TableDecider, mode: str) -> None:
    gateway, audit = make_gateway(decider, {"a": wire_upstream("a"), "b": wire_upstream("b", legacy=True)})
    try:
        async with client(gateway, mode) as c:
            names = {x.name for x in (await c.list_tools()).tools}
            result = await c.call_tool("b__echo", {"text": "via b"})
    finally:
        await gateway.close()
    assert "a__echo" in names
    assert "b__send_mail" in names
    assert result.content[0].text == "via b"  # type: ignore[union-attr]
    assert gateway.upstreams["b"].era is not None
    assert gateway.upstreams["b"].era.value == "legacy"
    assert gateway.upstreams["a"].era.value == "modern"  # type: ignore[union-attr]
    assert [e.server for e in audit.events if e.phase.value == "call"] == ["b"]


async def test_an_unknown_tool_is_a_json_rpc_error(wired: Any, mode: str) -> None:
    gateway, _ = wired
    from mcp.shared.exceptions import MCPError

    async with client(gateway, mode) as c:
        with pytest.raises(MCPError) as info:
            await c.call_tool("nope", {})
    assert info.value.error.code == -32602
    assert "Unknown tool: nope" in info.value.error.message


async def test_a_resolvable_tool_is_resolved_before_deciding(wired: Any, decider: TableDecider, mode: str) -> None:
    gateway, _ = wired
    async with client(gateway, mode) as c:
        await c.call_tool("transfer", {"iban": "XX00 1234"})
        await c.call_tool("echo", {"text": "x"})
    assert decider.resolved[0] is not None
    assert decider.resolved[0]["annotations"] == {"destructiveHint": True, "openWorldHint": True}
    assert decider.resolved[1] is None


async def test_a_transport_failure_is_retried_only_for_idempotent_tools(
    wired: Any, decider: TableDecider, mode: str, tmp_path: Any
) -> None:
    gateway, _ = wired
    async with client(gateway, mode) as c:
        once = await c.call_tool("flaky", {"marker": str(tmp_path / "not-retried")})
        decider.retry.add("flaky")
        retried = await c.call_tool("flaky", {"marker": str(tmp_path / "retried")})
    assert once.is_error is True
    assert "exit code 4" in once.content[0].text  # type: ignore[union-attr]
    assert retried.is_error is False
    assert retried.content[0].text == "worked the second time"  # type: ignore[union-attr]


async def _nowhere(msg: Message) -> None:
    """A transport's send for these tests: nothing is expected mid-request."""


async def _slow_call_in_flight(gateway: Any, conn: ClientState) -> asyncio.Task[Message | None]:
    """Start a long call on ``conn`` as a transport would (its own task) and wait until it is in flight."""
    msg = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "slow", "arguments": {"seconds": 5}}}
    task = asyncio.create_task(gateway.handle(msg, conn, _nowhere))
    while not gateway.busy(conn):
        await asyncio.sleep(0.01)
    return task


async def test_a_request_the_client_cancels_gets_no_response_and_the_connection_goes_on(wired: Any) -> None:
    gateway, _ = wired
    conn = ClientState(conn_id="conn-cancel")
    slow = await _slow_call_in_flight(gateway, conn)
    ping = await gateway.handle({"jsonrpc": "2.0", "id": 2, "method": "ping"}, conn, _nowhere)
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}
    assert await gateway.handle(cancel, conn, _nowhere) is None
    assert await slow is None
    assert not slow.cancelled()  # the transport's task carries on: only the request was withdrawn
    assert ping is not None
    assert ping["result"] == {}
    assert not gateway.busy(conn)


async def test_closing_a_connection_withdraws_its_requests_without_a_response(wired: Any) -> None:
    gateway, _ = wired
    conn = ClientState(conn_id="conn-close")
    slow = await _slow_call_in_flight(gateway, conn)
    gateway.forget_client(conn)
    assert await slow is None
    assert not gateway.busy(conn)


async def test_a_transport_stopping_its_own_task_cancels_the_request_too(wired: Any) -> None:
    gateway, _ = wired
    conn = ClientState(conn_id="conn-stop")
    slow = await _slow_call_in_flight(gateway, conn)
    slow.cancel()
    with pytest.raises(asyncio.CancelledError):
        await slow
    assert not gateway.busy(conn)
