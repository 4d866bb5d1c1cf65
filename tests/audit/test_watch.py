"""A store refuses to append once its database or anchor log is deleted or replaced."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.audit.conftest import event
from weir.audit import SqliteAuditStore
from weir.audit.anchorlog import log_path
from weir.errors import AuditError


def test_an_append_after_the_database_was_deleted_raises_and_keeps_raising(db_path: Path) -> None:
    with SqliteAuditStore(db_path) as store:
        store.append(event(1))
        db_path.unlink()
        with pytest.raises(AuditError, match=r"the audit database .*audit\.db was deleted while it was open"):
            store.append(event(2))
        SqliteAuditStore(db_path.with_name("other.db")).close()
        os.replace(db_path.with_name("other.db"), db_path)  # something is at the path again
        with pytest.raises(AuditError, match="was deleted"):
            store.append(event(3))


def test_an_append_after_the_database_was_replaced_raises(db_path: Path, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere" / "audit.db"
    other.parent.mkdir()
    SqliteAuditStore(other).close()
    with SqliteAuditStore(db_path) as store:
        store.append(event(1))
        os.replace(other, db_path)
        with pytest.raises(AuditError, match="was replaced by another file"):
            store.append(event(2))


def test_an_append_after_the_anchor_log_was_deleted_raises(db_path: Path) -> None:
    with SqliteAuditStore(db_path) as store:
        store.append(event(1))
        log_path(db_path).unlink()
        with pytest.raises(AuditError, match=r"the anchor log .*audit\.db\.anchors was deleted"):
            store.append(event(2))


def test_a_database_moved_away_is_noticed_too(db_path: Path, tmp_path: Path) -> None:
    with SqliteAuditStore(db_path) as store:
        store.append(event(1))
        db_path.rename(tmp_path / "moved.db")
        with pytest.raises(AuditError, match="was deleted while it was open"):
            store.append(event(2))


def test_an_in_memory_store_has_no_files_to_watch() -> None:
    with SqliteAuditStore(":memory:") as store:
        assert store.append(event(1)).id == 1
        assert store.verify().ok
