"""The anchor log beside the database: written per commit, checked on open and by verify."""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.audit.conftest import event, fill, tamper
from weir.audit import AuditConfig, AuditEvent, Phase, SqliteAuditStore, open_store
from weir.audit.adoption import ADOPT_ACTION
from weir.audit.anchorlog import anchor_mac, log_path
from weir.audit.chain import canonical_json, chain_hash, index_columns
from weir.errors import AuditError

KEY = b"a-deployer-secret-of-32-bytes!!!"


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in log_path(path).read_text().splitlines()]


def test_every_commit_appends_its_row_id_and_hash(db_path: Path) -> None:
    hashes = fill(db_path, 3)
    assert _lines(db_path) == [{"id": i + 1, "hash": h} for i, h in enumerate(hashes)]


def test_with_a_key_every_line_carries_the_mac_of_its_id_and_hash(db_path: Path) -> None:
    hashes = fill(db_path, 2, anchor_key=KEY)
    assert _lines(db_path) == [{"id": i + 1, "hash": h, "mac": anchor_mac(KEY, i + 1, h)} for i, h in enumerate(hashes)]


def test_a_short_key_is_refused(db_path: Path) -> None:
    with pytest.raises(AuditError, match="at least 16 bytes"):
        SqliteAuditStore(db_path, anchor_key=b"short")


def test_the_key_comes_from_the_environment_variable_the_config_names(db_path: Path) -> None:
    cfg = AuditConfig(path=str(db_path), anchor_key_env="WEIR_TEST_AUDIT_KEY")
    with pytest.raises(AuditError, match="WEIR_TEST_AUDIT_KEY is not set"):
        open_store(cfg, environ={})
    with open_store(cfg, environ={"WEIR_TEST_AUDIT_KEY": KEY.decode()}) as store:
        stored = store.append(event(1))
    assert _lines(db_path)[0]["mac"] == anchor_mac(KEY, 1, stored.hash)


def test_a_store_opened_for_reading_writes_no_log_until_it_appends(db_path: Path) -> None:
    fill(db_path, 2)
    log_path(db_path).unlink()
    tamper(db_path, "DELETE FROM weir_meta WHERE key = 'anchor_log'")
    with SqliteAuditStore(db_path, create=False) as reader:
        assert reader.verify().ok
        assert not log_path(db_path).exists()
        reader.append(event(3))
    assert [line["id"] for line in _lines(db_path)] == [2, 3]  # the head it found, then its own row


def test_an_old_database_gets_a_log_that_records_its_unvouched_rows_and_fails_until_adopted(db_path: Path) -> None:
    hashes = fill(db_path, 4)
    log_path(db_path).unlink()
    tamper(db_path, "DELETE FROM weir_meta WHERE key = 'anchor_log'")
    with SqliteAuditStore(db_path) as store:
        assert _lines(db_path) == [{"id": 4, "hash": hashes[3], "adopted": 1}]
        store.append(event(5))
        report = store.verify()
    assert not report.ok
    assert report.problem is not None
    assert report.problem.kind == "unvouched"
    assert report.problem.id == 1
    assert report.problem.message.startswith("rows 1..4 had no anchor log line when a writer opened the trail")
    with SqliteAuditStore(db_path) as store:
        store.append(AuditEvent(phase=Phase.OPERATOR, details=adoption(4)))
        report = store.verify()
    assert report.ok
    assert report.warnings == ("rows 1..4 had no anchor log line; adopted by operator alice (row 6)",)


def test_rows_a_writer_left_without_lines_are_recorded_by_the_next_writer_not_vouched_for(db_path: Path) -> None:
    hashes = fill(db_path, 5, anchor_key=KEY)
    log = log_path(db_path)
    log.write_text("".join(log.read_text().splitlines(keepends=True)[:3]))  # rows 4 and 5 lost their lines
    for _ in range(2):  # after any number of restarts
        with SqliteAuditStore(db_path, anchor_key=KEY) as store:
            report = store.verify()
        assert report.problem is not None
        assert (report.problem.kind, report.problem.id) == ("unvouched", 4)
    assert _lines(db_path)[-1] == {"id": 5, "hash": hashes[4], "adopted": 4, "mac": anchor_mac(KEY, 5, hashes[4], 4)}


def test_a_forged_row_is_never_adopted_by_the_gateways_key(db_path: Path) -> None:
    fill(db_path, 3, anchor_key=KEY)
    forge_row(db_path, AuditEvent(phase=Phase.OPERATOR, details={"action": "approve", "operator": "alice"}))
    with SqliteAuditStore(db_path, anchor_key=KEY) as store:  # the gateway restarts
        store.append(event(5))
        report = store.verify()
    assert report.problem is not None
    assert (report.problem.kind, report.problem.id) == ("unvouched", 4)
    # A forged adoption is itself unvouched: it adopts nothing.
    forge_row(db_path, AuditEvent(phase=Phase.OPERATOR, details=adoption(5)))
    with SqliteAuditStore(db_path, anchor_key=KEY) as store:
        report = store.verify()
    assert report.problem is not None
    assert (report.problem.kind, report.problem.id) == ("unvouched", 4)


