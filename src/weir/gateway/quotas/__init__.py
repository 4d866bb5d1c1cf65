"""Per-principal quotas: the configuration, the counts, and what a refusal says and leaves in the audit."""

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
