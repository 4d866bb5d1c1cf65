"""What the Guard hands back: the review of a tool list, the check of a call, the check of a result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from weir.flow.provenance import ArgTaint
from weir.labels.datalabel import DataLabel
from weir.labels.evidenceref import EvidenceRef
from weir.labels.finding import Finding
from weir.labels.profile import ToolProfile
from weir.policy.decision import Decision

__all__ = ["CallCheck", "ChainLike", "ResultCheck", "ToolsReview"]


class ChainLike(Protocol):
    """The detector chain as the Guard uses it (``weir.detect.Chain`` satisfies it)."""

    def scan_result(self, result: Mapping[str, Any]) -> list[Finding]:
        """Findings in a tool result; ``Finding.path`` names the string (``content[0].text``)."""
        ...

    def scan_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> list[Finding]:
        """Poisoning / pinning findings in a tool list; ``Finding.path`` starts ``tools[i]``."""
        ...


@dataclass(frozen=True)
class ToolsReview:
    """The outcome of registering one server's ``tools/list``."""

    server: str
    profiles: Mapping[str, ToolProfile]
    """Tool name → profile after trust and overrides."""
    findings: Sequence[Finding] = ()
    """Poisoning and pinning findings (paths ``tools[i]...``)."""
    flagged: Mapping[str, Sequence[Finding]] = field(default_factory=dict)
    """Tool name → the findings about it."""
    errors: Sequence[str] = ()
    """Tools that could not be read (they stay unknown: the most conservative profile)."""
    held: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Tool name → what changed, for each tool quarantined (its definition is not the approved one)."""
    shown: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Tool name → the definition a client is shown, for each whose strings hold a credential
    (redacted: :mod:`weir.guard.toolredact`); any other tool is shown as listed."""

    def published(self, name: str) -> dict[str, Any]:
        """The profile as JSON for ``Tool._meta["dev.weir/profile"]`` (with ``quarantined`` when held)."""
        profile = self.profiles[name]
        out = profile.model_dump(mode="json", by_alias=True, exclude_defaults=True, exclude={"origins"})
        if name in self.held:
            out["quarantined"] = list(self.held[name])
        return out


@dataclass(frozen=True)
class CallCheck:
    """The pre-call decision and what to send upstream if it goes ahead."""

    decision: Decision
    request_meta: dict[str, Any]
    """The request ``_meta`` to send: the client's keys plus the propagated ``annotations``."""
    args_from_untrusted: Sequence[ArgTaint]
    profile: ToolProfile | None
    """The profile the decision used (resolved when a ``tools/resolve`` answer was given)."""
    step: int = -1
    """The call's step in its agent session."""
    resolve_problems: tuple[str, ...] = ()
    """Why a ``tools/resolve`` answer was not believed (the static definition decided instead)."""
    evidence: EvidenceRef | None = None
    """The ``policy-decision`` reference to the audit record of a blocking decision (the pipeline sets
    it when it audits the block, :mod:`weir.audit.evidence`); the blocked result carries it."""


@dataclass(frozen=True)
class ResultCheck:
    """The post-call decision and the result to release (redacted, warned, or an error)."""

    decision: Decision
    result: dict[str, Any]
    label: DataLabel
    """The result's label (server labels ∪ declared return labels ∪ findings, plus untrusted by trust)."""
    findings: Sequence[Finding] = ()
