"""What the gateway keeps on disk — the audit store and the tool pins beside it — and the
detector chains that go with them."""

from __future__ import annotations

from typing import Any

from weir.audit import AuditStore, SqlitePinStore, resolve_path
from weir.audit.opening import open_trail
from weir.config import WeirConfig
from weir.detect.chain import Chain
from weir.detect.config import DetectorSpec
from weir.detect.pinning import PinStore
from weir.detect.redact import redact_json
from weir.detect.registry import DEFAULT_TEXT, available, is_tool_check

__all__ = ["default_chain", "open_audit", "open_pins", "redaction_chain"]

# Detectors whose findings are about intent, not about data that must stay off disk: the audit
# trail keeps injected text as evidence, and skipping the classifier here halves the cost of
# sealing a call's arguments (it was the largest item of the pre-call audit append). The model
# extras judge intent too, and asked by the redactor they would send every audited payload (finding
# messages included) to the deployer's model a second time, outside its figures on /metrics.
_NOT_SENSITIVE = frozenset({"injection", "onnx", "judge"})


def default_chain(config: WeirConfig, *, pin_store: Any = None) -> Chain:
    """The detector chain ``detectors:`` describes; pins kept in ``pin_store`` (memory if None)."""
    return Chain.from_specs(config.detectors, pin_store=pin_store)


def redaction_chain(config: WeirConfig) -> Chain:
    """The configured text detectors that find sensitive data (secrets, PII, hidden text)."""
    specs = config.detectors
    if specs is None:
        specs = [DetectorSpec(use=name) for name in DEFAULT_TEXT if available(name)]
    return Chain.from_specs([s for s in specs if s.use not in _NOT_SENSITIVE and not is_tool_check(s.use)])


def open_audit(config: WeirConfig) -> AuditStore:
    """The store the config names (SQLite, or PostgreSQL with ``audit.postgresql``); raw payloads are
    redacted with :func:`redaction_chain` (not the Guard's chain: that one also carries the intent
    detectors, which the trail does not redact).

    The redactor scans every string of a value at once, as a tool result is scanned (``_meta``
    in the arguments, decoded text blobs and all: :meth:`Chain.scan_json`), and rewrites each
    finding where it is.
    """
    sensitive = redaction_chain(config)

    def redactor(value: Any) -> Any:
        findings = sensitive.scan_json(value)
        return redact_json(value, findings) if findings else value  # nothing found: the value as it is

    return open_trail(config.audit, base_dir=config.base_dir, redactor=redactor)


def open_pins(config: WeirConfig) -> PinStore | None:
    """Tool pins in the audit database, so a rug pull is caught across restarts (None for :memory:);
    in a fleet (``state.redis``), in Redis, shared by every replica (:mod:`weir.serving.fleet`)."""
    if config.state.redis is not None:
        from weir.serving.fleet import open_shared_pins

        return open_shared_pins(config)
    if config.audit.path == ":memory:":
        return None
    return SqlitePinStore(resolve_path(config.audit, config.base_dir))
