"""The SQLite audit store: one file in WAL mode, one hash chain, safe across threads and processes.

Each commit is one transaction that inserts the new rows chained to the current head — one
append's row, or the rows of several threads' appends grouped (:mod:`weir.audit.group`) — so
several writers (threads here, or other processes on the same file) still produce one unbroken
chain. The store remembers the head it last wrote and first tries a single ``INSERT`` chained to
it (one statement is its own transaction): the row id is the primary key, so if any other writer
appended in the meantime the insert fails on that id and nothing is written. Then, and for rows
that also record an anchor, the append is a ``BEGIN IMMEDIATE`` transaction that reads the head
under the write lock, inserts and commits. With ``durability: normal`` (``synchronous=NORMAL``
in WAL mode) the commit has reached the WAL file before ``append`` returns: a process killed with
SIGKILL loses nothing it was told was appended, but the newest commits may be lost on power loss.
``durability: full`` adds an fsync per append and survives power loss.

After the commit the row's anchor goes to the anchor log beside the file
(:mod:`weir.audit.anchorlog`) — the commit and the line both under the log's lock, so a writer
opening the trail, or a verify, never finds the row without its line while it is in flight — and
before and after it the store checks that the database and the log are still the files at their
paths (:mod:`weir.audit.watch`): a trail deleted or replaced under a running gateway
fails every append instead of losing it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple, Self

from weir.audit import rows as sql_rows
from weir.audit.anchorlog import AnchorLog, check_key, last_trusted, log_path, open_log, tail_lines
from weir.audit.chain import GENESIS, Anchor, ChainRow, VerifyReport, chain_hash_utf8
from weir.audit.chain import verify_rows as _verify_rows
from weir.audit.config import Durability
from weir.audit.encoding import encode_event
from weir.audit.event import AuditEvent
from weir.audit.group import GroupCommit
from weir.audit.logcheck import LogCheck
from weir.audit.payload import Redactor
from weir.audit.store import AuditQuery, StoredEvent
from weir.audit.watch import FileWatch, identity
from weir.errors import AuditError

__all__ = ["FORMAT", "SqliteAuditStore"]

FORMAT = "weir-audit"
"""Written to the ``weir_meta`` table so a file is recognised as a Weir audit database."""
STORE_VERSION = 1
"""The table layout version (independent of the event schema version)."""

_COLUMNS = sql_rows.COLUMNS
_SCHEMA = """
CREATE TABLE IF NOT EXISTS weir_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    time TEXT NOT NULL, phase TEXT NOT NULL, session TEXT, connection TEXT, server TEXT, tool TEXT,
    effect TEXT, applied TEXT,
    event TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_session ON events (session);
CREATE INDEX IF NOT EXISTS events_time ON events (time);
CREATE TABLE IF NOT EXISTS anchors (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, time TEXT);
"""
_META = (
    f"INSERT OR IGNORE INTO weir_meta (key, value) VALUES ('format', '{FORMAT}'), ('store_version', '{STORE_VERSION}')"
)
_PAGE = 500
Row = tuple[int, str, str]
"""An appended row's id, previous hash and hash."""
_HEAD = "SELECT id, hash FROM events ORDER BY id DESC LIMIT 1"
_INSERT = (
    f"INSERT INTO events (id, {', '.join(_COLUMNS)}, event, prev_hash, hash) "
    f"VALUES (?, {', '.join('?' for _ in _COLUMNS)}, ?, ?, ?)"
)


class _Text(NamedTuple):
    """An event's canonical text, the same as UTF-8 (hashed; encoded once) and its indexed columns."""

    text: str
    utf8: bytes
    columns: dict[str, Any]


