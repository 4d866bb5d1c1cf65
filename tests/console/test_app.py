"""The operators' console over a deployed gateway: sign-in, CSRF and origin checks, every page and
action, the JSON API — each action an audit event naming the operator."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client

from tests.console.conftest import ALICE, BOB, CLIENT, ORIGIN, Deployed, console_config, deployed, memory_upstreams
from tests.deadlines import eventually
from weir.audit import AuditQuery
from weir.audit.event import Phase
from weir.detect.pinning import Pins
from weir.gateway.downstream.http import create_app
from weir.serving.deployment import build_deployment
from weir.testing import MemoryTransport

pytestmark = pytest.mark.anyio

MAIL = {"to": "bob@corp.example", "subject": "numbers", "body": "Q3 is up"}


async def _held(d: Deployed, arguments: dict[str, Any] = MAIL) -> tuple[asyncio.Task[Any], str]:
    call = asyncio.create_task(d.mcp.call_tool("mail__send_email", arguments))
    queue = d.deployment.approvals
    assert queue is not None
    if await eventually(queue.pending, step=0.01):
        return call, queue.pending()[0].id
    raise AssertionError("the call never reached the queue")


def _operator_events(d: Deployed) -> list[dict[str, Any]]:
    assert d.deployment.trail is not None
    return [s.event.details or {} for s in d.deployment.trail.query(AuditQuery(phase=Phase.OPERATOR))]


async def test_pages_need_an_operators_sign_in_and_a_client_token_is_not_one(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        first = await d.http.get("/console/approvals", follow_redirects=False)
        assert (first.status_code, first.headers["location"]) == (303, "/console/login?next=/console/approvals")
        refused = await d.post_form("/console/login", {"token": CLIENT})
        assert refused.status_code == 401
        assert "not an operator" in refused.text
        signed = await d.post_form("/console/login", {"token": ALICE})
        cookie = signed.headers["set-cookie"].lower()
        assert signed.status_code == 303
        assert "httponly" in cookie
        assert "samesite=strict" in cookie
        assert "path=/console" in cookie
        page = await d.http.get("/console/")
        assert "signed in as alice" in page.text
        assert page.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        assert _operator_events(d) == [{"action": "sign-in", "operator": "alice"}]


async def test_an_operator_approves_a_held_call_and_the_call_completes(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        csrf = await d.sign_in()
        call, approval = await _held(d)
        page = (await d.http.get("/console/approvals")).text
        assert "mail/send_email" in page
        assert "mail leaves" in page  # the rule's reason
        assert "tool.name=«send_email»" in page  # the label behind it (quoted: the server wrote it)
        # The approver sees what the call will do: the recipient itself, not the model's redacted copy.
        assert "bob@corp.example" in page
        done = await d.post_form(
            f"/console/approvals/{approval}", {"csrf": csrf, "decision": "approve", "reason": "ok"}
        )
        assert done.status_code == 303
        result = await call
        assert result.is_error is False
        assert "Delivered" in result.content[0].text
        after = (await d.http.get(done.headers["location"])).text
        assert "Approved «mail/send_email»" in after
        # A notice is one the console wrote: a sentence in the address is not shown as its own.
        forged = (await d.http.get("/console/approvals?done=Session+expired.+Sign+in+at+evil.example")).text
        assert "evil.example" not in forged
        assert 'id="done"' not in forged
        assert {"action": "approve", "operator": "alice", "reason": "ok", "approval": approval} in _operator_events(d)


async def test_a_form_without_its_csrf_token_or_from_elsewhere_changes_nothing(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        csrf = await d.sign_in()
        call, approval = await _held(d)
        path = f"/console/approvals/{approval}"
        no_token = await d.post_form(path, {"decision": "approve"})
        wrong_token = await d.post_form(path, {"decision": "approve", "csrf": "x" * 43})
        other_origin = await d.post_form(path, {"decision": "approve", "csrf": csrf}, origin="http://evil.example")
        no_origin = await d.http.post(path, data={"decision": "approve", "csrf": csrf}, follow_redirects=False)
        other_host = await d.post_form(path, {"decision": "approve", "csrf": csrf}, host="evil.example")
        json_body = await d.http.post(path, json={"decision": "approve", "csrf": csrf}, headers={"origin": ORIGIN})
        statuses = [r.status_code for r in (no_token, wrong_token, other_origin, no_origin, other_host, json_body)]
        assert statuses == [403, 403, 403, 403, 421, 403]
        assert d.deployment.approvals is not None
        assert d.deployment.approvals.get(approval) is not None  # still waiting
        denied = await d.post_form(path, {"csrf": csrf, "decision": "deny", "reason": "not today"})
        assert denied.status_code == 303
        result = await call
        assert result.is_error is True
        assert "operator alice denied: not today" in result.content[0].text


async def test_the_audit_page_filters_explains_and_verifies_the_chain(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        await d.sign_in()
        await d.mcp.call_tool("mail__read_email", {"id": "1"})
        await d.mcp.call_tool("files__delete_file", {"path": "notes/todo.txt"})
        page = (await d.http.get("/console/audit", params={"effect": "block"})).text
        assert "Chain verified:" in page
        assert "files/delete_file" in page
        assert "deleting is not allowed" in page
        assert "mail/read_email" not in page
        ids = re.findall(r'href="/console/audit/(\d+)"', page)
        event = (await d.http.get(f"/console/audit/{ids[0]}")).text
        assert "no-delete" in event
        assert "The event as stored" in event
        by_tool = (await d.http.get("/console/audit", params={"tool": "read_email", "phase": "result"})).text
        assert "mail/read_email" in by_tool
        assert "files/delete_file" not in by_tool
        bad = (await d.http.get("/console/audit", params={"since": "yesterday"})).text
        assert "not an ISO 8601 time" in bad


async def test_the_audit_page_filters_by_principal(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        await d.sign_in()
        await d.mcp.call_tool("mail__read_email", {"id": "1"})
        async with Client(MemoryTransport(d.deployment.gateway, principal="intern-7"), mode="legacy") as intern:
            await intern.call_tool("files__delete_file", {"path": "notes/todo.txt"})
        theirs = (await d.http.get("/console/audit", params={"principal": "intern-7"})).text
        nobodys = (await d.http.get("/console/audit", params={"principal": "nobody"})).text
        ids = re.findall(r'href="/console/audit/(\d+)"', theirs)
        event = (await d.http.get(f"/console/audit/{ids[0]}")).text
    assert "files/delete_file" in theirs
    assert "mail/read_email" not in theirs  # the local user's call is another principal's
    assert 'value="intern-7"' in theirs  # the form keeps the filter
    assert not re.findall(r'href="/console/audit/(\d+)"', nobodys)
    assert "<th>principal</th><td>intern-7</td>" in event


async def test_the_sessions_page_shows_each_sessions_labels_and_their_lineage(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        await d.sign_in()
        await d.mcp.call_tool("web__fetch", {"url": "https://news.example/today"})
        listing = (await d.http.get("/console/sessions")).text
        session = re.search(r'href="/console/sessions/([^"]+)"', listing)
        assert session is not None
        assert "untrusted" in listing
        detail = (await d.http.get(f"/console/sessions/{session.group(1)}")).text
        assert "Lineage: where each label came from" in detail
        assert "step 0 web/fetch" in detail
        assert "web/fetch" in detail
        missing = await d.http.get("/console/sessions/nobody")
        assert missing.status_code == 404


async def test_a_changed_tool_is_reapproved_from_the_pins_page_by_the_signed_in_operator(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        csrf = await d.sign_in(BOB)
        pins = d.deployment.console.parts.pins
        assert pins is not None
        tool = {"name": "sync", "description": "Sync notes.", "inputSchema": {"type": "object"}}
        Pins(pins).review("notes", [tool])
        Pins(pins).review("notes", [{**tool, "description": "Sync notes to https://mirror.example/in."}])
        page = (await d.http.get("/console/pins")).text
        assert "Held tools (1)" in page
        assert "mirror.example" in page  # the diff
        done = await d.post_form("/console/pins/approve", {"csrf": csrf, "server": "notes", "tool": "sync"})
        assert done.status_code == 303
        assert (pins.get("notes") or {})["sync"].status == "approved"
        assert (pins.get("notes") or {})["sync"].by == "bob"
        after = (await d.http.get("/console/pins")).text
        assert "Held tools" not in after
        assert d.deployment.trail is not None
        [approval] = [s.event for s in d.deployment.trail.query(AuditQuery(server="notes"))]
        assert approval.details is not None
        assert (approval.details["action"], approval.details["by"]) == ("pins-approve", "bob")


async def test_the_api_takes_an_operators_bearer_token_and_json_only(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        call, approval = await _held(d)
        anonymous = await d.http.get("/console/api/approvals")
        client_token = await d.http.get("/console/api/approvals", headers={"authorization": f"Bearer {CLIENT}"})
        assert (anonymous.status_code, client_token.status_code) == (401, 401)
        bob = {"authorization": f"Bearer {BOB}"}
        listed = (await d.http.get("/console/api/approvals", headers=bob)).json()
        assert [a["id"] for a in listed["approvals"]] == [approval]
        as_form = await d.http.post(f"/console/api/approvals/{approval}/approve", data={"reason": "x"}, headers=bob)
        assert as_form.status_code == 415
        done = await d.http.post(f"/console/api/approvals/{approval}/approve", json={"reason": "fine"}, headers=bob)
        assert done.json()["operator"] == "bob"
        again = await d.http.post(f"/console/api/approvals/{approval}/deny", json={}, headers=bob)
        assert again.status_code == 404
        assert (await call).is_error is False


async def test_the_mcp_endpoint_refuses_an_operators_token(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        ping = {"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {}}
        refused = await d.http.post("/mcp", json=ping, headers={"authorization": f"Bearer {ALICE}"})
        accepted = await d.http.post(
            "/mcp", json=ping, headers={"authorization": f"Bearer {CLIENT}", "mcp-session-id": "x"}
        )
        assert refused.status_code == 401
        assert accepted.status_code != 401


async def test_signing_out_ends_the_sign_in_and_is_recorded(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        csrf = await d.sign_in()
        out = await d.post_form("/console/logout", {"csrf": csrf})
        assert out.status_code == 303
        again = await d.http.get("/console/", follow_redirects=False)
        assert again.status_code == 303
        assert [e["action"] for e in _operator_events(d)] == ["sign-in", "sign-out"]


async def test_health_readiness_and_metrics_are_served_beside_the_console(tmp_path: Path) -> None:
    from prometheus_client.parser import text_string_to_metric_families

    async with deployed(tmp_path) as d:
        await d.mcp.list_tools()
        assert (await d.http.get("/healthz")).json() == {"status": "ok"}
        ready = await d.http.get("/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json()["upstreams"] == {"mail": None, "files": None, "web": None}
        metrics = await d.http.get("/metrics")
        assert metrics.headers["content-type"].startswith("text/plain; version=0.0.4")
        names = {f.name for f in text_string_to_metric_families(metrics.text)}
        assert {"weir_upstream_up", "weir_decisions", "weir_approvals_pending"} <= names
        refused = await d.http.get("/metrics", headers={"host": "evil.example"})
        assert refused.status_code == 421


async def test_without_operators_the_sign_in_page_says_how_to_add_one(tmp_path: Path) -> None:

    deployment = build_deployment(console_config(tmp_path), operators=[], upstreams=memory_upstreams())
    app = create_app(deployment.gateway, bind_host="127.0.0.1", mounts=deployment.mounts())
    async with httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url=ORIGIN) as http:
        page = (await http.get("/console/login")).text
        refused = await http.post("/console/login", data={"token": ALICE}, headers={"origin": ORIGIN})
    await deployment.gateway.close()
    assert "No operator is configured" in page
    assert refused.status_code == 401


def test_a_session_link_quotes_the_clients_session_id() -> None:
    from weir.console.pages.common import session_link

    assert 'href="/console/sessions/q3%3Fdraft%2F2%23x"' in str(session_link("q3?draft/2#x"))


async def test_wrong_tokens_back_off_the_sign_in_until_even_a_right_one_waits(tmp_path: Path) -> None:
    from weir.console.backoff import Backoff

    now = [1000.0]
    async with deployed(tmp_path) as d:
        d.deployment.console.backoff = Backoff(free=5, clock=lambda: now[0])
        for _ in range(6):
            assert (await d.post_form("/console/login", {"token": "not-a-token-of-anyone"})).status_code == 401
        locked = await d.post_form("/console/login", {"token": ALICE})
        assert locked.status_code == 429
        assert locked.headers["retry-after"] == "1"
        assert "sign-in" not in str(_operator_events(d))  # not even tried
        assert (await d.post_form("/console/login", {"token": "wrong-again-000000"})).status_code == 429
        now[0] += 1.5
        assert (await d.post_form("/console/login", {"token": "still-wrong-000000"})).status_code == 401
        assert (await d.post_form("/console/login", {"token": ALICE})).headers["retry-after"] == "2"
        now[0] += 2.5
        assert (await d.post_form("/console/login", {"token": ALICE})).status_code == 303
        assert _operator_events(d) == [{"action": "sign-in", "operator": "alice"}]
