"""Two OAuth principals with different groups, through a real gateway and a real authorization server.

The deployer's rules name ``principal.groups``: interns may never delete files (so they are not
shown ``delete_file``), and whatever an intern writes waits for an operator (finance writes
freely). Each client is the MCP SDK's own OAuth client (client credentials); each held call
names its principal; an MCP client's access token does not reach the operators' approvals API.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.auth.extensions.client_credentials import ClientCredentialsOAuthProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from tests.deadlines import hang_guard
from tests.identity.authserver import AuthServer
from tests.identity.authserver import Client as AsClient
from tests.identity.conftest import ALICE, BOB, deployment, serving
from tests.identity.test_resource_server import Memory
from weir.audit import MemoryAudit
from weir.replay import replay
from weir.serving.deployment import Deployment
from weir.trace import TraceWriter, read_trace

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

OPERATOR = {"name": "olga", "token": "operator-olga-6b1d93f0c2a8"}
RULES = [
    {
        "name": "interns-never-delete",
        "effect": "block",
        "when": "'interns' in principal.groups && tool.name == 'delete_file'",
        "reason": "interns may not delete files",
    },
    {
        "name": "interns-writes-are-reviewed",
        "effect": "confirm",
        "when": "!('finance' in principal.groups) && tool.name == 'write_file'",
        "reason": "a write by someone outside finance is reviewed",
    },
]


def _deployment(authserver: AuthServer, resource: str, audit: MemoryAudit, **more: Any) -> Deployment:
    return deployment(
        authserver,
        resource,
        audit,
        policy={"packs": [], "rules": RULES},
        console={"operators": [OPERATOR]},
        **more,
    )


@contextlib.asynccontextmanager
async def _client(url: str, who: AsClient, issuer: str) -> AsyncIterator[Client]:
    auth = ClientCredentialsOAuthProvider(url, Memory(), who.client_id, who.secret, "client_secret_post", "mcp", issuer)
    async with Client(streamable_http_client(url, http_client=httpx2.AsyncClient(auth=auth, timeout=60))) as client:
        yield client


async def test_groups_decide_lists_and_calls(authserver: AuthServer, resource: str, gateway_port: int) -> None:
    audit = MemoryAudit()
    dep = _deployment(authserver, resource, audit)
    assert dep.approvals is not None
    async with (
        serving(dep, gateway_port) as url,
        _client(url, ALICE, authserver.issuer) as alice,
        _client(url, BOB, authserver.issuer) as bob,
    ):
        alice_tools = {t.name for t in (await alice.list_tools()).tools}
        bob_tools = {t.name for t in (await bob.list_tools()).tools}
        assert "files__delete_file" in alice_tools
        assert "files__delete_file" not in bob_tools  # a tool an intern may never call is not listed
        assert alice_tools - bob_tools == {"files__delete_file"}

        # Calling it anyway is blocked by the same rule.
        refused = await bob.call_tool("files__delete_file", {"path": "notes/todo.txt"})
        assert refused.is_error
        assert "interns may not delete files" in refused.content[0].text  # type: ignore[union-attr]
        assert "interns-never-delete" in _rules(refused)  # the rule itself is in the decision's _meta

        # The same write: finance's runs, the intern's waits for an operator.
        write = {"path": "notes/plan.txt", "content": "Q3 plan"}
        done = await alice.call_tool("files__write_file", write)
        assert not done.is_error
        held = asyncio.create_task(bob.call_tool("files__write_file", write))
        pending = await _pending(dep)
        assert [p.principal for p in pending] == ["oauth:bob"]

        # An MCP client's access token is not an operator's: it neither lists nor approves held calls.
        token = authserver.token(ALICE.client_id, resource)
        api = f"http://127.0.0.1:{gateway_port}/console/api/approvals"
        async with httpx2.AsyncClient(timeout=30) as http:
            listed = await http.get(api, headers={"authorization": f"Bearer {token}"})
            approve = await http.post(
                f"{api}/{pending[0].id}/approve",
                headers={"authorization": f"Bearer {token}", "content-type": "application/json"},
                content=json.dumps({"reason": "mine now"}),
            )
            assert listed.status_code == 401
            assert approve.status_code == 401
            assert dep.approvals.get(pending[0].id) is not None  # still waiting
            ok = await http.post(
                f"{api}/{pending[0].id}/deny",
                headers={"authorization": f"Bearer {OPERATOR['token']}", "content-type": "application/json"},
                content=json.dumps({"reason": "not this quarter"}),
            )
            assert ok.status_code == 200, ok.text
        answer = await asyncio.wait_for(held, hang_guard(60))
        assert answer.is_error
    # Every event of every call names its principal (never a token).
    calls = [e for e in audit.events if e.phase in ("call", "result")]
    assert {e.principal for e in calls} == {"oauth:alice", "oauth:bob"}
    by_tool = {(e.principal, e.tool, e.phase, e.decision.effect if e.decision else None) for e in calls}
    assert ("oauth:bob", "delete_file", "call", "block") in by_tool


async def _pending(dep: Deployment) -> list:  # type: ignore[type-arg]
    assert dep.approvals is not None
    for _ in range(int(hang_guard(60) / 0.05)):
        found = dep.approvals.pending()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError("no call was held")


async def test_replay_decides_as_the_gateway_did(
    authserver: AuthServer, resource: str, gateway_port: int, tmp_path: Path
) -> None:
    """A recorded session of two principals replays to the same decisions: the trace keeps each
    call's proven principal (one decision path, whoever calls it)."""
    audit = MemoryAudit()
    trace = tmp_path / "session.jsonl"
    with TraceWriter(trace) as recorder:
        dep = _deployment(authserver, resource, audit, recorder=recorder)
        async with (
            serving(dep, gateway_port) as url,
            _client(url, ALICE, authserver.issuer) as alice,
            _client(url, BOB, authserver.issuer) as bob,
        ):
            for client in (alice, bob):
                # (a file nobody has: the demo server is one per process, and other tests read todo.txt)
                await client.call_tool("files__delete_file", {"path": "notes/scratch.txt"})
                await client.call_tool("files__read_file", {"path": "notes/todo.txt"})
    live = [(e.tool, e.decision.effect) for e in audit.events if e.phase == "call" and e.decision]
    assert ("delete_file", "block") in live
    assert ("delete_file", "allow") in live  # the same call, another principal
    assert dep.guard is not None
    again = replay(read_trace(trace), dep.guard.config)
    replayed = [(d.tool, str(d.decision.effect)) for d in again.decisions if d.phase == "call"]
    assert replayed == [(tool, str(effect)) for tool, effect in live]


