"""The hash chain detects every edit an attacker with write access to the file can make."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.audit.conftest import event
from weir.audit import Anchor, SqliteAuditStore
from weir.audit.chain import GENESIS, ChainRow, canonical_json, chain_hash, chain_hash_utf8, verify_rows


def _fill(path: Path, n: int, *, anchor_every: int = 0) -> None:
    with SqliteAuditStore(path, anchor_every=anchor_every) as s:
        for i in range(n):
            s.append(event(i))


def _attack(path: Path, *statements: str) -> None:
    """Edit the file with raw sqlite3, as an attacker would."""
    db = sqlite3.connect(path)
    with db:
        for sql in statements:
            db.execute(sql)
    db.close()


def _drop_the_anchor_log(path: Path) -> None:
    """What an attacker who can write everything beside the database does first (or an old database)."""
    Path(f"{path}.anchors").unlink()
    _attack(path, "DELETE FROM weir_meta WHERE key = 'anchor_log'")


def _verify(path: Path, anchors: tuple[Anchor, ...] = ()) -> tuple[int, str, str] | None:
    with SqliteAuditStore(path, create=False) as s:
        report = s.verify(anchors)
    return None if report.problem is None else (report.problem.id, report.problem.kind, report.problem.message)


def test_an_untouched_chain_verifies(db_path: Path) -> None:
    _fill(db_path, 7)
    with SqliteAuditStore(db_path) as s:
        report = s.verify()
    assert report.ok
    assert report.checked == 7
    assert report.head is not None
    assert report.head.id == 7


def test_an_empty_chain_verifies(db_path: Path) -> None:
    _fill(db_path, 0)
    with SqliteAuditStore(db_path) as s:
        report = s.verify()
    assert report.ok
    assert report.checked == 0
    assert report.head is None


def test_an_edited_row_is_reported_with_its_id(db_path: Path) -> None:
    _fill(db_path, 6)
    _attack(db_path, 'UPDATE events SET event = replace(event, \'"effect":"allow"\', \'"effect":"deny"\') WHERE id = 4')
    problem = _verify(db_path)
    assert problem is not None
    assert problem[:2] == (4, "hash")
    assert "edited" in problem[2]


def test_a_deleted_row_is_reported_as_missing(db_path: Path) -> None:
    _fill(db_path, 6)
    _attack(db_path, "DELETE FROM events WHERE id = 3")
    problem = _verify(db_path)
    assert problem is not None
    assert problem[:2] == (3, "missing")
    assert "row 3 missing" in problem[2]


def test_a_deleted_row_with_ids_renumbered_breaks_the_chain(db_path: Path) -> None:
    _fill(db_path, 6)
    _attack(db_path, "DELETE FROM events WHERE id = 3", "UPDATE events SET id = id - 1 WHERE id > 3")
    problem = _verify(db_path)
    assert problem is not None
    assert problem[:2] == (3, "chain")


def test_two_swapped_rows_are_reported_at_the_first(db_path: Path) -> None:
    _fill(db_path, 6)
    # Move row 2 and 5 into each other's place, hashes and all.
    _attack(
        db_path,
        "UPDATE events SET id = -2 WHERE id = 2",
        "UPDATE events SET id = 2 WHERE id = 5",
        "UPDATE events SET id = 5 WHERE id = -2",
    )
    problem = _verify(db_path)
    assert problem is not None
    assert problem[:2] == (2, "chain")


def test_a_row_inserted_in_the_middle_is_reported(db_path: Path) -> None:
    _fill(db_path, 6)
    # Make room after row 3 and insert a copy of row 1, re-chained to row 3 but with the old hash.
    _attack(
        db_path,
        "UPDATE events SET id = id + 100 WHERE id > 3",
        "UPDATE events SET id = id - 99 WHERE id > 100",
        "INSERT INTO events SELECT 4, time, phase, session, connection, server, tool, effect, applied, event, "
        "(SELECT hash FROM events WHERE id = 3), hash FROM events WHERE id = 1",
    )
    problem = _verify(db_path)
    assert problem is not None
    assert problem[:2] == (4, "hash")


def test_an_indexed_column_that_disagrees_with_its_event_is_reported(db_path: Path) -> None:
    _fill(db_path, 3)
    _attack(db_path, "UPDATE events SET effect = 'block' WHERE id = 2")
    problem = _verify(db_path)
    assert problem is not None
    assert problem[:2] == (2, "column")
    assert "'effect'" in problem[2]


def test_a_cut_tail_is_caught_by_an_anchor_stored_in_the_file(db_path: Path) -> None:
    _fill(db_path, 10, anchor_every=5)
    _attack(db_path, "DELETE FROM events WHERE id > 7")
    problem = _verify(db_path)
    assert problem is not None
    assert problem[:2] == (8, "truncated")
    assert "rows 8..10" in problem[2]


def test_a_cut_tail_is_caught_by_an_exported_head(db_path: Path) -> None:
    _fill(db_path, 5)
    with SqliteAuditStore(db_path) as s:
        exported = s.head()
    assert exported is not None
    _attack(db_path, "DELETE FROM events WHERE id > 3")
    _drop_the_anchor_log(db_path)
    assert _verify(db_path) is None  # without any anchor a cut tail looks like a shorter chain
    problem = _verify(db_path, (exported,))
    assert problem is not None
    assert problem[1] == "truncated"


def test_a_rewritten_chain_is_caught_by_an_exported_head(db_path: Path) -> None:
    _fill(db_path, 4)
    with SqliteAuditStore(db_path) as s:
        exported = s.head()
    assert exported is not None
    # The attacker rewrites row 2 and recomputes every hash after it: the walk alone cannot tell.
    db = sqlite3.connect(db_path)
    rows = db.execute("SELECT id, event FROM events ORDER BY id").fetchall()
    prev = GENESIS
    with db:
        for row_id, original in rows:
            text = original.replace('"session":"s1"', '"session":"s2"') if row_id == 2 else original
            digest = chain_hash(prev, row_id, text)
            db.execute(
                "UPDATE events SET event = ?, session = ?, prev_hash = ?, hash = ? WHERE id = ?",
                (text, "s2" if row_id == 2 else "s1", prev, digest, row_id),
            )
            prev = digest
    db.close()
    _drop_the_anchor_log(db_path)
    assert _verify(db_path) is None
    problem = _verify(db_path, (exported,))
    assert problem is not None
    assert problem[:2] == (4, "anchor")


def test_the_hash_is_sha256_of_the_previous_hash_and_the_canonical_row() -> None:
    import hashlib

    text = canonical_json({"phase": "call", "b": [1, 2], "a": "é"})
    expected = hashlib.sha256((GENESIS + '{"event":' + text + ',"id":1}').encode()).hexdigest()
    assert chain_hash(GENESIS, 1, text) == expected
    assert text == '{"a":"é","b":[1,2],"phase":"call"}'
    assert (
        canonical_json({"event": {"a": "é", "b": [1, 2], "phase": "call"}, "id": 1}) == '{"event":' + text + ',"id":1}'
    )


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200)
@given(_json_values)
def test_canonical_json_is_json_dumps_with_the_documented_options(value: object) -> None:
    reference = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    assert canonical_json(value) == reference


def test_canonical_json_refuses_what_is_not_json() -> None:
    for bad in (float("nan"), {"x": float("inf")}, {"x": object()}):
        with pytest.raises((ValueError, TypeError)):
            canonical_json(bad)
    circular: dict[str, object] = {}
    circular["self"] = circular
    with pytest.raises(RecursionError):
        canonical_json(circular)
    assert canonical_json({"b": 1, "a": [1.5, "é"]}) == '{"a":[1.5,"é"],"b":1}'  # still sound after failures


@settings(max_examples=100)
@given(prev=st.text(max_size=70), row_id=st.integers(1, 10**12), value=_json_values)
def test_hashing_the_utf8_bytes_is_hashing_the_text(prev: str, row_id: int, value: object) -> None:
    text = canonical_json(value)
    assert chain_hash_utf8(prev, row_id, text.encode("utf-8")) == chain_hash(prev, row_id, text)


def _rows(n: int) -> list[ChainRow]:
    rows, prev = [], GENESIS
    for i in range(1, n + 1):
        text = canonical_json({"phase": "call", "time": f"t{i}", "n": i})
        digest = chain_hash(prev, i, text)
        rows.append(ChainRow(i, prev, digest, text, {"time": f"t{i}", "phase": "call"}))
        prev = digest
    return rows


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 12), data=st.data())
def test_any_single_tampering_is_detected(n: int, data: st.DataObject) -> None:
    rows = _rows(n)
    assert verify_rows(rows).ok
    i = data.draw(st.integers(0, n - 1))
    how = data.draw(st.sampled_from(["edit", "delete", "swap", "duplicate"]))
    if how == "edit":
        r = rows[i]
        rows[i] = r._replace(event=r.event.replace(f'"n":{r.id}', f'"n":{r.id + 1000}'))
    elif how == "delete":
        if i == n - 1:
            i -= 1  # deleting the last row is truncation, which only anchors catch
        del rows[i]
    elif how == "swap":
        j = data.draw(st.integers(0, n - 1).filter(lambda j: j != i))
        rows[i], rows[j] = rows[j]._replace(id=rows[i].id), rows[i]._replace(id=rows[j].id)
    else:
        rows.insert(i, rows[i])
        rows = [r._replace(id=k + 1) for k, r in enumerate(rows)]
    assert not verify_rows(rows).ok
