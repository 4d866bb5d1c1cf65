"""The PostgreSQL audit store: one hash chain per deployment, written by every replica of a fleet.

Same events, same canonical text, same chain as the SQLite store (:mod:`weir.audit.chain`): an
export from either verifies with ``weir audit verify --jsonl``. What differs is who orders the
rows. Each commit is one transaction that takes the deployment's advisory lock
(``pg_advisory_xact_lock``: one chain per database), reads the head, inserts the row as head + 1
chained to it together with its anchor-log line (:mod:`weir.audit.pglog`) and, every
``anchorEvery`` rows, an anchor — then commits. A commit holds one append's row, or the rows of
the appends this process's threads handed in while the previous commit was under way, in the
order they came (:mod:`weir.audit.group`). So the order of the chain is the order in which
writers got the lock inside the database; a replica's clock only writes the event's ``time``
field and never decides a position (the ids are consecutive and come from the head, not from a
sequence: a sequence leaves gaps when a transaction rolls back, and a gap would break the chain).

Before inserting, the append checks the head against the anchor log: a log that records rows
past the head (the tail was cut) or a head whose line disagrees (rewritten) is refused, as the
SQLite writer refuses a trail its log file contradicts. And as the SQLite store refuses a file
replaced under it (:mod:`weir.audit.watch`), this one refuses a database that is not the trail it
opened — another ``trail_id`` after a reconnect (dropped and created again, or restored from an
older backup) — and a chain that ends before the last row it appended itself.

``append`` returns only after ``COMMIT`` returned (with ``synchronous_commit`` at least ``on``,
or ``local``): the row is durable on the server. When the database cannot be reached, or the
commit's outcome is unknown, it raises ``AuditError`` — the gateway then fails the call closed
and releases nothing whose record is not committed. A connection found dead before anything was
sent is replaced once, so the first append after a database restart succeeds.

The DSN is a :class:`~weir.audit.dsn.Dsn`: messages name where it came from, never what it is.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator, Sequence
from types import TracebackType
from typing import Any, Self

import psycopg

from weir.audit import rows as sql_rows
from weir.audit.anchorlog import anchor_mac, check_key
from weir.audit.chain import GENESIS, Anchor, ChainRow, VerifyReport, chain_hash_utf8, verify_rows
from weir.audit.dsn import Dsn
from weir.audit.encoding import Encoded, encode_event
from weir.audit.event import AuditEvent
from weir.audit.group import GroupCommit
from weir.audit.payload import Redactor
from weir.audit.pglog import LoggedRow, PgLogCheck
from weir.audit.pgschema import check_version, migrate
from weir.audit.store import AuditQuery, StoredEvent
from weir.errors import AuditError

__all__ = ["CHAIN_LOCK", "PostgresAuditStore"]

CHAIN_LOCK = 0x5745_4952_0000_0002
"""The advisory lock key every append holds for its transaction ("WEIR" and 2)."""

Conn = psycopg.Connection[tuple[Any, ...]]
_COLUMNS = sql_rows.COLUMNS
_INSERT = (
    f"INSERT INTO weir_audit_events (id, {', '.join(_COLUMNS)}, event, prev_hash, hash) "
    f"VALUES (%s, {', '.join('%s' for _ in _COLUMNS)}, %s, %s, %s)"
)
_HEAD = (
    "SELECT h.id, h.hash, l.hash, m.max FROM (SELECT max(id) AS max FROM weir_audit_anchor_log) m "
    "LEFT JOIN LATERAL (SELECT id, hash FROM weir_audit_events ORDER BY id DESC LIMIT 1) h ON true "
    "LEFT JOIN weir_audit_anchor_log l ON l.id = h.id"
)
_WALK = {
    1: f"SELECT e.id, e.prev_hash, e.hash, e.event, {', '.join('e.' + c for c in _COLUMNS)}, NULL, NULL "
    "FROM weir_audit_events e ORDER BY e.id",
    2: f"SELECT e.id, e.prev_hash, e.hash, e.event, {', '.join('e.' + c for c in _COLUMNS)}, l.hash, l.mac "
    "FROM weir_audit_events e LEFT JOIN weir_audit_anchor_log l ON l.id = e.id ORDER BY e.id",
}
_PAGE = 500


class _Unsent(Exception):
    """The connection failed before the append sent anything that could commit: safe to retry once."""


class PostgresAuditStore:
    """A hash-chained audit trail in a PostgreSQL database (see the module docstring)."""

    remote = True
    """Every append is a round trip and a commit: the gateway appends off its event loop
    (:class:`weir.pipeline.ports.AuditSink`)."""

    def __init__(
        self,
        dsn: Dsn,
        *,
        redact: bool = True,
        redactor: Redactor | None = None,
        anchor_every: int = 1000,
        create: bool = True,
        anchor_key: bytes | None = None,
        max_string_chars: int = 16_384,
        connect_timeout_s: float = 5.0,
        statement_timeout_s: float = 30.0,
    ) -> None:
        """Connect; with ``create`` (a writer) migrate the schema to the latest version first.

        Without ``create`` (reading, verifying) nothing is written: ``AuditError`` when the database
        holds no Weir audit trail. ``AuditError`` too when it cannot be reached (naming ``dsn.where``).
        """
        self.where = f"the PostgreSQL audit trail ({dsn.where})"
        self._dsn = dsn
        self._redact = redact
        self._redactor = redactor
        self._anchor_every = anchor_every
        self._create = create
        self._key = None if anchor_key is None else check_key(anchor_key)
        self._max_chars = max_string_chars
        self._connect_timeout = max(1, math.ceil(connect_timeout_s))
        self._statement_ms = max(1, round(statement_timeout_s * 1000))
        self._lock = threading.Lock()
        self._conn: Conn | None = None
        self._closed = False
        self._log_from: int | None = None
        self._trail_id: str | None = None  # the trail first opened: a reconnect must find the same one
        self._wrote = 0  # the highest row this store appended: the chain never ends before it again
        self._group: GroupCommit[Encoded, tuple[int, str, str]] = GroupCommit(self._commit)
        with self._lock:
            self._connection()

    # -- connections ---------------------------------------------------------------------------

    def _connect(self) -> Conn:
        try:
            conn: Conn = psycopg.connect(
                self._dsn.value,
                autocommit=True,
                connect_timeout=self._connect_timeout,
                application_name="weir-audit",
                options=f"-c statement_timeout={self._statement_ms}",
            )
        except psycopg.Error as exc:
            raise self._error("cannot connect to", exc) from None
        try:
            if conn.execute("SELECT current_setting('synchronous_commit')").fetchone() == ("off",):
                conn.execute("SET synchronous_commit = on")  # append promises a durable commit
        except psycopg.Error as exc:
            conn.close()
            raise self._error("cannot set up", exc) from None
        return conn

    def _connection(self) -> Conn:
        """The open connection (a new one, prepared, when there is none or it broke)."""
        if self._closed:
            raise AuditError(f"{self.where}: the audit store is closed")
        if self._conn is not None and not self._conn.closed and not self._conn.broken:
            return self._conn
        self._drop()
        conn = self._connect()
        try:
            self._prepare(conn)
        except BaseException:
            conn.close()
            raise
        self._conn = conn
        return conn

    def _prepare(self, conn: Conn) -> None:
        try:
            version = migrate(conn) if self._create else check_version(conn)
            if version == 0:
                raise AuditError(f"{self.where}: no Weir audit trail in this database")
            meta: dict[str, str] = dict(conn.execute("SELECT key, value FROM weir_audit_meta").fetchall())
        except psycopg.Error as exc:
            raise self._error("cannot open", exc) from None
        trail = meta.get("trail_id")
        if self._trail_id is not None and trail != self._trail_id:
            raise AuditError(
                f"{self.where}: the database is no longer the trail this store opened (trail {trail!r}, "
                f"not {self._trail_id!r}): it was replaced or restored. Nothing more is recorded (fail closed)"
            )
        self._trail_id = trail
        self._log_from = int(meta["log_from"]) if "log_from" in meta else None

    def _drop(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _error(self, what: str, exc: BaseException) -> AuditError:
        """An ``AuditError`` for ``exc`` that names where the DSN came from and never its text."""
        text = " ".join(str(exc).split()) or type(exc).__name__
        return AuditError(f"{self.where}: {what} the database: {self._dsn.scrub(text)}")

    # -- appending -----------------------------------------------------------------------------

    def append(self, event: AuditEvent) -> StoredEvent:
        """Seal the payloads, chain the event to the head under the chain's lock and commit it.

        Sealing runs in the caller's thread; the commit is shared with the appends of other threads
        that arrive while one is under way (:mod:`weir.audit.group`: one transaction for them all).
        """
        encoded = encode_event(event, redact=self._redact, redactor=self._redactor, max_chars=self._max_chars)
        row_id, prev, digest = self._group.submit(encoded)
        return StoredEvent(id=row_id, hash=digest, prev_hash=prev, event=encoded.sealed)

    def _commit(self, batch: Sequence[Encoded]) -> list[tuple[int, str, str]]:
        """Chain and commit ``batch`` in one transaction (tried twice when the first never reached the server)."""
        with self._lock:
            try:
                return self._append_once(batch)
            except _Unsent:
                return self._append_once(batch, retry=False)

    def _append_once(self, batch: Sequence[Encoded], *, retry: bool = True) -> list[tuple[int, str, str]]:
        conn = self._connection()
        sent = False
        done: list[tuple[int, str, str]] = []
        try:
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (CHAIN_LOCK,))
                prev_id, prev = self._checked_head(conn)
                sent = True
                for encoded in batch:
                    row_id = prev_id + 1
                    digest = chain_hash_utf8(prev, row_id, encoded.utf8)
                    self._insert(conn, encoded, row_id, prev, digest)
                    done.append((row_id, prev, digest))
                    prev_id, prev = row_id, digest
        except psycopg.OperationalError as exc:
            self._drop()
            if retry and not sent:
                raise _Unsent from exc
            why = "cannot append to (the event is not on record)" if not sent else "cannot commit to"
            raise self._error(why, exc) from None
        except psycopg.Error as exc:
            raise self._error("cannot append to", exc) from None
        self._wrote = done[-1][0]
        return done

    def _insert(self, conn: Conn, encoded: Encoded, row_id: int, prev: str, digest: str) -> None:
        """One row, its anchor-log line and (when due) its anchor, inside the caller's transaction."""
        mac = None if self._key is None else anchor_mac(self._key, row_id, digest)
        columns = encoded.columns
        conn.execute(_INSERT, (row_id, *(columns[c] for c in _COLUMNS), encoded.text, prev, digest))
        conn.execute("INSERT INTO weir_audit_anchor_log (id, hash, mac) VALUES (%s, %s, %s)", (row_id, digest, mac))
        if self._anchor_every and row_id % self._anchor_every == 0:
            conn.execute(
                "INSERT INTO weir_audit_anchors (id, hash, time) VALUES (%s, %s, %s)", (row_id, digest, columns["time"])
            )

    def _checked_head(self, conn: Conn) -> tuple[int, str]:
        """The head's id and hash, refusing (``AuditError``) a chain its anchor log contradicts."""
        row = conn.execute(_HEAD).fetchone()
        head_id, head_hash, line_hash, log_max = row if row is not None else (None, None, None, None)
        end = int(head_id) if head_id is not None else 0
        advice = "run `weir audit verify`, then restore the database from a backup"
        if log_max is not None and int(log_max) > end:
            raise AuditError(
                f"{self.where}: the anchor log records row {log_max} but the chain ends at row {end}: "
                f"{int(log_max) - end} events missing from row {end + 1}. Refusing to append to a cut trail: {advice}"
            )
        if end < self._wrote:
            raise AuditError(
                f"{self.where}: the chain ends at row {end} but this store appended row {self._wrote}: "
                f"rows were removed. Refusing to append to a cut trail: {advice}"
            )
        if head_id is None:
            return 0, GENESIS
        if self._log_from is not None and end >= self._log_from and line_hash != head_hash:
            raise AuditError(
                f"{self.where}: row {end}'s hash differs from the anchor log's: the trail was rewritten. "
                f"Refusing to append to it: {advice}"
            )
        return end, str(head_hash)

    # -- reading -------------------------------------------------------------------------------

    def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one read; a connection that broke is replaced once (a read is safe to repeat)."""
        with self._lock:
            for attempt in (1, 2):
                conn = self._connection()
                try:
                    return conn.execute(sql, params).fetchall()
                except psycopg.OperationalError as exc:
                    self._drop()
                    if attempt == 2:
                        raise self._error("cannot read", exc) from None
                except psycopg.Error as exc:
                    raise self._error("cannot read", exc) from None
        raise AssertionError("unreachable")

    def query(self, query: AuditQuery | None = None) -> Iterator[StoredEvent]:
        """Matching events in id order, fetched a page at a time."""
        return sql_rows.paged(self._fetch, query or AuditQuery(), "weir_audit_events", "%s", _PAGE)

    def tail(self, n: int) -> list[StoredEvent]:
        """The last ``n`` events, oldest first."""
        rows = self._fetch(
            "SELECT id, hash, prev_hash, event FROM weir_audit_events ORDER BY id DESC LIMIT %s", (max(n, 0),)
        )
        return [sql_rows.stored(row) for row in reversed(rows)]

    def head(self) -> Anchor | None:
        """The last row's id and hash; ``None`` for an empty trail."""
        rows = self._fetch("SELECT id, hash, time FROM weir_audit_events ORDER BY id DESC LIMIT 1")
        return Anchor(id=rows[0][0], hash=rows[0][1], time=rows[0][2]) if rows else None

    def anchors(self) -> list[Anchor]:
        """The anchors recorded inside the database, oldest first."""
        rows = self._fetch("SELECT id, hash, time FROM weir_audit_anchors ORDER BY id")
        return [Anchor(id=r[0], hash=r[1], time=r[2]) for r in rows]

    def chain(self, after_id: int = 0) -> Iterator[ChainRow]:
        """The rows exactly as hashed (event text verbatim), in id order, a page at a time."""
        return sql_rows.chained(self._fetch, "weir_audit_events", "%s", after_id, _PAGE)

    def verify(self, anchors: Sequence[Anchor] = ()) -> VerifyReport:
        """Walk the chain and its anchor log in one snapshot (a connection of its own), with the
        given and the stored anchors and the store's key (:mod:`weir.audit.pglog`)."""
        conn = self._connect()
        try:
            conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
            conn.read_only = True
            with conn.transaction():
                return self._verify_in(conn, anchors)
        except psycopg.Error as exc:
            raise self._error("cannot verify", exc) from None
        finally:
            conn.close()

    def _verify_in(self, conn: Conn, anchors: Sequence[Anchor]) -> VerifyReport:
        version = check_version(conn)
        if version == 0:
            raise AuditError(f"{self.where}: no Weir audit trail in this database")
        stored = [
            Anchor(id=r[0], hash=r[1], time=r[2]) for r in conn.execute("SELECT id, hash, time FROM weir_audit_anchors")
        ]
        log_from: int | None = None
        log_max = 0
        if version >= 2:
            row = conn.execute(
                "SELECT (SELECT value FROM weir_audit_meta WHERE key = 'log_from'), "
                "(SELECT COALESCE(max(id), 0) FROM weir_audit_anchor_log)"
            ).fetchone()
            log_from, log_max = (int(row[0]), int(row[1])) if row is not None else (1, 0)
        check = PgLogCheck(log_from=log_from, log_max=log_max, key=self._key)
        with conn.cursor(name="weir_audit_verify") as cur:  # server-side: rows stream, memory stays flat
            cur.itersize = 1000
            cur.execute(_WALK[min(version, 2)])
            logged = (LoggedRow(sql_rows.chain_row(r), r[-2], r[-1]) for r in cur)
            report = verify_rows(check.rows(logged), [*stored, *anchors])
        return check.finish(report)

    def close(self) -> None:
        """Close the connection (idempotent); further calls raise ``AuditError``."""
        with self._lock:
            self._closed = True
            self._drop()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
