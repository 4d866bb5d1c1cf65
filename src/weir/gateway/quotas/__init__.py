"""Per-principal quotas: the configuration, the counts, and what a refusal says and leaves in the audit.

The names load their modules on first use (:mod:`weir._lazy`): ``weir.gateway.quotas.config`` is a
section of every weir.yaml, and the refusal (the call pipeline, the guard) is not needed to read one.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
    from weir.gateway.quotas.config import QuotaConfig
    from weir.gateway.quotas.ledger import MemoryQuotas, QuotaLedger
    from weir.gateway.quotas.rate import RateLimited, RequestRate
    from weir.gateway.quotas.refusal import RULE, QuotaExceeded, Refusals

__all__ = [
    "RULE",
    "MemoryQuotas",
    "QuotaConfig",
    "QuotaExceeded",
    "QuotaLedger",
    "RateLimited",
    "Refusals",
    "RequestRate",
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
    },
)
