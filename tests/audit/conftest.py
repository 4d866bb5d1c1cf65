"""Shared fixtures and helpers: a real SQLite audit file in a temporary directory, filled and tampered with."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


def fill(path: Path, n: int, **options: Any) -> list[str]:
    """Append ``n`` events (``event(0)`` …) with a store on ``path`` opened with ``options``; their hashes."""
    with SqliteAuditStore(path, **options) as store:
        return [store.append(event(i)).hash for i in range(n)]


def tamper(path: Path, *statements: str) -> None:
    """Run ``statements`` on the file with raw sqlite3, as someone with write access to it would."""
    db = sqlite3.connect(path)
    with db:
        for sql in statements:
            db.execute(sql)
    db.close()


def drop_anchor_log(path: Path) -> None:
    """Delete the anchor log and the database's note that it had one.

    What a database written before the anchor log looks like, and what an attacker who can write
    everything beside the database does first.
    """
    Path(f"{path}.anchors").unlink()
    tamper(path, "DELETE FROM weir_meta WHERE key = 'anchor_log'")
