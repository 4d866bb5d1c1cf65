"""Shared fixtures: a real SQLite audit file in a temporary directory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from weir.audit import AuditEvent, DecisionRecord, Phase, SqliteAuditStore


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "audit.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[SqliteAuditStore]:
    with SqliteAuditStore(db_path, anchor_every=0) as s:
        yield s


def event(n: int = 0, **fields: object) -> AuditEvent:
    """A plausible call event; ``n`` varies the content so rows differ."""
    base: dict[str, object] = {
        "phase": Phase.CALL,
        "session": "s1",
        "server": "mail",
        "tool": "send",
        "call_id": str(n),
        "decision": DecisionRecord(effect="allow", applied="allow"),
        "latency_ms": 0.5 + n,
    }
    base.update(fields)
    return AuditEvent.model_validate(base)
