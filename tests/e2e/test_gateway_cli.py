"""`weir gateway` end to end: the real SDK client, the real Guard and audit store, demo servers.

Over stdio and over HTTP on 127.0.0.1, on both protocol revisions: each effect, confirmation
accepted, declined and unavailable, the audit trail and the recorded trace.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import httpx2
import mcp_types as t
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from tests.deadlines import hang_guard
from tests.e2e.conftest import weir_command
from tests.jsonrpc import initialize
from tests.ports import free_port
from tests.servers.launch import serving
from weir.audit import AuditConfig, AuditQuery, open_store

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

MODES = ("legacy", "2026-07-28")


async def approve(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="accept", content={"approve": True})


async def decline(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="decline")


def _stdio(config: Path, *extra: str) -> StdioServerParameters:
    cmd = weir_command()
    return StdioServerParameters(command=cmd[0], args=[*cmd[1:], "gateway", "--config", str(config), *extra])


def _text(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def _exercise(c: Client) -> dict[str, Any]:
    tools = await c.list_tools()
    return {
        "tools": {x.name: x for x in tools.tools},
        "allow": await c.call_tool("mail__read_email", {"id": "1"}),
        "warn": await c.call_tool("web__fetch", {"url": "https://news.example/today"}),
        "redact": await c.call_tool("files__read_file", {"path": "secrets/aws.txt"}),
        "confirm": await c.call_tool("mail__send_email", {"to": "bob@corp.example", "subject": "s", "body": "b"}),
        "block": await c.call_tool("files__delete_file", {"path": "notes/todo.txt"}),
    }


def _check_effects(out: dict[str, Any]) -> None:
    profile = out["tools"]["mail__send_email"].meta["dev.weir/profile"]
    assert profile["server"] == "mail"
    assert out["allow"].is_error is False
    assert "Q3 revenue" in _text(out["allow"])
    assert "[Weir warning]" in _text(out["warn"])
    assert out["warn"].meta["dev.weir/decision"]["effect"] == "warn"
    assert out["redact"].meta["dev.weir/decision"]["effect"] == "redact"
    assert "AKIAQ3ZRT7LWXK5MB2PD" not in _text(out["redact"])
    assert "[REDACTED:credentials]" in _text(out["redact"])
    assert _text(out["confirm"]) == "Delivered (1 recipient)."
    assert out["block"].is_error is True
    assert "deleting is not allowed" in _text(out["block"])


@pytest.mark.parametrize("mode", MODES)
async def test_every_effect_over_stdio_is_audited_and_recorded(weir_yaml: Path, mode: str) -> None:
    from weir.trace import read_trace

    trace = weir_yaml.parent / "trace.jsonl"
    async with Client(
        _stdio(weir_yaml, "--stdio", "--record", str(trace)), mode=mode, elicitation_callback=approve
    ) as c:
        out = await _exercise(c)
    _check_effects(out)
    with open_store(AuditConfig(path=str(weir_yaml.parent / "audit.db")), create=False) as store:
        events = [s.event for s in store.query(AuditQuery())]
    applied = {(e.phase.value, e.tool, e.decision.applied) for e in events if e.decision and e.tool}
    assert ("call", "delete_file", "block") in applied
    assert ("call", "send_email", "confirm") in applied
    assert ("result", "read_file", "redact") in applied
    kinds = [type(line.event).__name__ for line in read_trace(trace)]
    assert kinds.count("ToolsEvent") == 3
    assert kinds.count("CallEvent") == 5
    # The blocked call never ran, so it has no result; the declined-by-nobody others all did.
    assert kinds.count("ResultEvent") == 4


@pytest.fixture(scope="module")
def http_gateway(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One HTTP gateway for the module: HTTP serves many clients, so tests share it."""
    from tests.e2e.conftest import write_config

    weir_yaml = write_config(tmp_path_factory.mktemp("http"))
    port = free_port()
    env = {**os.environ, "WEIR_GATEWAY_TOKENS": "tok-1-4jXk9Qm2RtY7,tok-2-wPzL3nB8vC1d"}
    cmd = [*weir_command(), "gateway", "--config", str(weir_yaml), "--http", f"127.0.0.1:{port}"]
    with (weir_yaml.parent / "gateway.log").open("wb") as log, serving(cmd, port, env=env, stderr=log) as url:
        yield url  # stderr to a file: a pipe nobody reads would stop the gateway once it is full


@pytest.mark.parametrize("mode", MODES)
async def test_every_effect_over_http(http_gateway: str, mode: str) -> None:
    # A hang guard: a connection's first request starts its own session with each demo server.
    http = httpx2.AsyncClient(headers={"authorization": "Bearer tok-2-wPzL3nB8vC1d"}, timeout=hang_guard(120))
    async with Client(
        streamable_http_client(http_gateway, http_client=http), mode=mode, elicitation_callback=approve
    ) as c:
        out = await _exercise(c)
    _check_effects(out)


@pytest.mark.parametrize("mode", MODES)
async def test_confirmation_declined_or_impossible_blocks_over_http(http_gateway: str, mode: str) -> None:
    mail = {"to": "bob@corp.example", "subject": "s", "body": "b"}
    headers = {"authorization": "Bearer tok-1-4jXk9Qm2RtY7"}
    http = httpx2.AsyncClient(headers=headers, timeout=hang_guard(120))
    async with Client(
        streamable_http_client(http_gateway, http_client=http), mode=mode, elicitation_callback=decline
    ) as c:
        declined = await c.call_tool("mail__send_email", mail)
    http = httpx2.AsyncClient(headers=headers, timeout=hang_guard(120))
    async with Client(streamable_http_client(http_gateway, http_client=http), mode=mode) as c:
        impossible = await c.call_tool("mail__send_email", mail)
    assert declined.is_error is True
    assert "did not approve" in _text(declined)
    assert impossible.is_error is True
    assert "cannot be asked" in _text(impossible)


def test_http_without_a_valid_token_gets_401(http_gateway: str) -> None:
    body = initialize()
    wrong = {"authorization": "Bearer tok-3"}
    assert httpx2.post(http_gateway, json=body, timeout=hang_guard()).status_code == 401
    assert httpx2.post(http_gateway, json=body, headers=wrong, timeout=hang_guard()).status_code == 401


def test_the_cli_refuses_a_public_address_without_tokens(mail_yaml: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "WEIR_GATEWAY_TOKENS"}
    cmd = [*weir_command(), "gateway", "--config", str(mail_yaml), "--http", "0.0.0.0:1"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=hang_guard(), check=False)
    assert proc.returncode == 2
    assert "bearer tokens are required" in proc.stderr


def test_stdin_and_stdout_may_be_regular_files(wire_yaml: Path) -> None:
    """`weir gateway < requests.jsonl > answers.jsonl`: files are not pipes, and must work all the same."""
    requests = wire_yaml.parent / "requests.jsonl"
    answers = wire_yaml.parent / "answers.jsonl"
    init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "file", "version": "0"}}
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "wire__echo", "arguments": {"text": "from a file"}},
        },
    ]
    requests.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    cmd = [*weir_command(), "gateway", "--config", str(wire_yaml)]
    with requests.open("rb") as stdin, answers.open("wb") as stdout:
        done = subprocess.run(
            cmd, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, timeout=hang_guard(120), check=False
        )
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr
    replies = {m["id"]: m for m in map(json.loads, answers.read_text(encoding="utf-8").splitlines())}
    assert replies[2]["result"]["content"][0]["text"] == "from a file"
