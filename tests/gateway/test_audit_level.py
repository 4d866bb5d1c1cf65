"""The audit_level obligation, end to end: with ``gateway.audit_detail: by-effect`` each record
keeps what its decision's level says; by default every record is kept in full.

The real Guard with one inline rule that blocks ``send_mail``, a real stdio server
(wire_server.py) and the production SQLite audit store. An allowed ``echo`` keeps its call and
decision, its arguments and result as their shape only and no labels; the blocked ``send_mail``
keeps its arguments whole. The released result's decision evidence verifies at either setting.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from tests.gateway.conftest import wire_upstream
from weir.audit import AuditConfig, AuditQuery, open_store
from weir.audit.evidence import find, references_in, verifies
from weir.config import WeirConfig
from weir.gateway.downstream.memory import MemoryTransport
from weir.gateway.proxy import Gateway
from weir.guard import Guard
from weir.serving.stores import open_audit

pytestmark = pytest.mark.anyio
HANG_GUARD_S = 120  # generous: only a hang fails it
BLOCK_MAIL = {"name": "no-mail", "effect": "block", "when": "tool.name == 'send_mail'", "reason": "no mail today"}


async def _run(work: Path, detail: str) -> tuple[list[Any], dict[str, Any]]:
    """The stored events of an allowed echo and a blocked send_mail, and echo's released result."""
    config = WeirConfig.model_validate(
        {
            "servers": {"wire": {"trust": "trusted"}},
            "policy": {"rules": [BLOCK_MAIL]},
            "audit": {"path": str(work / "audit.db")},
            "gateway": {"audit_detail": detail},
        }
    )
    audit = open_audit(config)
    gateway = Gateway(config.gateway, decider=Guard(config), audit=audit, upstreams={"wire": wire_upstream()})
    try:
        async with Client(MemoryTransport(gateway), mode="2026-07-28") as client:
            with anyio.fail_after(HANG_GUARD_S):
                await client.list_tools()
                echoed = await client.call_tool("echo", {"text": "hello there"})
                blocked = await client.call_tool("send_mail", {"to": "ops desk", "body": "hi"})
    finally:
        await gateway.close()
        audit.close()
    assert blocked.is_error is True
    store = open_store(AuditConfig(path=str(work / "audit.db")), create=False)
    try:
        rows = list(store.query(AuditQuery(limit=1000)))
        released = echoed.model_dump(by_alias=True, mode="json", exclude_none=True)
        (ref,) = references_in(released)
        found = find(store, str(ref["ref"]))
        assert found is not None
        assert verifies(ref, found)
    finally:
        store.close()
    return [r.event for r in rows], released


def _one(events: list[Any], tool: str, phase: str) -> Any:
    (event,) = [e for e in events if e.tool == tool and e.phase.value == phase]
    return event


async def test_by_effect_an_allow_keeps_shapes_and_a_block_keeps_everything(tmp_path: Path) -> None:
    events, _ = await _run(tmp_path, "by-effect")
    call, result = _one(events, "echo", "call"), _one(events, "echo", "result")
    assert call.decision.applied == "allow"
    assert call.arguments.state.value == "stripped"
    assert call.arguments.value == {"$weir": "stripped", "type": "object", "keys": ["text"]}
    assert result.result.state.value == "stripped"
    assert "hello there" not in result.model_dump_json()
    assert result.labels_after is None
    blocked = _one(events, "send_mail", "call")
    assert blocked.decision.applied == "block"
    assert blocked.decision.reasons
    assert blocked.arguments.value == {"to": "ops desk", "body": "hi"}


async def test_by_default_every_record_is_kept_in_full(tmp_path: Path) -> None:
    events, _ = await _run(tmp_path, "full")
    call, result = _one(events, "echo", "call"), _one(events, "echo", "result")
    assert call.arguments.value == {"text": "hello there"}
    assert "hello there" in result.model_dump_json()
    assert result.labels_after is not None
