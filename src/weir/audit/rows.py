"""What the SQL stores share: their columns, a query's ``WHERE`` clauses, a stored row read back as
an event, and the chain read back a page at a time.

SQLite (:mod:`weir.audit.sqlite`) and PostgreSQL (:mod:`weir.audit.postgres`) keep the same columns
and the same event text; only their parameter marks differ (``?`` against ``%s``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pydantic import ValidationError

from weir.audit.chain import ChainRow
from weir.audit.event import STORED, AuditEvent, format_time
from weir.audit.store import AuditQuery, StoredEvent
from weir.errors import AuditError

__all__ = ["COLUMNS", "chain_row", "chained", "paged", "stored", "where"]

COLUMNS = ("time", "phase", "session", "connection", "server", "tool", "effect", "applied")
"""The columns each store keeps beside the event text (for queries; the hash covers the text)."""

_EQUAL = ("session", "connection", "server", "tool", "phase", "effect")
"""The query's fields matched by equality, each a column of the same name."""


def where(q: AuditQuery, mark: str) -> tuple[str, list[Any]]:
    """``q``'s conditions as ``" AND …"`` clauses with ``mark`` for each parameter, and the parameters."""
    clauses: list[str] = []
    params: list[Any] = []
    for name in _EQUAL:
        value = getattr(q, name)
        if value is not None:
            clauses.append(f"{name} = {mark}")
            params.append(str(value))
    if q.since is not None:
        clauses.append(f"time >= {mark}")
        params.append(format_time(q.since))
    if q.until is not None:
        clauses.append(f"time < {mark}")
        params.append(format_time(q.until))
    return "".join(f" AND {c}" for c in clauses), params


def stored(row: Sequence[Any]) -> StoredEvent:
    """A row of ``(id, hash, prev_hash, event JSON, …)`` as the event it stores; a row that does not
    read back is an :class:`AuditError` naming it."""
    try:
        event = AuditEvent.model_validate(json.loads(row[3]), context={STORED: True})
    except (ValueError, ValidationError) as exc:
        raise AuditError(f"row {row[0]}: the stored event cannot be read: {exc}") from exc
    return StoredEvent(id=int(row[0]), hash=str(row[1]), prev_hash=str(row[2]), event=event)


def paged(
    fetch: Callable[[str, Sequence[Any]], Sequence[Sequence[Any]]], q: AuditQuery, table: str, mark: str, page: int
) -> Iterator[StoredEvent]:
    """The events of ``table`` matching ``q`` in id order, read ``page`` rows at a time through
    ``fetch(sql, params)`` (each store's own, with its locking and its errors)."""
    clauses, params = where(q, mark)
    sql = f"SELECT id, hash, prev_hash, event FROM {table} WHERE id > {mark}{clauses} ORDER BY id LIMIT {mark}"
    after, left = q.after_id, q.limit
    while left is None or left > 0:
        size = min(page, left) if left is not None else page
        rows = fetch(sql, (after, *params, size))
        for row in rows:
            yield stored(row)
        if len(rows) < size:
            return
        after = int(rows[-1][0])
        left = None if left is None else left - len(rows)


def chain_row(row: Sequence[Any]) -> ChainRow:
    """A row of ``(id, prev_hash, hash, event text, *COLUMNS, …)`` as the chain hashed it."""
    columns = dict(zip(COLUMNS, row[4 : 4 + len(COLUMNS)], strict=True))
    return ChainRow(int(row[0]), str(row[1]), str(row[2]), str(row[3]), columns)


def chained(
    fetch: Callable[[str, Sequence[Any]], Sequence[Sequence[Any]]], table: str, mark: str, after_id: int, page: int
) -> Iterator[ChainRow]:
    """The rows of ``table`` after ``after_id`` exactly as hashed (event text verbatim), in id
    order, read ``page`` rows at a time through ``fetch(sql, params)``."""
    sql = (
        f"SELECT id, prev_hash, hash, event, {', '.join(COLUMNS)} FROM {table} "
        f"WHERE id > {mark} ORDER BY id LIMIT {mark}"
    )
    after = after_id
    while True:
        rows = fetch(sql, (after, page))
        for row in rows:
            yield chain_row(row)
        if len(rows) < page:
            return
        after = int(rows[-1][0])
