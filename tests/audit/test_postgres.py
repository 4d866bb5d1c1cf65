"""The PostgreSQL audit store against a real server (tests/postgres.py): the chain, its order, its log."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import psycopg
import pytest

from tests.audit.conftest import event
from tests.postgres import SECRET
from weir.audit import AuditConfig, AuditQuery, AuditStore, SqliteAuditStore
from weir.audit.dsn import Dsn
from weir.audit.opening import open_trail
from weir.audit.postgres import PostgresAuditStore
from weir.audit.read import export_jsonl, verify_export
from weir.errors import AuditError

KEY = b"k" * 32
FIXED = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def _store(dsn: str, **options: object) -> PostgresAuditStore:
    options.setdefault("anchor_every", 0)
    return PostgresAuditStore(Dsn(dsn, "the DSN in $TEST_DSN"), **options)  # type: ignore[arg-type]


@pytest.fixture
def store(pg_dsn: str) -> Iterator[PostgresAuditStore]:
    with _store(pg_dsn) as s:
        yield s


def _sql(dsn: str, *statements: str) -> None:
    """Run ``statements`` as a superuser would: triggers off, so append-only does not stop them."""
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")
        for statement in statements:
            conn.execute(statement)  # type: ignore[call-overload]


def test_the_store_keeps_the_protocol_and_the_same_chain_as_sqlite(pg_dsn: str) -> None:
    fixed = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    events = [event(i, time=fixed + timedelta(seconds=i)) for i in range(5)]
    with _store(pg_dsn) as pg, SqliteAuditStore(":memory:", anchor_every=0) as lite:
        assert isinstance(pg, AuditStore)
        got = [pg.append(e) for e in events]
        want = [lite.append(e) for e in events]
        assert [(s.id, s.hash, s.prev_hash) for s in got] == [(s.id, s.hash, s.prev_hash) for s in want]
        assert list(pg.chain()) == list(lite.chain())
        assert [s.id for s in pg.tail(2)] == [4, 5]
        assert pg.head() == lite.head()
        assert [s.event.call_id for s in pg.query(AuditQuery(session="s1", since=fixed + timedelta(seconds=3)))] == [
            "3",
            "4",
        ]
        out = io.StringIO()
        assert export_jsonl(pg, out) == 5
        report = verify_export(out.getvalue().splitlines())
        assert report.ok
        assert report.checked == 5
        assert pg.verify().ok


def test_the_stored_anchors_are_recorded_every_n_rows_and_checked(pg_dsn: str) -> None:
    with _store(pg_dsn, anchor_every=2) as s:
        for i in range(5):
            s.append(event(i))
        assert [a.id for a in s.anchors()] == [2, 4]
        assert s.verify().ok


def test_concurrent_writers_on_separate_connections_make_one_unbroken_chain(pg_dsn: str) -> None:
    stores = [_store(pg_dsn) for _ in range(4)]
    errors: list[BaseException] = []

    def write(s: PostgresAuditStore, w: int) -> None:
        try:
            for i in range(25):
                s.append(event(i, session=f"w{w}"))
        except BaseException as exc:  # reported below: a thread's failure must fail the test
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(s, w)) for w, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    report = stores[0].verify()
    assert report.ok, report.problem
    assert report.checked == 100
    assert [r.id for r in stores[0].chain()] == list(range(1, 101))
    for s in stores:
        s.close()


def test_clock_skew_between_writers_neither_reorders_nor_breaks_the_chain(pg_dsn: str) -> None:
    """Replica B's clock is an hour behind A's: the chain is in commit order, never in time order."""
    now = datetime.now(UTC)
    a, b = _store(pg_dsn), _store(pg_dsn)
    written = []
    for i in range(6):
        writer, skew = (a, timedelta(0)) if i % 2 == 0 else (b, timedelta(hours=-1))
        written.append(writer.append(event(i, time=now + timedelta(seconds=i) + skew)))
    assert [w.id for w in written] == [1, 2, 3, 4, 5, 6]
    rows = list(a.query())
    assert [r.event.call_id for r in rows] == ["0", "1", "2", "3", "4", "5"]  # the order they committed in
    times = [r.event.time for r in rows]
    assert times != sorted(times)  # the clocks disagree, and the chain did not follow them
    report = b.verify()
    assert report.ok
    assert report.checked == 6
    a.close()
    b.close()


def test_the_tables_are_append_only(store: PostgresAuditStore, pg_dsn: str) -> None:
    store.append(event(0))
    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        for statement in (
            "DELETE FROM weir_audit_events",
            "UPDATE weir_audit_anchor_log SET hash = 'x'",
            "TRUNCATE weir_audit_events",
        ):
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                conn.execute(statement)  # type: ignore[call-overload]
    assert store.verify().ok


def test_a_cut_tail_is_reported_by_verify_and_refused_by_a_writer(store: PostgresAuditStore, pg_dsn: str) -> None:
    for i in range(4):
        store.append(event(i))
    _sql(pg_dsn, "DELETE FROM weir_audit_events WHERE id > 2")
    report = store.verify()
    assert not report.ok
    assert report.problem is not None
    assert report.problem.kind == "truncated"
    assert report.problem.id == 3
    with pytest.raises(AuditError, match="Refusing to append to a cut trail"):
        store.append(event(9))


def test_an_edited_row_and_a_rewritten_tail_are_found(pg_dsn: str) -> None:
    with _store(pg_dsn, anchor_key=KEY) as s:
        rows = [s.append(event(i, time=FIXED)) for i in range(3)]
        _sql(pg_dsn, "UPDATE weir_audit_events SET event = replace(event, '\"s1\"', '\"s2\"') WHERE id = 2")
        problem = s.verify().problem
        assert problem is not None
        assert (problem.kind, problem.id) == ("hash", 2)
    fresh = SqliteAuditStore(":memory:", anchor_every=0)  # the same rows, hashed again by an attacker
    forged = [fresh.append(event(i, session="evil", time=FIXED)) for i in range(3)]
    statements = [
        f"UPDATE weir_audit_events SET event = '{r.event}', hash = '{f.hash}', prev_hash = '{f.prev_hash}', "
        f"session = 'evil' WHERE id = {f.id}"
        for f, r in zip(forged, fresh.chain(), strict=True)
    ]
    statements += [f"UPDATE weir_audit_anchor_log SET hash = '{f.hash}' WHERE id = {f.id}" for f in forged]
    _sql(pg_dsn, *statements)
    with _store(pg_dsn, anchor_key=KEY) as s:
        problem = s.verify().problem
        assert problem is not None
        assert (problem.kind, problem.id) == ("log", 1)
    assert rows[0].hash != forged[0].hash


def test_a_row_inserted_by_hand_is_not_vouched_for(store: PostgresAuditStore, pg_dsn: str) -> None:
    store.append(event(0, time=FIXED))
    fresh = SqliteAuditStore(":memory:", anchor_every=0)
    fresh.append(event(0, time=FIXED))
    second = fresh.append(event(1, time=FIXED))
    row = next(iter(fresh.chain(after_id=1)))
    _sql(
        pg_dsn,
        f"INSERT INTO weir_audit_events (id, time, phase, session, server, tool, effect, applied, event, prev_hash, "
        f"hash) VALUES (2, '{row.columns['time']}', 'call', 's1', 'mail', 'send', 'allow', 'allow', '{row.event}', "
        f"'{second.prev_hash}', '{second.hash}')",
    )
    problem = store.verify().problem
    assert problem is not None
    assert (problem.kind, problem.id) == ("log", 2)
    with pytest.raises(AuditError, match="rewritten"):
        store.append(event(2))


def test_a_reader_refuses_a_database_without_a_trail_and_never_creates_one(pg_dsn: str) -> None:
    with pytest.raises(AuditError, match="no Weir audit trail"):
        _store(pg_dsn, create=False)
    with psycopg.connect(pg_dsn) as conn:
        assert conn.execute("SELECT to_regclass('weir_audit_events')").fetchone() == (None,)


def test_the_dsn_comes_from_the_environment_and_no_message_shows_it(postgres_server: object) -> None:
    missing = AuditConfig.model_validate({"postgresql": {"dsnEnv": "WEIR_TEST_AUDIT_DSN"}})
    with pytest.raises(AuditError, match="WEIR_TEST_AUDIT_DSN is not set"):
        open_trail(missing, environ={})
    unreachable = f"postgresql://weir:{SECRET}@127.0.0.1:1/nowhere"
    with pytest.raises(AuditError) as caught:
        open_trail(missing, environ={"WEIR_TEST_AUDIT_DSN": unreachable})
    text = str(caught.value)
    assert "$WEIR_TEST_AUDIT_DSN" in text
    assert "cannot connect" in text
    assert SECRET not in text
    assert unreachable not in text
    assert SECRET not in repr(Dsn(unreachable, "x"))


def test_open_trail_opens_postgres_from_the_config(pg_dsn: str) -> None:
    cfg = AuditConfig.model_validate({"postgresql": {"dsn_env": "AUDIT_DSN"}, "anchorKeyEnv": "AUDIT_KEY"})
    env = {"AUDIT_DSN": pg_dsn, "AUDIT_KEY": KEY.decode()}
    with open_trail(cfg, environ=env) as s:
        assert isinstance(s, PostgresAuditStore)
        s.append(event(0))
        assert s.verify().ok
    with open_trail(cfg, environ={"AUDIT_DSN": pg_dsn, "AUDIT_KEY": "x" * 32}, create=False) as s:
        problem = s.verify().problem  # the wrong key: the line's MAC does not verify
        assert problem is not None
        assert problem.kind == "log"


def test_a_writer_refuses_a_database_replaced_under_it(postgres_server: object, pg_dsn: str) -> None:
    name = pg_dsn.rsplit("/", 1)[1]
    admin = pg_dsn.rsplit("/", 1)[0] + "/postgres"
    with _store(pg_dsn) as s:
        s.append(event(0))
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
            conn.execute(f"DROP DATABASE {name}")  # type: ignore[call-overload]
            conn.execute(f"CREATE DATABASE {name}")  # type: ignore[call-overload]
        with pytest.raises(AuditError, match="no longer the trail this store opened"):
            s.append(event(1))


def test_a_writer_refuses_a_chain_cut_together_with_its_log(store: PostgresAuditStore, pg_dsn: str) -> None:
    for i in range(3):
        store.append(event(i))
    _sql(pg_dsn, "DELETE FROM weir_audit_events WHERE id > 1", "DELETE FROM weir_audit_anchor_log WHERE id > 1")
    with pytest.raises(AuditError, match="this store appended row 3: rows were removed"):
        store.append(event(9))
