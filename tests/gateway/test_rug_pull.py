"""A tool whose definition changes after it was approved is quarantined until an operator re-approves it.

Issue 20, hole 5, through the real gateway: the production wiring (``build_gateway``: the Guard,
the baseline pack, tool pins and the audit trail in one SQLite file), a real upstream over stdio
whose tool list changes after a call (``rugpull_server.py``, announced with
``notifications/tools/list_changed``) and the SDK client, in both protocol revisions.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import mcp_types as t
import pytest
import yaml
from mcp import Client
from typer.testing import CliRunner

from tests.deadlines import hang_guard
from tests.gateway.conftest import client
from weir.audit import AuditConfig, AuditQuery, open_store
from weir.audit.event import AuditEvent
from weir.cli.app import app
from weir.config import load_config
from weir.gateway.proxy import Gateway
from weir.serving.runner import build_gateway

pytestmark = pytest.mark.anyio

SERVER = Path(__file__).with_name("rugpull_server.py")
CHANGED = "notifications/tools/list_changed"


@dataclass
class User:
    """Approves every question the gateway asks, and keeps what it was asked."""

    asked: list[str] = field(default_factory=list)

    async def __call__(self, context: Any, params: Any) -> t.ElicitResult:
        self.asked.append(params.message)
        return t.ElicitResult(action="accept", content={"approve": True})


def _config(directory: Path, scenario: str, trust: str) -> Path:
    config = {
        # One server state for every process: each client's own session sees the pull, as with a remote server.
        "servers": {
            "vault": {"command": [sys.executable, str(SERVER), scenario, str(directory / "state.json")], "trust": trust}
        },
        "audit": {"path": "audit.db"},
        "policy": {"packs": ["baseline"]},
    }
    path = directory / "weir.yaml"
    path.write_text(yaml.safe_dump(config))
    return path


def _gateway(config: Path) -> Gateway:
    return build_gateway(load_config(config))


def _text(result: t.CallToolResult) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def _pulled(c: Client, seen: list[dict[str, Any]], tool: str) -> t.CallToolResult:
    """Call ``tool`` once (its server then changes it) and wait until the gateway has re-listed."""
    await c.list_tools()
    first = await c.call_tool(tool, {"name": "weekly"})
    with anyio.fail_after(hang_guard()):
        while not any(m.get("method") == CHANGED for m in seen):
            await anyio.sleep(0.02)
    return first


@asynccontextmanager
async def _purge_pulled(directory: Path, mode: str) -> AsyncIterator[Gateway]:
    """The gateway of an untrusted ``purge`` server once ``purge`` has been called and has changed.

    The call is made (and approved) by another client, which has gone by the time the block runs;
    the gateway is closed after it.
    """
    config, seen = _config(directory, "purge", "untrusted"), []
    gateway = _gateway(config)
    try:
        async with client(gateway, mode, tap=seen, elicitation_callback=User()) as c:
            await _pulled(c, seen, "purge")
        yield gateway
    finally:
        await gateway.close()


def _calls(config: Path, tool: str) -> list[AuditEvent]:
    with open_store(AuditConfig(path=str(config.parent / "audit.db")), create=False) as store:
        return [s.event for s in store.query(AuditQuery(tool=tool))]


def _rules(event: AuditEvent) -> tuple[str, ...]:
    assert event.decision is not None
    return tuple(r.name for r in event.decision.rules)


async def test_a_tool_that_turned_read_only_after_its_approved_call_is_confirmed_again(
    tmp_path: Path, mode: str
) -> None:
    config, user, seen = _config(tmp_path, "purge", "untrusted"), User(), []
    gateway = _gateway(config)
    try:
        async with client(gateway, mode, tap=seen, elicitation_callback=user) as c:
            first = await _pulled(c, seen, "purge")
            second = await c.call_tool("purge", {"name": "weekly"})
    finally:
        await gateway.close()
    assert _text(first) == 'purge #1 ran with {"name": "weekly"}'
    assert len(user.asked) == 2, "the changed tool ran without asking"
    assert "readOnlyHint" in user.asked[1]
    assert "requiresConfirmation" in user.asked[1]
    assert _text(second) == 'purge #2 ran with {"name": "weekly"}'
    decided = [e for e in _calls(config, "purge") if e.phase.value == "call"]
    assert "baseline:confirm-changed-tool" in _rules(decided[-2])
    # Its old claim still counts until an operator approves the new definition.
    assert "baseline:confirm-server-requested" in _rules(decided[-2])


async def test_a_client_that_cannot_be_asked_is_blocked_from_the_changed_tool(tmp_path: Path, mode: str) -> None:
    async with _purge_pulled(tmp_path, mode) as gateway, client(gateway, mode) as mute:
        # No elicitation: the fallback (block) decides.
        blocked = await mute.call_tool("purge", {"name": "weekly"})
        steady = await mute.call_tool("status", {})
    assert blocked.is_error is True
    assert "fallback blocks" in _text(blocked)
    assert "baseline:confirm-changed-tool" in (blocked.meta or {})["dev.weir/decision"]["rules"]
    assert steady.is_error is False  # the unchanged tool of the same server is not held


async def test_a_trusted_tool_that_now_sends_out_is_quarantined_and_its_diff_shown(tmp_path: Path, mode: str) -> None:
    config, user, seen = _config(tmp_path, "notes", "trusted"), User(), []
    gateway = _gateway(config)
    try:
        async with client(gateway, mode, tap=seen, elicitation_callback=user) as c:
            first = await _pulled(c, seen, "save_note")
            asked_before = len(user.asked)
            second = await c.call_tool("save_note", {"name": "weekly"})
        async with client(gateway, mode) as mute:
            blocked = await mute.call_tool("save_note", {"name": "weekly"})
    finally:
        await gateway.close()
    assert first.is_error is False
    assert asked_before == 0
    assert len(user.asked) == 1, "the trusted tool's rug pull ran without a word"
    question = user.asked[0]
    assert "mcp.dev/effect" in question
    assert "external" in question
    assert "https://upload.notes-mirror.example/in" in question
    assert second.is_error is False
    assert blocked.is_error is True
    assert "fallback blocks" in _text(blocked)


async def test_after_weir_pins_approve_the_tool_runs_as_its_new_definition_says(tmp_path: Path, mode: str) -> None:
    async with _purge_pulled(tmp_path, mode) as gateway, client(gateway, mode) as mute:
        held = await mute.call_tool("purge", {"name": "weekly"})
        config = str(tmp_path / "weir.yaml")
        approved = CliRunner().invoke(app, ["pins", "approve", "vault", "purge", "--config", config])
        ran = await mute.call_tool("purge", {"name": "weekly"})
    assert held.is_error is True
    assert approved.exit_code == 0, approved.output
    # With the approval the tool is no longer held: its new definition no longer asks for
    # confirmation. Its server is not trusted, though, and a tool named "purge" is asked about
    # whatever that server claims (issue 30: unannotated destructive tools), so the mute client
    # is still refused, now by that rule alone.
    rules = (ran.meta or {})["dev.weir/decision"]["rules"]
    assert "baseline:confirm-changed-tool" not in rules
    assert "baseline:confirm-server-requested" not in rules
    assert "baseline:confirm-destructive-by-name" in rules
    with open_store(AuditConfig(path=str(tmp_path / "audit.db")), create=False) as store:
        events = [s.event for s in store.query(AuditQuery(server="vault", phase="tools"))]
        assert store.verify().ok
    approvals = [e for e in events if (e.details or {}).get("action") == "pins-approve"]
    assert [a.details["tools"] for a in approvals if a.details] == [["purge"]]
