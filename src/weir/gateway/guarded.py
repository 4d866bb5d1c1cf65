"""The production enforcer: the shared ``weir.guard.Guard`` behind the proxy's seam.

The Guard is the one decision path (``weir replay`` and ``weir.client`` use it too); this
adapter only translates its checks into the plain values the proxy audits and applies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from weir.audit.event import label_json
from weir.config import WeirConfig
from weir.detect.chain import Chain
from weir.detect.redact import redact_result
from weir.gateway.enforcer import Obligations, PostCall, PreCall, ToolsReview
from weir.guard import ChainLike, Guard
from weir.labels.finding import Finding
from weir.policy.decision import Decision
from weir.policy.obligations import TIMEOUT_S

__all__ = ["GuardEnforcer", "default_chain"]


def default_chain(config: WeirConfig, *, pin_store: Any = None) -> Chain:
    """The detector chain ``detectors:`` describes; pins kept in ``pin_store`` (memory if None)."""
    return Chain.from_specs(config.detectors, pin_store=pin_store)


def _describe(finding: Finding) -> str:
    where = f" at {finding.path}" if finding.path else ""
    return f"{finding.detector}:{finding.kind} ({finding.cls}){where}"


def _obligations(decision: Decision) -> Obligations:
    ob = decision.obligations
    return Obligations(
        retry_allowed=ob.retry_allowed,
        heavy=ob.concurrency_class is not None,
        slow=ob.progress or ob.timeout_s > TIMEOUT_S,
        cache_allowed=ob.cache_allowed,
        timeout_s=ob.timeout_s,
    )


class GuardEnforcer:
    """Decides through a :class:`weir.guard.Guard` built from the same configuration."""

    def __init__(self, config: WeirConfig, *, guard: Guard | None = None, chain: ChainLike | None = None) -> None:
        self.guard = guard if guard is not None else Guard(config, chain=chain or default_chain(config))

    def review_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> ToolsReview:
        """Profiles to publish, and the poisoning / pinning findings and unreadable tools."""
        review = self.guard.register_tools(server, tools)
        published = {name: review.published(name) for name in review.profiles}
        findings = tuple(_describe(f) for f in review.findings) + tuple(review.errors)
        return ToolsReview(published, findings)

    def before_call(
        self,
        session: str,
        server: str,
        tool: str,
        arguments: Mapping[str, Any],
        *,
        meta: Mapping[str, Any] | None,
        resolved: Mapping[str, Any] | None,
    ) -> PreCall:
        """The Guard's pre-call check as plain values."""
        check = self.guard.before_call(self.guard.session(session), server, tool, arguments, meta, resolved)
        d = check.decision
        return PreCall(
            effect=str(d.applied),
            decided=str(d.effect),
            rules=d.rule_names,
            reasons=d.reasons,
            request_meta=check.request_meta,
            obligations=_obligations(d),
            error=d.error,
        )

    def after_call(self, session: str, server: str, tool: str, result: Mapping[str, Any]) -> PostCall:
        """The Guard's post-call check; its result is already redacted, warned or withheld."""
        check = self.guard.after_call(self.guard.session(session), server, tool, result)
        d = check.decision
        return PostCall(
            effect=str(d.applied),
            result=check.result,
            rules=d.rule_names,
            reasons=d.reasons,
            findings=tuple(_describe(f) for f in check.findings),
            error=d.error,
            label=label_json(check.label),
            audit_result=_for_audit(result, check.result, check.findings, str(d.applied)),
        )


def _for_audit(raw: Mapping[str, Any], shaped: Mapping[str, Any], findings: Sequence[Finding], applied: str) -> Any:
    """What the audit trail keeps: the released result with every detected span redacted.

    Finding spans index the raw result, so allowed and warned results are redacted from the raw
    one (the warning is in the decision record); redacted and blocked results are kept as shaped.
    """
    if applied in ("redact", "block") or not findings:
        return shaped
    return redact_result(raw, findings)
