"""The SQLite store: appends are chained, durable, queryable and safe from several threads."""

from __future__ import annotations

import itertools
import sqlite3
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.audit.conftest import event
from weir.audit import AuditConfig, AuditQuery, AuditStore, Durability, SqliteAuditStore, open_store
from weir.audit.chain import GENESIS
from weir.errors import AuditError


def test_the_sqlite_store_is_an_audit_store(store: SqliteAuditStore) -> None:
    assert isinstance(store, AuditStore)


def test_appends_get_consecutive_ids_each_chained_to_the_previous(store: SqliteAuditStore) -> None:
    first = store.append(event(1))
    second = store.append(event(2))
    assert (first.id, second.id) == (1, 2)
    assert first.prev_hash == GENESIS
    assert second.prev_hash == first.hash
    assert store.head() is not None
    assert store.head().hash == second.hash  # type: ignore[union-attr]


def test_an_appended_event_reads_back_as_stored(store: SqliteAuditStore) -> None:
    stored = store.append(event(3, upstream_error="timeout", details={"tools": ["a", "b"]}))
    (back,) = store.tail(1)
    assert back == stored
    assert back.event.upstream_error == "timeout"
    assert back.event.details == {"tools": ["a", "b"]}


def test_the_file_is_in_wal_mode_with_the_chosen_durability(db_path: Path) -> None:
    with SqliteAuditStore(db_path, durability=Durability.FULL) as s:
        assert s._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert s._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    with SqliteAuditStore(db_path) as s:
        assert s._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL


def test_an_append_is_visible_to_another_connection_as_soon_as_it_returns(store: SqliteAuditStore) -> None:
    store.append(event(1))
    other = sqlite3.connect(store.path)
    assert other.execute("SELECT count(*) FROM events").fetchone()[0] == 1
    other.close()


def test_two_stores_on_one_file_taking_turns_keep_one_unbroken_chain(db_path: Path) -> None:
    # Each store remembers the head it wrote; the other's rows in between must be chained to.
    with SqliteAuditStore(db_path, anchor_every=3) as a, SqliteAuditStore(db_path, anchor_every=3) as b:
        stored = [(a if i % 3 else b).append(event(i)) for i in range(12)]
        assert [s.id for s in stored] == list(range(1, 13))
        assert all(later.prev_hash == earlier.hash for earlier, later in itertools.pairwise(stored))
        report = a.verify()
        assert report.ok, report.problem
        assert [anchor.id for anchor in a.anchors()] == [3, 6, 9, 12]


def test_an_append_after_a_failed_one_still_chains_to_the_last_row(store: SqliteAuditStore) -> None:
    first = store.append(event(1))
    store._db.execute("CREATE TRIGGER no_more BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'full'); END")
    with pytest.raises(AuditError, match="cannot append"):
        store.append(event(2))
    store._db.execute("DROP TRIGGER no_more")
    second = store.append(event(3))
    assert (second.id, second.prev_hash) == (2, first.hash)
    assert store.verify().ok


def test_an_append_inside_a_transaction_left_open_is_refused_not_left_uncommitted(db_path: Path) -> None:
    with SqliteAuditStore(db_path, anchor_every=0) as store:
        store.append(event(1))
        store._db.execute("BEGIN")
        with pytest.raises(AuditError, match="cannot append"):
            store.append(event(2))
        assert not store._db.in_transaction  # the failed append rolled back what was left open
        assert store.append(event(3)).id == 2
    with SqliteAuditStore(db_path, create=False) as reopened:
        assert [s.event.call_id for s in reopened.query()] == ["1", "3"]


def test_tail_returns_the_last_events_oldest_first(store: SqliteAuditStore) -> None:
    for i in range(5):
        store.append(event(i))
    assert [s.id for s in store.tail(3)] == [3, 4, 5]
    assert store.tail(0) == []


def test_query_filters_by_every_field_given(store: SqliteAuditStore) -> None:
    store.append(event(1, session="a", tool="send"))
    store.append(event(2, session="b", tool="send", decision={"effect": "block", "applied": "warn"}))
    store.append(event(3, session="b", tool="read", phase="result"))
    assert [s.id for s in store.query(AuditQuery(session="b"))] == [2, 3]
    assert [s.id for s in store.query(AuditQuery(session="b", tool="send"))] == [2]
    assert [s.id for s in store.query(AuditQuery(effect="block"))] == [2]
    assert [s.id for s in store.query(AuditQuery(phase="result"))] == [3]
    assert [s.id for s in store.query(AuditQuery(server="nowhere"))] == []


def test_query_by_time_includes_since_and_excludes_until(store: SqliteAuditStore) -> None:
    t0 = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    for i in range(4):
        store.append(event(i, time=t0 + timedelta(minutes=i)))
    q = AuditQuery(since=t0 + timedelta(minutes=1), until=t0 + timedelta(minutes=3))
    assert [s.id for s in store.query(q)] == [2, 3]


def test_query_pages_through_more_rows_than_a_page_and_honours_the_limit(store: SqliteAuditStore) -> None:
    for i in range(1203):
        store.append(event(i))
    assert [s.id for s in store.query()] == list(range(1, 1204))
    assert [s.id for s in store.query(AuditQuery(limit=501))] == list(range(1, 502))
    assert [s.id for s in store.query(AuditQuery(after_id=1200))] == [1201, 1202, 1203]


def test_threads_appending_at_once_leave_one_valid_chain(store: SqliteAuditStore) -> None:
    def worker(k: int) -> None:
        for i in range(50):
            store.append(event(i, session=f"t{k}"))

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    report = store.verify()
    assert report.ok, report.problem
    assert report.checked == 300
    assert sorted(s.event.session for s in store.query()).count("t3") == 50


