"""Tool-definition pins kept in SQLite, so a rug pull is noticed — and stays held — across restarts.

Implements the detect layer's ``PinStore`` (``get`` / ``put`` / ``servers``): the detect layer does
no I/O, so its durable store lives here. One row per (server, tool) holds its
:class:`~weir.detect.pinning.ToolPin` as JSON: the approved definition (hash and bounded stored
form) and the definition last seen when it differs — what ``weir pins diff`` shows and
``weir pins approve`` accepts. The table may share the audit database file or use a file of its own;
another process (``weir pins approve``) may write it while a gateway reads it.

Pins written by an earlier Weir (table ``weir_pins``: hashes only) are taken over on opening, as
approved definitions whose stored form is unknown.

Also here, what an operator does with them (``weir pins``): :func:`pin_rows` (every pin and its
status) and :func:`approve` (the seen definitions become the approved ones — recorded in the audit
trail first); :func:`weir.detect.pinning.held_changes` gives the diff ``weir pins diff`` shows.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from pydantic import ValidationError

from weir.audit.event import AuditEvent, Phase, format_time
from weir.audit.store import AuditStore
from weir.detect.pinning import FIRST_USE, PinError, PinStore, ToolPin, Version, approval, approved_hashes
from weir.errors import AuditError

__all__ = ["PinRow", "SqlitePinStore", "approval_event", "approve", "pin_rows"]

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS weir_tool_pins (server TEXT NOT NULL, tool TEXT NOT NULL, pin TEXT NOT NULL, "
    "updated TEXT NOT NULL, PRIMARY KEY (server, tool))"
)
_LEGACY = "weir_pins"


class SqlitePinStore:
    """The pin of every tool, per server (see the module docstring)."""

    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        """Open (or, with ``create``, create) the pin table in the SQLite file at ``path`` (WAL mode).

        Raises AuditError when the file cannot be opened, or does not exist and ``create`` is false.
        """
        self.path = str(path)
        self._lock = threading.Lock()
        if not create and self.path != ":memory:" and not Path(self.path).is_file():
            raise AuditError(f"{self.path}: no such database")
        try:
            self._db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False)
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(_SCHEMA)
            self._take_over_legacy()
        except sqlite3.Error as exc:
            raise AuditError(f"{self.path}: cannot open the pin store: {exc}") from exc

    def get(self, server: str) -> dict[str, ToolPin] | None:
        """The pins recorded for ``server``, or ``None`` when it was never pinned."""
        rows = self._read("SELECT tool, pin FROM weir_tool_pins WHERE server = ?", (server,), server)
        if not rows:
            return None
        return {str(tool): self._pin(text, server) for tool, text in rows}

    def put(self, server: str, pins: Mapping[str, ToolPin]) -> None:
        """Store these tools' pins in one transaction (committed before returning)."""
        now = format_time(datetime.now(UTC))
        rows = [
            (server, name, pin.model_dump_json(by_alias=True, exclude_none=True), now) for name, pin in pins.items()
        ]
        with self._lock:
            try:
                with self._db:
                    self._db.execute("BEGIN IMMEDIATE")
                    self._db.executemany(
                        "INSERT INTO weir_tool_pins (server, tool, pin, updated) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT(server, tool) DO UPDATE SET pin = excluded.pin, updated = excluded.updated",
                        rows,
                    )
            except (sqlite3.Error, UnicodeError) as exc:
                raise AuditError(f"{self.path}: cannot store pins: {exc}", server=server) from exc

    def servers(self) -> list[str]:
        """Every pinned server, sorted."""
        return [str(r[0]) for r in self._read("SELECT DISTINCT server FROM weir_tool_pins ORDER BY server", (), None)]

    def _read(self, sql: str, params: tuple[Any, ...], server: str | None) -> list[Any]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except (sqlite3.Error, UnicodeError) as exc:
                raise AuditError(f"{self.path}: cannot read pins: {exc}", server=server) from exc

    def _pin(self, text: Any, server: str) -> ToolPin:
        try:
            return ToolPin.model_validate_json(text)
        except (ValidationError, ValueError, TypeError) as exc:
            raise AuditError(f"{self.path}: a stored pin is not a tool pin: {exc}", server=server) from exc

    def _take_over_legacy(self) -> None:
        """Import pins an earlier Weir kept as hashes only (approved, stored form unknown), once."""
        found = self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", (_LEGACY,))
        if found.fetchone() is None:
            return
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            for server, hashes, updated in self._db.execute(
                f"SELECT server, hashes, updated FROM {_LEGACY}"
            ).fetchall():
                for tool, digest in _legacy_hashes(hashes).items():
                    pin = ToolPin(approved=Version(hash=digest, at=str(updated)), by=FIRST_USE)
                    self._db.execute(
                        "INSERT OR IGNORE INTO weir_tool_pins (server, tool, pin, updated) VALUES (?, ?, ?, ?)",
                        (server, tool, pin.model_dump_json(by_alias=True, exclude_none=True), updated),
                    )
            self._db.execute(f"DROP TABLE {_LEGACY}")

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


def _legacy_hashes(text: Any) -> dict[str, str]:
    try:
        hashes = json.loads(text)
    except (TypeError, ValueError):
        return {}
    if not isinstance(hashes, dict):
        return {}
    return {str(k): v for k, v in hashes.items() if isinstance(v, str)}


@dataclass(frozen=True)
class PinRow:
    """One tool's pin as ``weir pins list`` shows it."""

    server: str
    tool: str
    pin: ToolPin

    @property
    def held(self) -> bool:
        """A definition waits for approval: the tool is quarantined."""
        return self.pin.seen is not None


def pin_rows(store: PinStore, servers: Iterable[str] = ()) -> list[PinRow]:
    """Every tool pin of ``servers`` (all pinned servers when empty), by server and tool.

    Raises PinError naming a server that was never pinned.
    """
    rows: list[PinRow] = []
    for server in list(servers) or store.servers():
        pins = store.get(server)
        if pins is None:
            raise PinError(f"no pins for server {server!r}", server=server)
        rows.extend(PinRow(server, tool, pin) for tool, pin in sorted(pins.items()))
    return rows


def approve(pins: PinStore, audit: AuditStore, server: str, names: Iterable[str] = (), *, by: str) -> dict[str, str]:
    """Approve the definitions last seen of ``server``'s held tools (all when ``names`` is empty).

    The approval is appended to ``audit`` before any pin changes, so an approval the trail cannot
    record does not happen. Returns tool name → the hash approved (empty: nothing was held).
    Raises PinError as :func:`weir.detect.pinning.approval` does, AuditError.
    """
    updates = approval(pins, server, names, by=by)
    if not updates:
        return {}
    hashes = approved_hashes(updates)
    audit.append(approval_event(server, hashes, by=by))
    pins.put(server, updates)
    return hashes


def approval_event(server: str, approved: Mapping[str, str], *, by: str) -> AuditEvent:
    """The audit record of an operator's ``weir pins approve``: which definitions (hashes), by whom."""
    details = {"action": "pins-approve", "tools": sorted(approved), "hashes": dict(approved), "by": by}
    return AuditEvent(phase=Phase.TOOLS, server=server, details=details)
