"""Opening the configured audit store for the gateway (``audit:`` in weir.yaml)."""

from __future__ import annotations

from weir.audit import SqliteAuditStore, open_store
from weir.config import WeirConfig

__all__ = ["open_audit"]


def open_audit(config: WeirConfig) -> SqliteAuditStore:
    """The store the config names; payloads are stripped unless a redactor is wired in."""
    return open_store(config.audit, base_dir=config.base_dir)