class SqliteAuditStore:
    """A hash-chained audit trail in one SQLite file (``":memory:"`` for tests and captures)."""

    def __init__(
        self,
        path: str | Path,
        *,
        redact: bool = True,
        redactor: Redactor | None = None,
        durability: Durability = Durability.NORMAL,
        anchor_every: int = 1000,
        create: bool = True,
        anchor_key: bytes | None = None,
        max_string_chars: int = 16_384,
    ) -> None:
        """Open (or, with ``create``, create) the database; raises ``AuditError`` if it is not one of ours.

        ``redact`` and ``redactor`` decide what happens to raw payloads (:func:`weir.audit.payload.seal`).
        A file store keeps the anchor log beside the database (:mod:`weir.audit.anchorlog`), MACed
        with ``anchor_key`` when given. With ``create`` the store is a writer and opens the log at
        once — refusing, with ``AuditError``, a trail the log shows was cut or rewritten; without it
        (reading, verifying) the log is opened only by a first append.
        """
        self.path = str(path)
        self._max_chars = max_string_chars
        self._redact = redact
        self._redactor = redactor
        self._anchor_every = anchor_every
        self._key = None if anchor_key is None else check_key(anchor_key)
        self._sync = durability is Durability.FULL
        self._lock = threading.Lock()
        self._closed = False
        self._head: tuple[int, str] | None = None  # (id, hash) of the row this store last wrote
        self._watch: FileWatch | None = None  # the files this store writes (None: in memory)
        self._log: AnchorLog | None = None
        self._group: GroupCommit[_Text, Row] = GroupCommit(self._commit)
        self._db = _connect(self.path, create=create)
        try:
            _prepare(self._db, durability, in_memory=self.path == ":memory:")
            if self.path != ":memory:":
                self._watch = FileWatch([("audit database", self.path, identity(self.path))])
                if create:
                    self._open_log(self._watch)
        except (sqlite3.Error, AuditError) as exc:
            self.close()
            if isinstance(exc, AuditError):
                raise
            raise AuditError(f"{self.path}: cannot open the audit database: {exc}") from exc

    def append(self, event: AuditEvent) -> StoredEvent:
        """Seal the payloads, chain the event to the head and commit it durably before returning.

        Sealing runs in the caller's thread; the commit is shared with the appends of other threads
        that arrive while one is under way (:mod:`weir.audit.group`: one transaction for them all).
        """
        encoded = encode_event(event, redact=self._redact, redactor=self._redactor, max_chars=self._max_chars)
        row_id, prev, digest = self._group.submit(_Text(encoded.text, encoded.utf8, encoded.columns))
        return StoredEvent(id=row_id, hash=digest, prev_hash=prev, event=encoded.sealed)

    def _commit(self, texts: Sequence[_Text]) -> list[Row]:
        """Chain and commit ``texts`` in one transaction, then write their anchor-log lines."""
        with self._lock:
            db = self._open_db()
            watch, log = self._watch, self._log
            if watch is not None:
                watch.check()  # never commit to a file that is no longer the one at the path
                if log is None:  # opened for reading, now appending: a writer from here on
                    log = self._open_log(watch)
            # The log's lock from before the commit until the lines are written: whoever checks the
            # log against the rows under it never sees this commit's rows without their lines.
            with log.held() if log is not None else contextlib.nullcontext():
                alone = self._insert_after_own_head(db, texts[0]) if len(texts) == 1 else None
                done = [alone] if alone is not None else self._insert_locked(db, texts)
                self._head = (done[-1][0], done[-1][2])
                if log is not None:
                    log.write_many([(row_id, digest) for row_id, _, digest in done])
            if watch is not None:
                watch.check()  # a file deleted or replaced during this append: the events are not on record
            return done

    def _open_log(self, watch: FileWatch) -> AnchorLog:
        """Open the anchor log (and watch it); mark the database as one written with a log."""
        expected = self._log_expected(locked=False)
        log = open_log(
            log_path(self.path),
            partial(self._row_hash, locked=False),
            partial(self._last_row, locked=False),
            key=self._key,
            sync=self._sync,
            expected=expected,
        )
        self._log = log
        watch.add("anchor log", log.path, log.identity)
        if not expected:  # after the log exists: a writer that sees the mark finds the log
            self._fetch("INSERT OR IGNORE INTO weir_meta (key, value) VALUES ('anchor_log', '1')", (), locked=False)
        return log

    def _insert_after_own_head(self, db: sqlite3.Connection, text: _Text) -> Row | None:
        """One ``INSERT`` chained to the head this store last wrote; ``None`` when that cannot be used.

        Saves the head lookup and the explicit transaction (a third of an append's SQLite time).
        The id is the primary key, so when another writer appended since, the insert fails on
        it and writes nothing; any failure here leaves the decision to :meth:`_insert_locked`.
        """
        if self._head is None or db.in_transaction:
            return None  # inside an open transaction the INSERT would not commit on its own
        prev_id, prev = self._head
        row_id = prev_id + 1
        if self._anchor_every and row_id % self._anchor_every == 0:
            return None  # the anchor row goes in the same transaction: the locked path does both
        digest = chain_hash_utf8(prev, row_id, text.utf8)
        try:
            db.execute(_INSERT, (row_id, *(text.columns[c] for c in _COLUMNS), text.text, prev, digest))
        except sqlite3.Error:
            _rollback(db)
            return None
        except BaseException:
            _rollback(db)
            raise
        return row_id, prev, digest

    def _insert_locked(self, db: sqlite3.Connection, texts: Sequence[_Text]) -> list[Row]:
        """Read the head under the write lock, insert ``texts`` chained to it one after the other (and
        the anchors when due), commit — all of them or, on any failure, none."""
        done: list[Row] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            last = db.execute(_HEAD).fetchone()
            prev_id, prev = (int(last[0]), str(last[1])) if last else (0, GENESIS)
            for text in texts:
                row_id = prev_id + 1
                digest = chain_hash_utf8(prev, row_id, text.utf8)
                db.execute(_INSERT, (row_id, *(text.columns[c] for c in _COLUMNS), text.text, prev, digest))
                if self._anchor_every and row_id % self._anchor_every == 0:
                    anchor = (row_id, digest, text.columns["time"])
                    db.execute("INSERT INTO anchors (id, hash, time) VALUES (?, ?, ?)", anchor)
                done.append((row_id, prev, digest))
                prev_id, prev = row_id, digest
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            _rollback(db)
            raise AuditError(f"{self.path}: cannot append to the audit trail: {exc}") from exc
        except BaseException:
            _rollback(db)  # never leave the file locked by a half-done append (e.g. KeyboardInterrupt)
            raise
        return done

    def query(self, query: AuditQuery | None = None) -> Iterator[StoredEvent]:
        """Matching events in id order, fetched a page at a time (the lock is not held between pages)."""
        return sql_rows.paged(self._fetch, query or AuditQuery(), "events", "?", _PAGE)

    def tail(self, n: int) -> list[StoredEvent]:
        """The last ``n`` events, oldest first."""
        rows = self._fetch("SELECT id, hash, prev_hash, event FROM events ORDER BY id DESC LIMIT ?", (max(n, 0),))
        return [sql_rows.stored(row) for row in reversed(rows)]

    def head(self) -> Anchor | None:
        """The last row's id and hash; ``None`` for an empty trail."""
        rows = self._fetch("SELECT id, hash, time FROM events ORDER BY id DESC LIMIT 1", ())
        return Anchor(id=rows[0][0], hash=rows[0][1], time=rows[0][2]) if rows else None

    def row_hash(self, row_id: int) -> str | None:
        """The hash of row ``row_id``; ``None`` when there is no such row."""
        return self._row_hash(row_id, locked=True)

    def _row_hash(self, row_id: int, *, locked: bool) -> str | None:
        rows = self._fetch("SELECT hash FROM events WHERE id = ?", (row_id,), locked=locked)
        return str(rows[0][0]) if rows else None

    def _log_expected(self, *, locked: bool) -> bool:
        """Whether the database is marked as written with an anchor log."""
        return self._fetch("SELECT 1 FROM weir_meta WHERE key = 'anchor_log'", (), locked=locked) != []

    def _last_row(self, *, locked: bool) -> tuple[int, str] | None:
        rows = self._fetch(_HEAD, (), locked=locked)
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    def anchors(self) -> list[Anchor]:
        """The anchors recorded inside the database, oldest first."""
        rows = self._fetch("SELECT id, hash, time FROM anchors ORDER BY id", ())
        return [Anchor(id=r[0], hash=r[1], time=r[2]) for r in rows]

    def verify(self, anchors: Sequence[Anchor] = ()) -> VerifyReport:
        """Walk every row (see :func:`weir.audit.chain.verify_rows`) against ``anchors``, the stored ones
        and the anchor log (:mod:`weir.audit.logcheck`), with the store's key."""
        stored = [*self.anchors(), *anchors]
        if self.path == ":memory:":
            return _verify_rows(self.chain(), stored)
        expected = self._log_expected(locked=True)
        check = LogCheck(log_path(self.path), key=self._key, expected=expected, row_hash=self.row_hash)
        return check.finish(_verify_rows(check.rows(self.chain()), stored))

    def chain(self, after_id: int = 0) -> Iterator[ChainRow]:
        """The rows exactly as hashed (event text verbatim), in id order, a page at a time."""
        return sql_rows.chained(self._fetch, "events", "?", after_id, _PAGE)

    def _fetch(self, sql: str, params: Sequence[Any], *, locked: bool = True) -> list[Any]:
        """Run one statement; ``locked=False`` when the caller already holds the lock (or is opening)."""
        if not locked:
            return self._run(sql, params)
        with self._lock:
            return self._run(sql, params)

    def _run(self, sql: str, params: Sequence[Any]) -> list[Any]:
        try:
            return self._open_db().execute(sql, params).fetchall()
        except (sqlite3.Error, UnicodeError) as exc:
            raise AuditError(f"{self.path}: cannot read the audit trail: {exc}") from exc

    def _open_db(self) -> sqlite3.Connection:
        if self._closed:
            raise AuditError(f"{self.path}: the audit store is closed")
        return self._db

    def close(self) -> None:
        """Close the database and the anchor log (idempotent)."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._db.close()
                if self._log is not None:
                    self._log.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _rollback(db: sqlite3.Connection) -> None:
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")


def _connect(path: str, *, create: bool) -> sqlite3.Connection:
    if path != ":memory:" and not create and not Path(path).is_file():
        raise AuditError(f"{path}: no audit database here{_orphaned(path)}")
    try:
        if path != ":memory:" and create:
            _private_file(Path(path))
        # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE in append).
        return sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise AuditError(f"{path}: cannot open the audit database: {exc}") from exc


def _private_file(path: Path) -> None:
    """Create ``path`` readable and writable by its owner only (mode 0600), if it does not exist.

    The trail holds what tools were called with and returned: nobody else on the machine should
    read it. SQLite gives its ``-wal`` and ``-shm`` files the database file's mode.
    """
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600))


def _orphaned(path: str) -> str:
    """What the anchor log of a missing database says about it ("" when there is none)."""
    log = log_path(path)
    mark, _ = last_trusted(tail_lines(log), None)
    if mark is None:
        return ""
    return f", but its anchor log {log.name} records row {mark.id}: the database was deleted or moved"


def _prepare(db: sqlite3.Connection, durability: Durability, *, in_memory: bool) -> None:
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise AuditError(f"not a Weir audit database (SQLite says: {exc})") from exc
    if "weir_meta" in tables:
        meta = dict(db.execute("SELECT key, value FROM weir_meta").fetchall())
        if meta.get("format") != FORMAT:
            raise AuditError(f"not a Weir audit database (format {meta.get('format')!r})")
        if int(meta.get("store_version", "0")) > STORE_VERSION:
            raise AuditError(
                f"written by a newer Weir (store version {meta['store_version']}; this one reads {STORE_VERSION})"
            )
    elif "events" in tables:
        raise AuditError("not a Weir audit database (it has an `events` table but no `weir_meta`)")
    if not in_memory and db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        db.execute("PRAGMA journal_mode=WAL")  # persistent: set once, when the file is new
    db.execute(f"PRAGMA synchronous={'FULL' if durability is Durability.FULL else 'NORMAL'}")
    if not {"weir_meta", "events", "anchors"} <= tables:
        # One transaction, so a process opening the file at the same moment sees all or nothing.
        db.executescript(f"BEGIN IMMEDIATE;{_SCHEMA}{_META};COMMIT;")
