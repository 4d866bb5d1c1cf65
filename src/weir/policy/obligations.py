"""Obligations: what the executor of a call must do besides applying the effect.

They follow from the tool's (conservative) facts and the decision: retry only what claims to
be idempotent, limit resource-intensive tools together, give slow tools the deployer's longer
timeout and their progress,
never cache results that may be sensitive, and audit more the stronger the effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.policy.decision import AuditLevel, Obligations, Verdict

__all__ = ["obligations_for"]

_AUDIT = {
    Verdict.ALLOW: AuditLevel.SUMMARY,
    Verdict.WARN: AuditLevel.DETAIL,
    Verdict.REDACT: AuditLevel.DETAIL,
    Verdict.CONFIRM: AuditLevel.FULL,
    Verdict.BLOCK: AuditLevel.FULL,
}


def obligations_for(tool: Mapping[str, Any] | None, data_level: int, effect: Verdict) -> Obligations:
    """Obligations for a call to ``tool`` (its facts) when the data involved reaches ``data_level``."""
    if tool is None:
        return Obligations(retry_allowed=False, cache_allowed=False, audit_level=_AUDIT[effect])
    slow = tool.get("slow_execution") is True
    sensitive = data_level >= 2 or tool.get("return_level", 0) >= 2 or tool.get("sensitive_data") is True
    return Obligations.model_construct(
        retry_allowed=bool(tool.get("idempotent")) and effect is not Verdict.BLOCK,
        concurrency_class="resource-intensive" if tool.get("resource_intensive") is True else None,
        progress=slow,
        cache_allowed=not sensitive,
        audit_level=_AUDIT[effect],
    )
