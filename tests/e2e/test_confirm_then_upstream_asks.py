"""`weir gateway` confirms a call whose server then asks the user a question of its own.

Regression: on 2026-07-28 the client's answer to the server's ``input_required`` round came back
without the gateway's state, so the gateway asked for confirmation again, and again, until the
SDK client gave up (``InputRequiredRoundsExceededError``). The real CLI, the baseline policy
(the tool declares ``requires_confirmation``), the SQLite audit store and an SDK server that asks.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import mcp_types as t
import pytest
import yaml
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.e2e.conftest import weir_command
from weir.audit import AuditConfig, AuditQuery, open_store

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SERVER = Path(__file__).with_name("asking_server.py")


@dataclass
class User:
    """Answers the gateway's confirmation form and the server's question, as scripted."""

    confirm: Literal["accept", "decline"] = "accept"
    keep: Literal["accept", "decline"] = "accept"
    asked: list[str] = field(default_factory=list)

    async def __call__(self, context: Any, params: Any) -> t.ElicitResult:
        self.asked.append("weir" if params.message.startswith("Weir:") else "server")
        if self.asked[-1] == "weir":
            return t.ElicitResult(action=self.confirm, content={"approve": True} if self.confirm == "accept" else None)
        return t.ElicitResult(action=self.keep, content={"keep": "monday"} if self.keep == "accept" else None)


def _config(directory: Path) -> Path:
    config = {
        "servers": {"vault": {"command": [sys.executable, str(SERVER)]}},
        "audit": {"path": "audit.db"},
        "policy": {"packs": ["baseline"]},
    }
    path = directory / "weir.yaml"
    path.write_text(yaml.safe_dump(config))
    return path


async def _wipe(config: Path, mode: str, user: User) -> t.CallToolResult:
    cmd = weir_command()
    params = StdioServerParameters(command=cmd[0], args=[*cmd[1:], "gateway", "--config", str(config), "--stdio"])
    async with Client(params, mode=mode, elicitation_callback=user, input_required_max_rounds=4) as c:
        return await c.call_tool("wipe", {"volume": "v1"})


def _text(result: t.CallToolResult) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


def _trail(config: Path) -> list[tuple[str, str | None, tuple[str, ...]]]:
    with open_store(AuditConfig(path=str(config.parent / "audit.db")), create=False) as store:
        events = [s.event for s in store.query(AuditQuery())]
    return [
        (e.phase.value, e.decision.applied, tuple(r.name for r in e.decision.rules))
        for e in events
        if e.tool == "wipe" and e.decision is not None
    ]


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_the_user_confirms_then_answers_the_server_and_the_call_runs_once(tmp_path: Path, mode: str) -> None:
    config, user = _config(tmp_path), User()
    result = await _wipe(config, mode, user)
    assert result.is_error is False
    assert _text(result) == "Wiped all backups but monday."
    assert user.asked == ["weir", "server"]
    trail = _trail(config)
    # `wipe` is unannotated on an untrusted server: asked for by its name too (baseline, issue 30).
    asked = ("baseline:confirm-destructive-by-name", "baseline:confirm-server-requested")
    assert trail[0] == ("call", "confirm", asked)
    assert trail[1] == ("call", "allow", ("weir/confirmed",))
    # On 2026-07-28 the answer to the server comes back in a retry of its own: audited as such.
    resumed = [("call", "allow", ("weir/confirmed-resume",))] if mode == "2026-07-28" else []
    assert trail[2:] == [*resumed, ("result", "allow", ())]


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_declining_the_confirmation_stops_before_the_server_asks(tmp_path: Path, mode: str) -> None:
    config, user = _config(tmp_path), User(confirm="decline")
    result = await _wipe(config, mode, user)
    assert result.is_error is True
    assert "the user did not approve (decline)" in _text(result)
    assert user.asked == ["weir"]
    assert [phase for phase, _, _ in _trail(config)] == ["call", "call"]
    asked = ("baseline:confirm-destructive-by-name", "baseline:confirm-server-requested")
    assert _trail(config)[1][1:] == ("block", (*asked, "weir/confirm"))


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_declining_the_server_question_stops_the_call_with_its_reason(tmp_path: Path, mode: str) -> None:
    config, user = _config(tmp_path), User(keep="decline")
    result = await _wipe(config, mode, user)
    assert result.is_error is True
    assert _text(result) == "Wipe stopped: the user did not choose a backup to keep (decline)."
    assert user.asked == ["weir", "server"]
    assert _trail(config)[-1][0] == "result"
