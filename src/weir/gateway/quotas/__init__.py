"""Per-principal quotas: the configuration, the counts, and what a refusal says and leaves in the audit."""

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
