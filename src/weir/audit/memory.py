"""An audit sink that keeps events in a list: for tests, benchmarks and embedding hosts."""

from __future__ import annotations

from weir.audit.event import AuditEvent

__all__ = ["MemoryAudit"]


class MemoryAudit:
    """Events kept in order, in memory (nothing is durable: never the gateway's production sink)."""

    def __init__(self) -> None:
        self.events: list[AuditEvent] = []

    def append(self, event: AuditEvent) -> None:
        """Keep the event."""
        self.events.append(event)
