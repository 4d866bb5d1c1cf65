"""The PostgreSQL schema's versions: an older trail is read and migrated, a newer one refused."""

from __future__ import annotations

import psycopg
import pytest

from tests.audit.conftest import event
from weir.audit import SqliteAuditStore
from weir.audit.dsn import Dsn
from weir.audit.pgschema import LATEST, MIGRATIONS, applied_version, migrate
from weir.audit.postgres import PostgresAuditStore
from weir.errors import AuditError


def _store(dsn: str, **options: object) -> PostgresAuditStore:
    return PostgresAuditStore(Dsn(dsn, "the DSN in $TEST_DSN"), anchor_every=0, **options)  # type: ignore[arg-type]


def _version_one_trail(dsn: str, n: int) -> list[str]:
    """A database as a Weir with schema 1 left it: ``n`` rows of the same chain, no anchor log."""
    rows = SqliteAuditStore(":memory:", anchor_every=0)
    for i in range(n):
        rows.append(event(i))
    with psycopg.connect(dsn, autocommit=True) as conn:
        assert migrate(conn, target=1) == 1
        for r in rows.chain():
            c = r.columns
            conn.execute(
                "INSERT INTO weir_audit_events (id, time, phase, session, connection, server, tool, effect, applied, "
                "event, prev_hash, hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    r.id,
                    c["time"],
                    c["phase"],
                    c["session"],
                    c["connection"],
                    c["server"],
                    c["tool"],
                    c["effect"],
                    c["applied"],
                    r.event,
                    r.prev_hash,
                    r.hash,
                ),
            )
    return [r.hash for r in rows.chain()]


def test_the_migrations_are_numbered_from_one_and_each_is_recorded(pg_dsn: str) -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST + 1))
    _store(pg_dsn).close()
    with psycopg.connect(pg_dsn) as conn:
        got = conn.execute("SELECT version, description FROM weir_audit_schema_version ORDER BY version").fetchall()
    assert [v for v, _ in got] == list(range(1, LATEST + 1))
    assert all(description for _, description in got)


def test_a_reader_reads_a_schema_one_trail_without_migrating_it(pg_dsn: str) -> None:
    _version_one_trail(pg_dsn, 3)
    with _store(pg_dsn, create=False) as reader:
        report = reader.verify()
        assert report.ok
        assert report.checked == 3
        assert any("schema version 1" in w for w in report.warnings)
        assert [s.id for s in reader.tail(5)] == [1, 2, 3]
    with psycopg.connect(pg_dsn) as conn:
        assert applied_version(conn) == 1  # reading changed nothing


def test_a_writer_migrates_a_schema_one_trail_and_continues_its_chain(pg_dsn: str) -> None:
    old = _version_one_trail(pg_dsn, 3)
    with _store(pg_dsn) as writer:
        fourth = writer.append(event(3))
        assert fourth.id == 4
        assert fourth.prev_hash == old[-1]
        report = writer.verify()
    assert report.ok
    assert report.checked == 4
    assert any("rows 1..3 were written before the anchor log" in w for w in report.warnings)
    with psycopg.connect(pg_dsn) as conn:
        assert applied_version(conn) == LATEST
        assert conn.execute("SELECT value FROM weir_audit_meta WHERE key = 'log_from'").fetchone() == ("4",)


def test_replicas_starting_together_migrate_once(pg_dsn: str) -> None:
    import threading

    errors: list[BaseException] = []

    def start() -> None:
        try:
            _store(pg_dsn).close()
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with psycopg.connect(pg_dsn) as conn:
        assert conn.execute("SELECT count(*) FROM weir_audit_schema_version").fetchone() == (LATEST,)


def test_a_newer_schema_is_refused_by_writers_and_readers(pg_dsn: str) -> None:
    _store(pg_dsn).close()
    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO weir_audit_schema_version (version, description) VALUES (%s, 'from the future')", (LATEST + 1,)
        )
    for create in (True, False):
        with pytest.raises(AuditError, match=f"schema version {LATEST + 1}, newer than this Weir's {LATEST}"):
            _store(pg_dsn, create=create)


def test_tables_of_someone_else_are_not_taken_over(pg_dsn: str) -> None:
    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE weir_audit_events (id int)")
    with pytest.raises(AuditError, match="not a Weir audit database"):
        _store(pg_dsn)
