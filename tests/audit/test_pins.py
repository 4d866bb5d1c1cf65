"""Tool pins survive restarts in SQLite and never mix servers."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.audit.conftest import event
from weir.audit import SqliteAuditStore, SqlitePinStore
from weir.errors import AuditError


def test_an_unknown_server_has_no_pins(tmp_path: Path) -> None:
    with SqlitePinStore(tmp_path / "pins.db") as pins:
        assert pins.get("mail") is None


def test_pins_put_are_read_back_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "pins.db"
    with SqlitePinStore(path) as pins:
        pins.put("mail", {"send": "aa", "read": "bb"})
        pins.put("files", {"read": "cc"})
    with SqlitePinStore(path) as pins:
        assert pins.get("mail") == {"send": "aa", "read": "bb"}
        assert pins.get("files") == {"read": "cc"}


def test_putting_again_replaces_the_servers_pins(tmp_path: Path) -> None:
    with SqlitePinStore(tmp_path / "pins.db") as pins:
        pins.put("mail", {"send": "aa", "read": "bb"})
        pins.put("mail", {"send": "zz"})
        assert pins.get("mail") == {"send": "zz"}


def test_pins_can_share_the_audit_file_without_disturbing_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "weir.db"
    with SqliteAuditStore(path) as audit, SqlitePinStore(path) as pins:
        audit.append(event(1))
        pins.put("mail", {"send": "aa"})
        audit.append(event(2))
        assert audit.verify().ok
        assert pins.get("mail") == {"send": "aa"}


def test_corrupted_pins_are_an_error_not_an_empty_pin_set(tmp_path: Path) -> None:
    path = tmp_path / "pins.db"
    with SqlitePinStore(path) as pins:
        pins.put("mail", {"send": "aa"})
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE weir_pins SET hashes = '[1, 2]'")
    db.close()
    with SqlitePinStore(path) as pins, pytest.raises(AuditError, match="not a name"):
        pins.get("mail")


def test_a_server_name_that_is_not_utf8_is_a_clear_error(tmp_path: Path) -> None:
    with SqlitePinStore(tmp_path / "pins.db") as pins:
        with pytest.raises(AuditError, match="cannot store pins"):
            pins.put("bad\ud800", {"t": "h"})
        with pytest.raises(AuditError, match="cannot read pins"):
            pins.get("bad\ud800")
