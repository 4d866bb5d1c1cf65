"""The data label: what is known about a piece of data in an agent session.

Labels form a join-semilattice: :meth:`DataLabel.join` is commutative, associative and
idempotent, and never weakens anything — booleans are unions, sensitivity is a maximum,
classes, scopes, findings and attribution are set unions. That is the seeds' propagation rule
made algebraic, and the property tests pin it.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import Field

from weir.labels.base import WeirModel
from weir.labels.evidenceref import EvidenceRef
from weir.labels.finding import Finding
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Level

__all__ = ["BOTTOM", "DataLabel"]


class DataLabel(WeirModel):
    """Labels of data seen (a result, a content block, or everything a session has seen)."""

    untrusted: bool = False
    """Data may come from an untrusted or open-world source (prompt-injection risk)."""
    private: bool = False
    """Internal or private to an organisation (issue 711 privateHint)."""
    level: Level = Level.NONE
    """Sensitivity on the one ordinal scale."""
    classes: frozenset[DataClass] = frozenset()
    """Categorical sensitivity classes (never contains ``none``)."""
    scopes: frozenset[str] = frozenset()
    """Regulatory scopes (GDPR, HIPAA, ...)."""
    malicious: bool = False
    """Detected or suspected malicious activity."""
    findings: frozenset[Finding] = frozenset()
    """Detector findings behind ``malicious`` or a class, for explanations."""
    attribution: frozenset[str] = frozenset()
    """Sources the data came from."""
    evidence: frozenset[EvidenceRef] = frozenset()
    """References to the out-of-band evidence behind the labels (trust-annotations ``evidenceRef``)."""
    origins: Mapping[str, frozenset[Origin]] = Field(default_factory=dict)
    """Field name → the wire keys (or overrides, detectors) that set it."""

    def join(self, other: DataLabel) -> DataLabel:
        """The least label at least as strong as both."""
        if other is self:
            return self
        origins = dict(self.origins)
        for key, more in other.origins.items():
            origins[key] = origins.get(key, frozenset()) | more
        return DataLabel.model_construct(
            untrusted=self.untrusted or other.untrusted,
            private=self.private or other.private,
            level=max(self.level, other.level),
            classes=self.classes | other.classes,
            scopes=self.scopes | other.scopes,
            malicious=self.malicious or other.malicious,
            findings=self.findings | other.findings,
            attribution=self.attribution | other.attribution,
            evidence=self.evidence | other.evidence,
            origins=origins,
        )

    def at_least(self, other: DataLabel) -> bool:
        """True when this label is no weaker than ``other`` in every field."""
        return (
            (self.untrusted or not other.untrusted)
            and (self.private or not other.private)
            and self.level >= other.level
            and self.classes >= other.classes
            and self.scopes >= other.scopes
            and (self.malicious or not other.malicious)
            and self.findings >= other.findings
            and self.attribution >= other.attribution
            and self.evidence >= other.evidence
        )

    def origin_of(self, field: str) -> frozenset[Origin]:
        """Where ``field`` was set (empty for a field still at its bottom value)."""
        return self.origins.get(field, frozenset())


BOTTOM = DataLabel()
"""The label of nothing seen yet."""