def _handbook() -> MCPServer:
    """A server with a payroll resource and a salary prompt beside harmless ones."""
    server = MCPServer("handbook")

    @server.resource("docs://payroll")
    def payroll() -> str:
        return "salaries: …"

    @server.resource("docs://welcome")
    def welcome() -> str:
        return "Welcome aboard."

    @server.resource("docs://payroll/{year}")
    def payroll_of(year: str) -> str:
        return f"salaries of {year}: …"

    @server.resource("docs://welcome/{lang}")
    def welcome_in(lang: str) -> str:
        return f"Welcome aboard ({lang})."

    @server.prompt()
    def salary_review() -> str:
        return "Review the salaries."

    @server.prompt()
    def greeting() -> str:
        return "Say hello."

    return server


PRIVATE = [
    {
        "name": "interns-no-payroll",
        "effect": "block",
        "when": "'interns' in principal.groups && message.kind == 'resource' && message.uri.startsWith('docs://payroll')",
        "reason": "payroll is not for interns",
    },
    {
        "name": "interns-no-salary-prompts",
        "effect": "block",
        "when": "'interns' in principal.groups && message.kind == 'prompt' && message.name == 'salary_review'",
        "reason": "salary prompts are not for interns",
    },
]


async def test_prompts_and_resources_by_principal(authserver: AuthServer, resource: str, gateway_port: int) -> None:
    dep = deployment(authserver, resource, modules={"handbook": _handbook()}, policy={"packs": [], "rules": PRIVATE})
    async with (
        serving(dep, gateway_port) as url,
        _client(url, ALICE, authserver.issuer) as alice,
        _client(url, BOB, authserver.issuer) as bob,
    ):
        seen = {}
        for name, client in (("alice", alice), ("bob", bob)):
            uris = {str(r.uri) for r in (await client.list_resources()).resources}
            prompts = {p.name for p in (await client.list_prompts()).prompts}
            templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
            seen[name] = (uris, prompts, templates)
        assert seen["alice"] == (
            {"docs://payroll", "docs://welcome"},
            {"handbook__salary_review", "handbook__greeting"},
            {"docs://payroll/{year}", "docs://welcome/{lang}"},
        )
        # A template is read as its fixed part (docs://payroll/): the same rule hides it from bob.
        assert seen["bob"] == ({"docs://welcome"}, {"handbook__greeting"}, {"docs://welcome/{lang}"})
        # Reading them anyway is decided by the same rules, for the same principal.
        assert "salaries" in (await alice.read_resource("docs://payroll")).contents[0].text  # type: ignore[union-attr]
        with pytest.raises(MCPError, match="interns-no-payroll"):
            await bob.read_resource("docs://payroll")
        with pytest.raises(MCPError, match="interns-no-salary-prompts"):
            await bob.get_prompt("handbook__salary_review")
        assert (await bob.read_resource("docs://welcome")).contents


async def test_results_are_decided_with_the_principal(authserver: AuthServer, resource: str, gateway_port: int) -> None:
    """A result-phase rule that reads ``principal``: the same file, released to one, withheld from the other."""
    rule = {
        "name": "interns-see-no-secrets",
        "effect": "block",
        "when": "'interns' in principal.groups && 'credentials' in result.classes",
        "reason": "credentials are not shown to interns",
    }
    dep = deployment(authserver, resource, policy={"packs": [], "rules": [rule]})
    async with (
        serving(dep, gateway_port) as url,
        _client(url, ALICE, authserver.issuer) as alice,
        _client(url, BOB, authserver.issuer) as bob,
    ):
        mine = await alice.call_tool("files__read_file", {"path": "secrets/aws.txt"})
        theirs = await bob.call_tool("files__read_file", {"path": "secrets/aws.txt"})
    assert not mine.is_error
    assert "aws_access_key_id" in mine.content[0].text  # type: ignore[union-attr]
    assert theirs.is_error
    assert "credentials are not shown to interns" in theirs.content[0].text  # type: ignore[union-attr]
    assert "interns-see-no-secrets" in _rules(theirs)


def _rules(result: Any) -> set[str]:
    """The names of the rules a decision matched, from the result's ``dev.weir/decision`` ``_meta``."""
    decision = (result.meta or {}).get("dev.weir/decision") or {}
    return {r["name"] if isinstance(r, dict) else str(r) for r in decision.get("rules", [])}
