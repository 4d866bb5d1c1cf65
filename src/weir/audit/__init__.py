"""The audit layer: a durable, hash-chained record of every call, decision and result.

``open_store(config.audit, base_dir=config.base_dir)`` gives the configured store; append an
:class:`AuditEvent` per step before releasing its response. See ``docs/audit.md``.
"""

from __future__ import annotations

from pathlib import Path

from weir.audit.aio import AsyncAuditStore
from weir.audit.chain import Anchor, Problem, VerifyReport
from weir.audit.config import AuditConfig, Durability
from weir.audit.event import SCHEMA_VERSION, AuditEvent, DecisionRecord, Phase, RuleRecord
from weir.audit.payload import Payload, PayloadState, Redactor, redact_strings
from weir.audit.pins import SqlitePinStore
from weir.audit.sqlite import SqliteAuditStore
from weir.audit.store import AuditQuery, AuditStore, StoredEvent

__all__ = [
    "SCHEMA_VERSION",
    "Anchor",
    "AsyncAuditStore",
    "AuditConfig",
    "AuditEvent",
    "AuditQuery",
    "AuditStore",
    "DecisionRecord",
    "Durability",
    "Payload",
    "PayloadState",
    "Phase",
    "Problem",
    "Redactor",
    "RuleRecord",
    "SqliteAuditStore",
    "SqlitePinStore",
    "StoredEvent",
    "VerifyReport",
    "open_store",
    "redact_strings",
    "resolve_path",
]


def resolve_path(config: AuditConfig, base_dir: Path | None = None) -> Path:
    """The database path: relative paths are taken from the config file's directory."""
    path = Path(config.path).expanduser()
    return path if path.is_absolute() or base_dir is None else base_dir / path


def open_store(
    config: AuditConfig | None = None,
    *,
    base_dir: Path | None = None,
    redactor: Redactor | None = None,
    create: bool = True,
) -> SqliteAuditStore:
    """The store ``config`` describes (SQLite today), with ``redactor`` for raw payloads."""
    cfg = config or AuditConfig()
    path = cfg.path if cfg.path == ":memory:" else resolve_path(cfg, base_dir)
    return SqliteAuditStore(
        path,
        redact=cfg.redact,
        redactor=redactor,
        durability=cfg.durability,
        anchor_every=cfg.anchor_every,
        create=create,
    )
