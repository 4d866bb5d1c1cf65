"""`weir replay` of a trace whose tool list changes mid-session quarantines the changed tool as the gateway did.

The trace is recorded by the real gateway (``--record``'s writer) in front of an upstream that
changes a tool after its first call (``tests/gateway/rugpull_server.py``); replaying it with the
same weir.yaml must hold the changed tool exactly as the live gateway held it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.gateway.conftest import client
from tests.gateway.test_rug_pull import User, _calls, _config, _pulled
from tests.replay.test_gateway_replay import _live, _replayed
from weir.cli.app import app
from weir.config import load_config
from weir.replay import replay
from weir.serving.runner import build_gateway
from weir.trace import TraceWriter, read_trace

pytestmark = pytest.mark.anyio


async def _record(config: Path, trace: Path, mode: str) -> None:
    seen: list[dict[str, object]] = []
    with TraceWriter(trace) as recorder:
        gateway = build_gateway(load_config(config), recorder=recorder)
        try:
            async with client(gateway, mode, tap=seen, elicitation_callback=User()) as c:
                await _pulled(c, seen, "purge")
                await c.call_tool("purge", {"name": "weekly"})
        finally:
            await gateway.close()


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_replaying_a_recorded_rug_pull_holds_the_changed_tool_like_the_gateway(tmp_path: Path, mode: str) -> None:
    config, trace = _config(tmp_path, "purge", "untrusted"), tmp_path / "session.jsonl"
    await _record(config, trace, mode)
    out = CliRunner().invoke(app, ["replay", str(trace), "--config", str(config), "--json"])
    assert out.exit_code in (0, 1), out.output
    calls = [d for d in json.loads(out.stdout)["decisions"] if d["phase"] == "call" and d["tool"] == "purge"]
    held = [d for d in calls if "baseline:confirm-changed-tool" in d["rules"]]
    assert held, [d["rules"] for d in calls]
    assert any("readOnlyHint" in reason for d in held for reason in d["reasons"])
    # Every decision the gateway audited comes back from the replay, the quarantine included.
    again = replay(read_trace(trace), load_config(config))
    assert _replayed(again.decisions) == _live(_calls(config, "purge"))
