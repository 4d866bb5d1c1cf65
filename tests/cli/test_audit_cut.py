"""`weir audit verify` reports a trail cut short without the user having exported anything.

The attacks are made with raw sqlite3 on a real file written by the store, as someone with
write access to the database (but not to its anchor log, or without the log's key) would.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.audit.conftest import event
from weir.audit import SqliteAuditStore
from weir.audit.chain import chain_hash
from weir.cli.app import app

runner = CliRunner()


def _fill(path: Path, n: int, **options: object) -> None:
    with SqliteAuditStore(path, **options) as store:  # type: ignore[arg-type]
        for i in range(n):
            store.append(event(i))


def _attack(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path)
    with db:
        for sql in statements:
            db.execute(sql)
    db.close()


def _verify(path: Path, *extra: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["audit", "verify", "--db", str(path), *extra], env=env)
    return result.exit_code, result.stdout, result.stderr


def test_a_cut_tail_is_reported_with_how_many_events_are_missing_and_from_which_id(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    _fill(db, 20)
    _attack(db, "DELETE FROM events WHERE id > 12")
    code, _, err = _verify(db)
    assert code == 1
    assert "TAMPERED: the chain ends at row 12 but the anchor log records row 20: 8 events missing from row 13" in err


def test_a_block_of_500_rows_deleted_with_their_stored_anchor_is_reported(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    _fill(db, 1200, anchor_every=1000)
    _attack(db, "DELETE FROM events WHERE id > 700", "DELETE FROM anchors")
    code, _, err = _verify(db)
    assert code == 1
    assert "the chain ends at row 700 but the anchor log records row 1200: 500 events missing from row 701" in err


def test_every_row_deleted_is_reported_not_ok_0_events(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    _fill(db, 30, anchor_every=10)
    _attack(db, "DELETE FROM events", "DELETE FROM anchors")
    code, out, err = _verify(db)
    assert code == 1
    assert "ok:" not in out
    assert "the chain is empty but the anchor log records row 30: 30 events missing from row 1" in err


def test_a_tail_rewritten_with_fresh_hashes_is_reported_at_the_first_rewritten_row(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    _fill(db, 6)
    # The forger replaces rows 4..6 with rows of their own, chained with recomputed hashes.
    raw = sqlite3.connect(db)
    prev = raw.execute("SELECT hash FROM events WHERE id = 3").fetchone()[0]
    with raw:
        for row_id in (4, 5, 6):
            text = raw.execute("SELECT event FROM events WHERE id = ?", (row_id,)).fetchone()[0]
            text = text.replace('"session":"s1"', '"session":"s9"')
            digest = chain_hash(prev, row_id, text)
            raw.execute(
                "UPDATE events SET event = ?, session = 's9', prev_hash = ?, hash = ? WHERE id = ?",
                (text, prev, digest, row_id),
            )
            prev = digest
    raw.close()
    code, _, err = _verify(db)
    assert code == 1
    assert "row 4: hash" in err
    assert "differs from the anchor log's" in err


def test_the_database_deleted_but_its_anchor_log_kept_is_named(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    _fill(db, 5)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    code, _, err = _verify(db)
    assert code == 2
    assert "no audit database here" in err
    assert "its anchor log" in err
    assert "records row 5" in err


def test_an_old_database_without_an_anchor_log_verifies_with_a_warning(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    _fill(db, 4)
    # What a database written before the anchor log looks like: no log, no marker for one.
    Path(f"{db}.anchors").unlink()
    _attack(db, "DELETE FROM weir_meta WHERE key = 'anchor_log'")
    code, out, err = _verify(db)
    assert code == 0
    assert out.startswith("ok: 4 events, chain intact")
    assert "warning: no anchor log" in err
    assert "a cut tail cannot be detected" in err


def test_an_old_database_with_a_broken_chain_still_fails(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    _fill(db, 4)
    Path(f"{db}.anchors").unlink()
    _attack(db, "DELETE FROM weir_meta WHERE key = 'anchor_log'", "DELETE FROM events WHERE id = 2")
    code, _, err = _verify(db)
    assert code == 1
    assert "row 2 missing" in err


def test_a_deleted_anchor_log_is_reported_when_the_database_was_written_with_one(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    _fill(db, 4)
    Path(f"{db}.anchors").unlink()
    code, _, err = _verify(db)
    assert code == 1
    assert "the anchor log" in err
    assert "is missing" in err


def test_a_row_past_the_log_is_a_warning_not_a_failure(tmp_path: Path) -> None:
    # What a writer killed between its commit and its log line leaves behind.
    db = tmp_path / "audit.db"
    _fill(db, 5)
    log = Path(f"{db}.anchors")
    log.write_text("".join(log.read_text().splitlines(keepends=True)[:-1]))
    code, out, err = _verify(db)
    assert code == 0, err
    assert out.startswith("ok: 5 events")
    assert "warning: row 5 (1 event) is not covered by the anchor log" in err


KEY = {"WEIR_AUDIT_KEY": "k" * 32}


@pytest.fixture
def keyed(tmp_path: Path) -> Path:
    db = tmp_path / "audit.db"
    _fill(db, 8, anchor_key=KEY["WEIR_AUDIT_KEY"].encode())
    return db


def test_a_keyed_log_verifies_with_the_key_and_warns_without_it(keyed: Path) -> None:
    code, out, _ = _verify(keyed, "--key-env", "WEIR_AUDIT_KEY", env=KEY)
    assert code == 0
    assert out.startswith("ok: 8 events")
    code, _, err = _verify(keyed)
    assert code == 0
    assert "MACs not checked" in err


def test_a_forged_line_in_a_keyed_log_is_reported(keyed: Path) -> None:
    # Someone who can write both files cuts the tail and rewrites the log's last line to match.
    _attack(keyed, "DELETE FROM events WHERE id > 6")
    log = Path(f"{keyed}.anchors")
    lines = log.read_text().splitlines(keepends=True)
    with SqliteAuditStore(keyed, create=False) as store:
        head = store.head()
    assert head is not None
    forged = lines[-1].replace('"id":8', '"id":6').replace(lines[-1].split('"hash":"')[1][:64], head.hash)
    log.write_text("".join([*lines[:6], forged]))
    code, _, err = _verify(keyed, "--key-env", "WEIR_AUDIT_KEY", env=KEY)
    assert code == 1
    assert "MAC" in err


def test_a_wrong_key_is_reported(keyed: Path) -> None:
    code, _, err = _verify(keyed, "--key-env", "WEIR_AUDIT_KEY", env={"WEIR_AUDIT_KEY": "x" * 32})
    assert code == 1
    assert "MAC" in err


def test_a_key_named_but_not_set_is_exit_2(keyed: Path) -> None:
    code, _, err = _verify(keyed, "--key-env", "NO_SUCH_WEIR_KEY", env={"NO_SUCH_WEIR_KEY": ""})
    assert code == 2
    assert "NO_SUCH_WEIR_KEY" in err
