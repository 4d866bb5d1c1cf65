"""Reading the trail back: following, exporting, anchors and times."""

from __future__ import annotations

import io
import json
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.audit.conftest import event
from weir.audit import Anchor, SqliteAuditStore
from weir.audit.read import export_jsonl, follow, load_anchors, parse_time, verify_export
from weir.errors import AuditError


def test_follow_yields_events_appended_by_another_writer(db_path: Path) -> None:
    with SqliteAuditStore(db_path) as reader, SqliteAuditStore(db_path) as writer:
        writer.append(event(0))
        seen: list[int] = []

        def write() -> None:
            for i in range(1, 6):
                writer.append(event(i))

        t = threading.Thread(target=write)
        t.start()
        for item in follow(reader, after_id=1, poll_s=0.01, stop=lambda: len(seen) >= 5):
            seen.append(item.id)
        t.join()
    assert seen == [2, 3, 4, 5, 6]


def test_export_writes_one_chained_object_per_line(store: SqliteAuditStore) -> None:
    for i in range(3):
        store.append(event(i))
    out = io.StringIO()
    assert export_jsonl(store, out) == 3
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [x["id"] for x in lines] == [1, 2, 3]
    assert lines[1]["prevHash"] == lines[0]["hash"]
    assert lines[0]["event"]["phase"] == "call"


@pytest.mark.parametrize(
    "text",
    [
        '{"id": 3, "hash": "ab"}',
        '[{"id": 3, "hash": "ab"}]',
        '{"id": 1, "hash": "cd"}\n{"id": 3, "hash": "ab"}\n',
    ],
)
def test_anchors_load_from_json_a_list_or_json_lines(tmp_path: Path, text: str) -> None:
    path = tmp_path / "anchors.json"
    path.write_text(text)
    assert load_anchors(path)[-1] == Anchor(id=3, hash="ab")


def test_a_bad_anchor_file_is_a_precise_error(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text('{"id": "x"}')
    with pytest.raises(AuditError, match="not an anchor"):
        load_anchors(path)
    path.write_text("{nope")
    with pytest.raises(AuditError, match="JSON or JSON Lines"):
        load_anchors(path)
    with pytest.raises(AuditError, match="cannot read anchors"):
        load_anchors(tmp_path / "missing.json")


def test_times_parse_as_iso_8601_with_naive_meaning_utc() -> None:
    assert parse_time("2026-11-21") == datetime(2026, 11, 21, tzinfo=UTC)
    assert parse_time("2026-11-21T19:00:00Z") == datetime(2026, 11, 21, 19, tzinfo=UTC)
    with pytest.raises(AuditError, match="not an ISO 8601 time"):
        parse_time("yesterday")


def test_an_export_verifies_on_its_own_and_keeps_the_stored_text(store: SqliteAuditStore) -> None:
    for i in range(5):
        store.append(event(i, labels_after={"level": 2}, arguments={"x": 1.5}))
    out = io.StringIO()
    export_jsonl(store, out)
    lines = out.getvalue().splitlines()
    assert [json.loads(x)["event"] for x in lines] == [json.loads(r.event) for r in store.chain()]
    report = verify_export(lines)
    assert report.ok, report.problem
    assert report.head == store.head()


def test_an_edited_export_line_is_reported(store: SqliteAuditStore) -> None:
    for i in range(4):
        store.append(event(i))
    out = io.StringIO()
    export_jsonl(store, out)
    lines = out.getvalue().splitlines()
    lines[2] = lines[2].replace('"session":"s1"', '"session":"s9"')
    report = verify_export(lines)
    assert report.problem is not None
    assert (report.problem.id, report.problem.kind) == (3, "hash")
    dropped = verify_export(lines[:1] + lines[2:])
    assert dropped.problem is not None
    assert dropped.problem.kind == "missing"


def test_a_line_that_is_not_an_exported_row_is_reported_with_its_number(store: SqliteAuditStore) -> None:
    store.append(event(1))
    out = io.StringIO()
    export_jsonl(store, out)
    report = verify_export([*out.getvalue().splitlines(), '{"id": 2}'])
    assert report.problem is not None
    assert report.problem.kind == "json"
    assert report.problem.message.startswith("line 2: not an exported row")
