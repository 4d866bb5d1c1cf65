"""The audit layer: a durable, hash-chained record of every call, decision and result.

``open_store(config.audit, base_dir=config.base_dir)`` gives the configured store; append an
:class:`AuditEvent` per step before releasing its response. See ``docs/audit.md``.

The event model and payloads are plain values; the stores (which open SQLite) are imported on
first use, so a layer that only builds events never loads a database driver.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from weir.audit.chain import Anchor, Problem, VerifyReport
from weir.audit.config import AuditConfig, Durability
from weir.audit.event import SCHEMA_VERSION, AuditEvent, DecisionRecord, Phase, RuleRecord
from weir.audit.memory import MemoryAudit
from weir.audit.payload import Payload, PayloadState, Redactor, redact_strings
from weir.audit.store import AuditQuery, AuditStore, StoredEvent

if TYPE_CHECKING:
    from weir.audit.aio import AsyncAuditStore
    from weir.audit.opening import open_store, resolve_path
    from weir.audit.pins import SqlitePinStore
    from weir.audit.sqlite import SqliteAuditStore

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
    "MemoryAudit",
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

_LAZY = {
    "AsyncAuditStore": "weir.audit.aio",
    "SqliteAuditStore": "weir.audit.sqlite",
    "SqlitePinStore": "weir.audit.pins",
    "open_store": "weir.audit.opening",
    "resolve_path": "weir.audit.opening",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'weir.audit' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