def adoption(through: int) -> dict[str, object]:
    return {"action": ADOPT_ACTION, "first": 1, "through": through, "operator": "alice", "reason": "checked"}


def forge_row(db_path: Path, forged: AuditEvent) -> None:
    """Append a row with a valid chain hash straight into the database (no anchor log line)."""
    with sqlite3.connect(db_path) as con:
        row_id, prev = con.execute("SELECT id, hash FROM events ORDER BY id DESC LIMIT 1").fetchone()
        data = forged.model_dump(mode="json", by_alias=True, exclude_none=True)
        text = canonical_json(data)
        values = {"id": row_id + 1, **index_columns(data), "event": text, "prev_hash": prev}
        values["hash"] = chain_hash(prev, row_id + 1, text)
        names, marks = ", ".join(values), ", ".join("?" * len(values))
        con.execute(f"INSERT INTO events ({names}) VALUES ({marks})", list(values.values()))


@pytest.mark.parametrize(
    ("rows", "damage", "message"),
    [
        pytest.param(
            6,
            lambda db: tamper(db, "DELETE FROM events WHERE id > 2"),
            "records row 6 but the database ends at row 2: 4 events missing from row 3",
            id="its tail cut",
        ),
        pytest.param(3, Path.unlink, "ends at row 0: 3 events missing from row 1", id="recreated beside its old log"),
        pytest.param(
            3,
            lambda db: tamper(db, "UPDATE events SET hash = replace(hash, substr(hash, 1, 1), 'x') WHERE id = 3"),
            "row 3's hash differs from the anchor log's",
            id="rewritten",
        ),
        pytest.param(
            3,
            lambda db: log_path(db).unlink(),
            "the anchor log is missing, but the database was written with one",
            id="its log deleted",
        ),
    ],
)
def test_a_writer_refuses_a_damaged_trail(
    db_path: Path, rows: int, damage: Callable[[Path], None], message: str
) -> None:
    fill(db_path, rows)
    damage(db_path)
    with pytest.raises(AuditError, match=message):
        SqliteAuditStore(db_path)


def test_a_writer_refuses_a_log_written_with_another_key(db_path: Path) -> None:
    fill(db_path, 3, anchor_key=KEY)
    with pytest.raises(AuditError, match="a wrong key, or forged"):
        SqliteAuditStore(db_path, anchor_key=b"another-key-of-enough-bytes")


def test_a_torn_last_line_is_left_behind_and_reported_as_a_warning(db_path: Path) -> None:
    fill(db_path, 2)
    with log_path(db_path).open("a") as fh:
        fh.write('{"id":3,"ha')  # what a crash in the middle of a write leaves
    fill(db_path, 1)  # row 3: a new line of its own after the torn one
    with SqliteAuditStore(db_path, create=False) as store:
        report = store.verify()
    assert report.ok, report.problem
    assert report.warnings == ("the anchor log has 1 line(s) that are not anchors (a write torn by a crash?)",)


def test_lines_out_of_id_order_verify_and_a_late_line_that_disagrees_is_reported(db_path: Path) -> None:
    fill(db_path, 40)
    lines = log_path(db_path).read_text().splitlines(keepends=True)
    random.Random(7).shuffle(lines)  # several processes, each a little late
    log_path(db_path).write_text("".join(lines))
    with SqliteAuditStore(db_path, create=False) as store:
        assert store.verify().ok
    late = '{"id":2,"hash":"' + "0" * 64 + '"}\n'
    log_path(db_path).write_text("".join([*lines, late]))
    with SqliteAuditStore(db_path, create=False) as store:
        report = store.verify()
    assert report.problem is not None
    assert (report.problem.id, report.problem.kind) == (2, "anchor")


def test_verify_while_another_thread_appends_never_reports_rows_missing(db_path: Path) -> None:
    with SqliteAuditStore(db_path) as writer, SqliteAuditStore(db_path, create=False) as reader:
        done = threading.Event()

        def append() -> None:
            for i in range(300):
                writer.append(event(i))
            done.set()

        thread = threading.Thread(target=append)
        thread.start()
        reports = []
        while not done.is_set():
            reports.append(reader.verify())
        thread.join()
        reports.append(reader.verify())
    assert all(r.problem is None for r in reports), [r.problem for r in reports if r.problem]
    assert reports[-1].checked == 300
    assert reports[-1].warnings == ()


def test_a_bad_row_is_reported_before_a_problem_with_the_whole_log(db_path: Path) -> None:
    fill(db_path, 4)
    log_path(db_path).unlink()
    tamper(db_path, "DELETE FROM events WHERE id = 2")
    with SqliteAuditStore(db_path, create=False) as store:
        report = store.verify()
    assert report.problem is not None
    assert (report.problem.id, report.problem.kind) == (2, "missing")
