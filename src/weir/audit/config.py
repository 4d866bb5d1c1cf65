"""The `audit:` section of weir.yaml."""

from __future__ import annotations

from weir.labels.base import WeirModel

__all__ = ["AuditConfig"]


class AuditConfig(WeirModel):
    """Where decisions are recorded."""

    path: str = "weir-audit.db"
    """SQLite file (WAL mode)."""
    redact: bool = True
    """Store arguments and results with detected spans redacted."""
