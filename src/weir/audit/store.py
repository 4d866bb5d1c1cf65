"""The audit store seam: what the gateway and the CLI need from any backend.

SQLite (:mod:`weir.audit.sqlite`) is the default; a PostgreSQL store for fleets implements the
same Protocol. Every backend must keep three promises:

1. ``append`` returns only once the event is durably committed (the gateway releases a response
   only after that), with payloads sealed by :func:`weir.audit.payload.seal` under the store's
   redaction setting — a backend never stores a raw payload while redaction is on.
2. Rows form the hash chain of :mod:`weir.audit.chain`, with ids 1, 2, 3, … in append order.
3. It is safe to call from several threads.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from types import TracebackType
from typing import Protocol, Self, runtime_checkable

from weir.audit.chain import Anchor, ChainRow, VerifyReport
from weir.audit.event import AuditEvent, EffectName, Phase
from weir.labels.base import WeirModel

__all__ = ["AuditQuery", "AuditStore", "StoredEvent"]


class StoredEvent(WeirModel):
    """An event as it sits in the chain."""

    id: int
    """Position in the chain, from 1."""
    hash: str
    """This row's chain hash."""
    prev_hash: str
    """The previous row's hash."""
    event: AuditEvent
    """The event, payloads as stored (sealed)."""


class AuditQuery(WeirModel):
    """Which events to read; every field set must match (``None`` matches anything)."""

    session: str | None = None
    """Agent session id."""
    connection: str | None = None
    """Downstream connection id."""
    server: str | None = None
    """Upstream server name."""
    tool: str | None = None
    """Tool name."""
    phase: Phase | None = None
    """call, result, tools or error."""
    effect: EffectName | None = None
    """The decision's effect (allow, warn, redact, confirm, block)."""
    since: datetime | None = None
    """Events at or after this time."""
    until: datetime | None = None
    """Events strictly before this time."""
    after_id: int = 0
    """Only rows with a greater id (for following a growing chain)."""
    limit: int | None = None
    """At most this many events (the earliest first)."""


@runtime_checkable
class AuditStore(Protocol):
    """A durable, hash-chained, append-only record of audit events."""

    def append(self, event: AuditEvent) -> StoredEvent:
        """Seal, chain and durably commit one event; raises ``AuditError`` when it could not."""
        ...

    def query(self, query: AuditQuery | None = None) -> Iterator[StoredEvent]:
        """Matching events in id order, read lazily."""
        ...

    def chain(self, after_id: int = 0) -> Iterator[ChainRow]:
        """The raw rows as hashed (event text verbatim), in id order: for export and verification."""
        ...

    def tail(self, n: int) -> list[StoredEvent]:
        """The last ``n`` events, oldest first."""
        ...

    def head(self) -> Anchor | None:
        """The last row's id and hash (what to export as an anchor); ``None`` when empty."""
        ...

    def verify(self, anchors: Sequence[Anchor] = ()) -> VerifyReport:
        """Walk the whole chain, checking it and the given plus the stored anchors."""
        ...

    def close(self) -> None:
        """Release the store; further calls raise ``AuditError``."""
        ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...
