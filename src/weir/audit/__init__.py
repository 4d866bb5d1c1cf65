"""The audit layer: a durable, hash-chained record of every call, decision and result.

``open_store(config.audit, base_dir=config.base_dir)`` gives the configured store; append an
:class:`AuditEvent` per step before releasing its response. See ``docs/audit.md``.

Every name resolves on first use (:mod:`weir._lazy`): a layer that only builds events never loads
a database driver, and reading ``weir.audit.config`` loads no event model.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
    from weir.audit.aio import AsyncAuditStore
    from weir.audit.chain import Anchor, Problem, VerifyReport
    from weir.audit.config import AuditConfig, Durability
    from weir.audit.event import SCHEMA_VERSION, AuditEvent, DecisionRecord, Phase, RuleRecord
    from weir.audit.memory import MemoryAudit
    from weir.audit.opening import open_store, resolve_path
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

__getattr__, __dir__ = exports(
    __name__,
    {
        "Anchor": "weir.audit.chain",
        "AsyncAuditStore": "weir.audit.aio",
        "AuditConfig": "weir.audit.config",
        "AuditEvent": "weir.audit.event",
        "AuditQuery": "weir.audit.store",
        "AuditStore": "weir.audit.store",
        "DecisionRecord": "weir.audit.event",
        "Durability": "weir.audit.config",
        "MemoryAudit": "weir.audit.memory",
        "Payload": "weir.audit.payload",
        "PayloadState": "weir.audit.payload",
        "Phase": "weir.audit.event",
        "Problem": "weir.audit.chain",
        "Redactor": "weir.audit.payload",
        "RuleRecord": "weir.audit.event",
        "SCHEMA_VERSION": "weir.audit.event",
        "SqliteAuditStore": "weir.audit.sqlite",
        "SqlitePinStore": "weir.audit.pins",
        "StoredEvent": "weir.audit.store",
        "VerifyReport": "weir.audit.chain",
        "open_store": "weir.audit.opening",
        "redact_strings": "weir.audit.payload",
        "resolve_path": "weir.audit.opening",
    },
)
