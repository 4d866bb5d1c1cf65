"""Tool-definition pins kept in SQLite, so a rug pull is noticed across gateway restarts.

Matches the detect layer's ``PinStore`` Protocol structurally (``get`` / ``put``): the detect layer
does no I/O, so its durable store lives here. It may share the audit database file (its own table)
or use a file of its own.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Self

from weir.audit.event import format_time
from weir.errors import AuditError

__all__ = ["SqlitePinStore"]

_SCHEMA = "CREATE TABLE IF NOT EXISTS weir_pins (server TEXT PRIMARY KEY, hashes TEXT NOT NULL, updated TEXT NOT NULL)"


class SqlitePinStore:
    """The pinned hash of every tool, per server (tool name → hash of its security-relevant parts)."""

    def __init__(self, path: str | Path) -> None:
        """Open or create the pin table in the SQLite file at ``path`` (WAL mode)."""
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False)
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(_SCHEMA)
        except sqlite3.Error as exc:
            raise AuditError(f"{self.path}: cannot open the pin store: {exc}") from exc

    def get(self, server: str) -> dict[str, str] | None:
        """The pins recorded for ``server``, or ``None`` when it was never seen."""
        with self._lock:
            try:
                row = self._db.execute("SELECT hashes FROM weir_pins WHERE server = ?", (server,)).fetchone()
            except (sqlite3.Error, UnicodeError) as exc:
                raise AuditError(f"{self.path}: cannot read pins: {exc}", server=server) from exc
        if row is None:
            return None
        try:
            hashes = json.loads(row[0])
        except ValueError as exc:
            raise AuditError(f"{self.path}: stored pins are not JSON: {exc}", server=server) from exc
        if not isinstance(hashes, dict) or not all(isinstance(v, str) for v in hashes.values()):
            raise AuditError(f"{self.path}: stored pins are not a name → hash object", server=server)
        return {str(k): v for k, v in hashes.items()}

    def put(self, server: str, hashes: dict[str, str]) -> None:
        """Replace the pins of ``server`` (committed before returning)."""
        text = json.dumps(dict(sorted(hashes.items())), separators=(",", ":"))
        with self._lock:
            try:
                self._db.execute(
                    "INSERT INTO weir_pins (server, hashes, updated) VALUES (?, ?, ?) "
                    "ON CONFLICT(server) DO UPDATE SET hashes = excluded.hashes, updated = excluded.updated",
                    (server, text, format_time(datetime.now(UTC))),
                )
            except (sqlite3.Error, UnicodeError) as exc:
                raise AuditError(f"{self.path}: cannot store pins: {exc}", server=server) from exc

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
