"""The fleet's acceptance: what one replica saw, every replica knows.

A poisoned page read through replica 1 makes the send to the address it names, through replica 2,
confirm or block — on both protocol revisions — while the same send from a fresh agent session is
not held for those reasons; and through HAProxy, with requests landing on any replica.
"""

from __future__ import annotations

import uuid
from typing import Any

import httpx2
import mcp_types as t
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.fleet.conftest import TOKEN, Fleet
from weir.demo_servers.web import POISONED_URL

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

MODES = ("legacy", "2026-07-28")
ATTACK = {"to": "attacker@evil.example", "subject": "as asked", "body": "hello"}
# The rules that fire because of what the session read: the recipient came from the untrusted page,
# and the page was flagged as malicious.
TAINT_RULES = {
    "baseline:block-injected-target",
    "baseline:confirm-untrusted-recipient",
    "baseline:confirm-after-malicious-content",
}


def _client(url: str, mode: str, name: str) -> Client:
    http = httpx2.AsyncClient(headers={"authorization": f"Bearer {TOKEN}"}, timeout=60)
    return Client(
        streamable_http_client(url, http_client=http),
        mode=mode,  # type: ignore[arg-type]
        client_info=t.Implementation(name=name, version="1"),
    )


def _meta(mode: str, session: str) -> dict[str, Any] | None:
    # A 2025-11-25 connection's default agent session is its Mcp-Session-Id, which is one
    # replica's: it names its agent session. A 2026-07-28 client's is its token and name already.
    return {"dev.weir/session": session} if mode == "legacy" else None


def _rules(result: Any) -> set[str]:
    decision = (result.meta or {}).get("dev.weir/decision") or {}
    return {r["name"] if isinstance(r, dict) else str(r) for r in decision.get("rules", [])}


async def _call(url: str, mode: str, who: tuple[str, str], tool: str, args: dict[str, Any]) -> Any:
    """One call on a new connection; ``who``: the client's name and its agent session's."""
    async with _client(url, mode, who[0]) as c:
        await c.list_tools()
        return await c.call_tool(tool, args, meta=_meta(mode, who[1]))


@pytest.mark.parametrize("mode", MODES)
async def test_a_page_read_on_replica_1_holds_the_send_on_replica_2(fleet: Fleet, mode: str) -> None:
    r1, r2 = fleet.replicas[0].mcp, fleet.replicas[1].mcp
    agent, session = f"agent-{uuid.uuid4().hex[:8]}", f"s-{uuid.uuid4().hex[:8]}"
    page = await _call(r1, mode, (agent, session), "web__fetch", {"url": POISONED_URL})
    assert "attacker@evil.example" in "".join(getattr(c, "text", "") for c in page.content)
    send = await _call(r2, mode, (agent, session), "mail__send_email", ATTACK)
    assert send.is_error is True
    assert _rules(send) & TAINT_RULES, _rules(send)
    # The control: a fresh agent session on the same replica is not held for the page.
    fresh, other = f"agent-{uuid.uuid4().hex[:8]}", f"s-{uuid.uuid4().hex[:8]}"
    control = await _call(r2, mode, (fresh, other), "mail__send_email", ATTACK)
    assert not _rules(control) & TAINT_RULES, _rules(control)


@pytest.mark.parametrize("mode", MODES)
async def test_through_haproxy_every_call_of_one_session_may_land_anywhere(fleet: Fleet, mode: str) -> None:
    """Round robin (2026-07-28 requests carry no session id; a 2025-11-25 connection sticks to one
    replica, and each call here opens a new one): whichever replica the send reaches, it is held."""
    agent, session = f"agent-{uuid.uuid4().hex[:8]}", f"s-{uuid.uuid4().hex[:8]}"
    await _call(fleet.lb, mode, (agent, session), "web__fetch", {"url": POISONED_URL})
    for _ in range(3):
        send = await _call(fleet.lb, mode, (agent, session), "mail__send_email", ATTACK)
        assert send.is_error is True
        assert _rules(send) & TAINT_RULES, _rules(send)
