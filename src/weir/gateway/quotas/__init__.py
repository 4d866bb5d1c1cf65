"""Per-principal quotas: the configuration, the counts, and what a refusal says and leaves in the audit.

The names load their modules on first use (:mod:`weir._lazy`): ``weir.gateway.quotas.config`` is a
section of every weir.yaml, and the refusal (the call pipeline, the guard) is not needed to read one.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
    from weir.gateway.quotas.config import QuotaConfig
    from weir.gateway.quotas.ledger import MemoryQuotas, QuotaLedger, SharedQuotas
    from weir.gateway.quotas.rate import Pacer, RateLimited, RequestRate, SharedRate
    from weir.gateway.quotas.refusal import RULE, QuotaExceeded, QuotaUnavailable, Refusals

__all__ = [
    "RULE",
    "MemoryQuotas",
    "Pacer",
    "QuotaConfig",
    "QuotaExceeded",
    "QuotaLedger",
    "QuotaUnavailable",
    "RateLimited",
    "Refusals",
    "RequestRate",
    "SharedQuotas",
    "SharedRate",
]

__getattr__, __dir__ = exports(
    __name__,
    {
        "MemoryQuotas": "weir.gateway.quotas.ledger",
        "QuotaConfig": "weir.gateway.quotas.config",
        "QuotaExceeded": "weir.gateway.quotas.refusal",
        "QuotaLedger": "weir.gateway.quotas.ledger",
        "RULE": "weir.gateway.quotas.refusal",
        "RateLimited": "weir.gateway.quotas.rate",
        "Refusals": "weir.gateway.quotas.refusal",
        "RequestRate": "weir.gateway.quotas.rate",
        "Pacer": "weir.gateway.quotas.rate",
        "QuotaUnavailable": "weir.gateway.quotas.refusal",
        "SharedQuotas": "weir.gateway.quotas.ledger",
        "SharedRate": "weir.gateway.quotas.rate",
    },
)
