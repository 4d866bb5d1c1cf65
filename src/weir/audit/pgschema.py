"""The PostgreSQL audit schema, versioned: each migration runs once, in order, in one transaction.

``weir_audit_schema_version`` has a row per migration applied (version, what it did, when). A
writer opening the trail applies the missing ones under an advisory lock, so replicas starting
together migrate once; DDL is transactional in PostgreSQL, so a migration is all or nothing. A
database whose version is newer than this Weir knows is refused (an older replica must not write
a layout it does not understand); a reader (``weir audit verify``) never migrates and reads any
version up to the newest.

1. The events (the same columns and canonical event text as SQLite's ``events``) and the
   anchors recorded every ``anchorEvery`` rows.
2. The anchor log, inside the database: one line per row (``id``, ``hash``, and the MAC under
   the anchor key), written in the row's own transaction; the first row it covers is kept in
   ``weir_audit_meta`` (rows before it were written by schema 1), with the trail's random id (a
   writer that reconnects to a database with another id is not writing its trail). And every audit table made
   append-only: ``UPDATE``, ``DELETE`` and ``TRUNCATE`` raise (only a superuser who disables the
   triggers can change a row — and then the chain, the log and its MACs say so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from weir.errors import AuditError

if TYPE_CHECKING:
    import psycopg

__all__ = ["LATEST", "MIGRATIONS", "Migration", "applied_version", "check_version", "migrate"]

_LOCK = 0x5745_4952_0000_0001
"""The advisory lock key migrations hold ("WEIR" and 1); the chain's is :data:`weir.audit.postgres.CHAIN_LOCK`."""

_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS weir_audit_schema_version (
    version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()
)"""


class Migration(NamedTuple):
    """One step of the schema: its version, what it does, and its statements (run in order)."""

    version: int
    description: str
    statements: tuple[str, ...]


_APPEND_ONLY = """
CREATE FUNCTION weir_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the Weir audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END $$"""


def _append_only(table: str) -> tuple[str, str]:
    return (
        f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
        "FOR EACH ROW EXECUTE FUNCTION weir_audit_append_only()",
        f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
        "FOR EACH STATEMENT EXECUTE FUNCTION weir_audit_append_only()",
    )


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "events and stored anchors",
        (
            "CREATE TABLE weir_audit_meta (key text PRIMARY KEY, value text NOT NULL)",
            "INSERT INTO weir_audit_meta (key, value) VALUES ('format', 'weir-audit')",
            "CREATE TABLE weir_audit_events (id bigint PRIMARY KEY, time text NOT NULL, phase text NOT NULL, "
            "session text, connection text, server text, tool text, effect text, applied text, "
            "event text NOT NULL, prev_hash text NOT NULL, hash text NOT NULL)",
            "CREATE INDEX weir_audit_events_session ON weir_audit_events (session)",
            "CREATE INDEX weir_audit_events_time ON weir_audit_events (time)",
            "CREATE TABLE weir_audit_anchors (id bigint PRIMARY KEY, hash text NOT NULL, time text)",
        ),
    ),
    Migration(
        2,
        "the anchor log in the database (a line per row, in its transaction); append-only tables",
        (
            "CREATE TABLE weir_audit_anchor_log (id bigint PRIMARY KEY, hash text NOT NULL, mac text)",
            "INSERT INTO weir_audit_meta (key, value) "
            "SELECT 'log_from', (COALESCE(max(id), 0) + 1)::text FROM weir_audit_events",
            "INSERT INTO weir_audit_meta (key, value) VALUES ('trail_id', gen_random_uuid()::text)",
            _APPEND_ONLY,
            *_append_only("weir_audit_events"),
            *_append_only("weir_audit_anchors"),
            *_append_only("weir_audit_anchor_log"),
        ),
    ),
)
LATEST = MIGRATIONS[-1].version
"""The schema version this Weir writes."""


def applied_version(conn: psycopg.Connection[tuple[object, ...]]) -> int:
    """The database's schema version: 0 when it has no Weir audit tables; ``AuditError`` when foreign."""
    found = conn.execute(
        "SELECT to_regclass('weir_audit_schema_version') IS NOT NULL, to_regclass('weir_audit_events') IS NOT NULL"
    ).fetchone()
    has_version, has_events = bool(found and found[0]), bool(found and found[1])
    if not has_version:
        if has_events:
            raise AuditError("not a Weir audit database: it has weir_audit_events but no weir_audit_schema_version")
        return 0
    row = conn.execute("SELECT COALESCE(max(version), 0) FROM weir_audit_schema_version").fetchone()
    return int(row[0]) if row else 0  # type: ignore[call-overload]


def migrate(conn: psycopg.Connection[tuple[object, ...]], *, target: int = LATEST) -> int:
    """Apply the missing migrations up to ``target`` (each in its own transaction); the version reached.

    ``AuditError`` when the database is newer than this Weir (or not a Weir audit database).
    ``target`` below :data:`LATEST` exists for tests that build an older trail.
    """
    while True:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            current = check_version(conn)
            if current >= target:
                return current
            step = MIGRATIONS[current]  # versions are 1, 2, …: the next one is at index `current`
            conn.execute(_VERSION_TABLE)
            for statement in step.statements:
                conn.execute(statement)  # our own constant text, no parameters
            conn.execute(
                "INSERT INTO weir_audit_schema_version (version, description) VALUES (%s, %s)",
                (step.version, step.description),
            )


def check_version(conn: psycopg.Connection[tuple[object, ...]]) -> int:
    """:func:`applied_version`, refusing (``AuditError``) a schema newer than this Weir's."""
    current = applied_version(conn)
    if current > LATEST:
        raise AuditError(
            f"the audit database has schema version {current}, newer than this Weir's {LATEST}: "
            "upgrade Weir before it writes (or reads) this trail"
        )
    return current