def test_two_stores_on_one_file_share_one_chain(db_path: Path) -> None:
    with SqliteAuditStore(db_path) as a, SqliteAuditStore(db_path) as b:
        for i in range(10):
            (a if i % 2 else b).append(event(i))
        report = a.verify()
    assert report.ok
    assert report.checked == 10


def test_anchors_are_recorded_every_n_events(db_path: Path) -> None:
    with SqliteAuditStore(db_path, anchor_every=3) as s:
        stored = [s.append(event(i)) for i in range(7)]
        assert [(a.id, a.hash) for a in s.anchors()] == [(3, stored[2].hash), (6, stored[5].hash)]


def test_opening_a_missing_file_without_create_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(AuditError, match="no audit database here"):
        SqliteAuditStore(tmp_path / "nope.db", create=False)


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    path.write_bytes(b"this is not a database, just some text that is long enough" * 20)
    with pytest.raises(AuditError, match="not a Weir audit database"):
        SqliteAuditStore(path)


def test_a_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE events (id INTEGER)")
    db.close()
    with pytest.raises(AuditError, match="no `weir_meta`"):
        SqliteAuditStore(path)


def test_a_file_from_a_newer_weir_is_refused(db_path: Path) -> None:
    SqliteAuditStore(db_path).close()
    db = sqlite3.connect(db_path)
    with db:
        db.execute("UPDATE weir_meta SET value = '99' WHERE key = 'store_version'")
    db.close()
    with pytest.raises(AuditError, match="newer Weir"):
        SqliteAuditStore(db_path)


def test_a_closed_store_refuses_to_append(db_path: Path) -> None:
    s = SqliteAuditStore(db_path)
    s.close()
    s.close()
    with pytest.raises(AuditError, match="closed"):
        s.append(event(1))


def test_an_event_that_is_not_json_is_refused_with_its_tool(store: SqliteAuditStore) -> None:
    with pytest.raises(AuditError, match="cannot be stored as JSON") as info:
        store.append(event(1, latency_ms=float("nan")))
    assert info.value.tool == "send"


def test_a_failed_append_leaves_no_transaction_open(store: SqliteAuditStore) -> None:
    store._db.execute("CREATE TRIGGER no_more BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'full'); END")
    with pytest.raises(AuditError, match="cannot append"):
        store.append(event(1))
    store._db.execute("DROP TRIGGER no_more")
    assert store.append(event(2)).id == 1


def test_open_store_resolves_a_relative_path_against_the_config_directory(tmp_path: Path) -> None:
    cfg = AuditConfig(path="sub.db", durability=Durability.FULL, anchor_every=2)
    with open_store(cfg, base_dir=tmp_path) as s:
        s.append(event(1))
        s.append(event(2))
        assert len(s.anchors()) == 1
    assert (tmp_path / "sub.db").is_file()


def test_an_in_memory_store_works_for_captures() -> None:
    with open_store(AuditConfig(path=":memory:")) as s:
        s.append(event(1))
        assert s.verify().ok


def test_a_payload_that_is_not_json_is_a_clear_error_not_a_crash() -> None:
    with SqliteAuditStore(":memory:", redact=False) as s, pytest.raises(AuditError, match="cannot be stored as JSON"):
        s.append(event(1, arguments={"x": object()}))


json_leaf = (
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
json_values = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None)
@given(
    texts=st.lists(st.text(st.characters(), max_size=30), min_size=1, max_size=4),
    args=json_values,
    latency=st.floats(min_value=0, max_value=1e6),
)
def test_any_event_reads_back_as_appended_and_the_chain_verifies(
    texts: list[str], args: object, latency: float
) -> None:
    with SqliteAuditStore(":memory:", redact=False) as s:
        appended = []
        for text in texts:
            e = event(1, session=text, tool=text, arguments=args, latency_ms=latency)
            if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
                # Only text that cannot be UTF-8 (lone surrogates) is refused, and refused cleanly.
                with pytest.raises(AuditError, match="not UTF-8"):
                    s.append(e)
            else:
                appended.append(s.append(e))
        assert [x.event for x in s.query()] == [x.event for x in appended]
        assert s.verify().ok


def test_text_that_is_not_utf8_is_refused_cleanly_and_the_store_keeps_working() -> None:
    with SqliteAuditStore(":memory:", redact=False) as s:
        with pytest.raises(AuditError, match="not UTF-8"):
            s.append(event(1, tool="a\ud800b"))
        with pytest.raises(AuditError, match="not UTF-8"):
            s.append(event(2, arguments={"x": "\udfff"}))
        assert s.append(event(3)).id == 1
        assert s.verify().ok


def test_a_huge_value_is_stored_as_its_digest_and_an_excerpt(tmp_path: Path) -> None:
    import hashlib

    from weir.audit import AuditEvent, Phase, SqliteAuditStore
    from weir.audit.payload import Payload

    big = "x" * 1_000_000
    path = tmp_path / "audit.db"
    with SqliteAuditStore(path, redact=False, max_string_chars=1000) as store:
        stored = store.append(
            AuditEvent(phase=Phase.CALL, server="s", tool="t", arguments=Payload.raw({"body": big, "to": "a@b.c"}))
        )
        assert store.verify().ok
    value = stored.event.arguments.value  # type: ignore[union-attr]
    assert value["to"] == "a@b.c"
    assert value["body"].startswith(
        f"[capped: 1000000 characters, sha256 {hashlib.sha256(big.encode()).hexdigest()}] xxx"
    )
    assert len(value["body"]) < 400
    assert path.stat().st_size < 200_000  # the megabyte is not in the trail
