"""``confirm_fallback: queue`` through the gateway: a client that cannot be asked waits for an operator.

The gateway, its pipeline and the wire server (a stdio subprocess) are real; the client is the SDK
in memory, or raw JSON-RPC where the client must declare what the SDK does not (URL-mode
elicitation only). The operator decides through the queue the console and ``weir approvals`` use.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client

from tests.deadlines import eventually, hang_guard
from tests.gateway.conftest import TableDecider, make_gateway, wire_upstream
from weir.approvals import ApprovalQueue
from weir.audit import MemoryAudit
from weir.audit.event import Phase
from weir.config import WeirConfig
from weir.gateway.clients.exchange import ClientState
from weir.gateway.downstream.memory import MemoryTransport
from weir.gateway.proxy import Gateway

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

LINK = "http://127.0.0.1:9/console/approvals/"


@pytest.fixture
async def queued() -> AsyncIterator[tuple[Gateway, ApprovalQueue, MemoryAudit]]:
    """A gateway whose `send_mail` asks, with the queue as the fallback for clients that cannot be asked."""
    # How long a held call waits for its operator: a hang guard (the test decides as soon as the call
    # is queued; a loaded machine may take longer than a fixed 30 s to get there and back).
    wait = hang_guard(300)
    config = WeirConfig.model_validate({"gateway": {"confirm_fallback": "queue", "queue_timeout_s": wait}})
    audit = MemoryAudit()
    queue = ApprovalQueue(wait, audit=audit, link=lambda i: LINK + i)
    gateway, _ = make_gateway(
        TableDecider(effects={"send_mail": "confirm"}), {"wire": wire_upstream()}, config=config, approvals=queue
    )
    gateway.pipeline.audit = audit
    try:
        yield gateway, queue, audit
    finally:
        await gateway.close()


async def _waiting(queue: ApprovalQueue) -> str:
    if await eventually(queue.pending, step=0.01):
        return queue.pending()[0].id
    raise AssertionError("nothing reached the queue")


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_client_without_elicitation_waits_and_an_approval_runs_the_call(
    queued: tuple[Gateway, ApprovalQueue, MemoryAudit], mode: str
) -> None:
    gateway, queue, audit = queued
    async with Client(MemoryTransport(gateway), mode=mode) as client:
        call = asyncio.create_task(client.call_tool("send_mail", {"to": "a@example.com"}))
        approval = await _waiting(queue)
        assert not call.done()
        queue.decide(approval, approve=True, operator="alice", reason="expected mail")
        result = await call
    assert result.is_error is False
    assert result.content[0].text == "sent to a@example.com"  # type: ignore[union-attr]
    notes = [e for e in audit.events if (e.details or {}).get("confirmation")]
    assert [r.name for r in notes[0].decision.rules] == ["weir/approved-by-operator"]  # type: ignore[union-attr]
    assert notes[0].decision.reasons == ("operator alice approved: expected mail",)  # type: ignore[union-attr]
    assert [e.phase for e in audit.events if e.phase is Phase.OPERATOR] == [Phase.OPERATOR]


async def test_a_denied_call_is_blocked_and_the_client_reads_who_denied_it_and_why(
    queued: tuple[Gateway, ApprovalQueue, MemoryAudit],
) -> None:
    gateway, queue, _ = queued
    async with Client(MemoryTransport(gateway), mode="legacy") as client:
        call = asyncio.create_task(client.call_tool("send_mail", {"to": "a@example.com"}))
        approval = await _waiting(queue)
        queue.decide(approval, approve=False, operator="bob", reason="unknown recipient")
        result = await call
    assert result.is_error is True
    text = result.content[0].text  # type: ignore[union-attr]
    assert "operator bob denied: unknown recipient" in text
    assert LINK + approval in text


async def _initialize(gateway: Gateway, client: ClientState, capabilities: dict[str, Any]) -> None:
    params = {
        "protocolVersion": "2025-11-25",
        "capabilities": capabilities,
        "clientInfo": {"name": "raw", "version": "0"},
    }
    await gateway.handle({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params}, client, _ignore)


async def _ignore(_msg: dict[str, Any]) -> None:
    return None


async def test_a_client_with_url_elicitation_is_sent_to_the_console_page_and_told_when_it_is_decided(
    queued: tuple[Gateway, ApprovalQueue, MemoryAudit],
) -> None:
    gateway, queue, _ = queued
    client = ClientState(conn_id="raw-url")
    sent: list[dict[str, Any]] = []

    async def send(msg: dict[str, Any]) -> None:
        sent.append(msg)
        if msg.get("method") == "elicitation/create":  # the user opens the page: accept
            reply = {"jsonrpc": "2.0", "id": msg["id"], "result": {"action": "accept"}}
            asyncio.get_running_loop().call_soon(asyncio.ensure_future, gateway.handle(reply, client, _ignore))

    await _initialize(gateway, client, {"elicitation": {"url": {}}})
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "send_mail", "arguments": {"to": "x@y.z"}},
    }
    call = asyncio.create_task(gateway.handle(request, client, send))
    approval = await _waiting(queue)
    queue.decide(approval, approve=True, operator="alice", reason="")
    response = await call
    assert response is not None
    assert response["result"]["content"][0]["text"] == "sent to x@y.z"
    methods = [m.get("method") for m in sent]
    assert methods == ["elicitation/create", "notifications/elicitation/complete"]
    asked = sent[0]["params"]
    assert (asked["mode"], asked["url"], asked["elicitationId"]) == ("url", LINK + approval, approval)
    assert sent[1]["params"] == {"elicitationId": approval}


async def test_a_request_with_a_progress_token_hears_where_it_waits(
    queued: tuple[Gateway, ApprovalQueue, MemoryAudit],
) -> None:
    gateway, queue, _ = queued
    client = ClientState(conn_id="raw-progress")
    sent: list[dict[str, Any]] = []

    async def send(msg: dict[str, Any]) -> None:
        sent.append(msg)

    await _initialize(gateway, client, {})
    params = {"name": "send_mail", "arguments": {"to": "x@y.z"}, "_meta": {"progressToken": "p-1"}}
    call = asyncio.create_task(
        gateway.handle({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}, client, send)
    )
    approval = await _waiting(queue)
    queue.decide(approval, approve=False, operator="alice", reason="no")
    await call
    progress = [m for m in sent if m.get("method") == "notifications/progress"]
    assert progress[0]["params"]["progressToken"] == "p-1"
    assert (
        progress[0]["params"]["message"]
        == f"Weir: the call «send_mail» waits for an operator's approval at {LINK}{approval}"
    )


async def test_without_a_queue_the_queue_fallback_blocks_and_says_why() -> None:
    config = WeirConfig.model_validate({"gateway": {"confirm_fallback": "queue"}})
    gateway, _ = make_gateway(TableDecider(effects={"send_mail": "confirm"}), {"wire": wire_upstream()}, config=config)
    try:
        async with Client(MemoryTransport(gateway), mode="legacy") as client:
            result = await client.call_tool("send_mail", {"to": "a@example.com"})
    finally:
        await gateway.close()
    assert result.is_error is True
    assert "the approvals queue is not running here" in result.content[0].text  # type: ignore[union-attr]
