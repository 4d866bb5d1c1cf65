"""What the SQL stores share: a query's ``WHERE`` clauses, and a stored row read back as an event.

SQLite (:mod:`weir.audit.sqlite`) and PostgreSQL (:mod:`weir.audit.postgres`) keep the same columns
and the same event text; only their parameter marks differ (``?`` against ``%s``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from weir.audit.event import STORED, AuditEvent, format_time
from weir.audit.store import AuditQuery, StoredEvent
from weir.errors import AuditError

__all__ = ["stored", "where"]

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
