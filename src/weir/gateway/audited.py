"""Opening what the gateway keeps on disk: the audit store and the tool pins beside it."""

from __future__ import annotations

from weir.audit import SqliteAuditStore, SqlitePinStore, open_store, redact_strings, resolve_path
from weir.config import WeirConfig
from weir.detect.chain import Chain
from weir.detect.redact import redact

__all__ = ["open_audit", "open_pins"]


def open_audit(config: WeirConfig, chain: Chain) -> SqliteAuditStore:
    """The store the config names; raw payloads are redacted with the detector chain."""
    redactor = redact_strings(lambda text: redact(text, chain.scan_text(text)))
    return open_store(config.audit, base_dir=config.base_dir, redactor=redactor)


def open_pins(config: WeirConfig) -> SqlitePinStore | None:
    """Tool pins in the audit database, so a rug pull is caught across restarts (None for :memory:)."""
    if config.audit.path == ":memory:":
        return None
    return SqlitePinStore(resolve_path(config.audit, config.base_dir))
