"""A result's label, and whether its values count as untrusted for argument provenance.

A result's label is the join of what its server wrote (result and content-block ``_meta``),
what the tool declared it returns (``returnMetadata``: the worst member of a possible set until
resolved), and what Weir's detectors found in it. Joining means none of the three can weaken
another: a server that writes nothing does not undo its tool's declaration, and a clean
declaration does not undo a detector's finding.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from weir.labels.config import Trust
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.finding import Finding, FindingClass
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Dialect, Level, Source

__all__ = ["CLASSIFIER_CONFIDENCE", "FINDINGS_KEPT", "Standing", "findings_label", "result_label", "standing", "strong"]

_CLASS_OF = {
    FindingClass.CREDENTIALS: (DataClass.CREDENTIALS, Level.HIGH),
    FindingClass.PII: (DataClass.PII, Level.MEDIUM),
    FindingClass.FINANCIAL: (DataClass.FINANCIAL, Level.MEDIUM),
}
_TRUSTED_SOURCES = frozenset({Source.TRUSTED_PUBLIC, Source.INTERNAL, Source.USER, Source.SYSTEM})


CLASSIFIER_CONFIDENCE = 0.95
"""A statistical classifier's hit makes content malicious only at or above this confidence."""


def strong(finding: Finding) -> bool:
    """Whether a malicious finding is evidence enough to mark the content malicious.

    Deterministic detectors (patterns, poisoning and pinning checks) are written for precision;
    a statistical classifier's probability is not, on its own, evidence to block on — on the
    shipped corpus its hits on clean content reach 0.89 while its hits on injected content start
    at 0.55. Below :data:`CLASSIFIER_CONFIDENCE` its hits are recorded as suspicious: kept in
    the findings (audit, explanations), without setting ``malicious``.
    """
    if finding.kind == "classifier":
        return finding.confidence >= CLASSIFIER_CONFIDENCE
    return finding.confidence >= 0.5


FINDINGS_KEPT = 16
"""Per detector, kind and class, the findings a result's label keeps (the first ones, by place)."""


def findings_label(findings: Iterable[Finding]) -> DataLabel:
    """The label detector findings imply: malicious → maliciousActivityHint, secrets/PII/financial → classes.

    Built in one pass, linear in the number of findings: a result may carry tens of thousands
    (an address every line of a long export). The label keeps the first :data:`FINDINGS_KEPT`
    findings of each detector, kind and class as its evidence — every finding still reaches
    redaction, which works from the detector chain's own list, not from the label.
    """
    malicious = False
    level = Level.NONE
    classes: set[DataClass] = set()
    kept: list[Finding] = []
    counts: dict[tuple[str, str, FindingClass], int] = {}
    origins: dict[str, set[Origin]] = {}
    for f in findings:
        key = (f.detector, f.kind, f.cls)
        seen = counts.get(key, 0)
        counts[key] = seen + 1
        if seen >= FINDINGS_KEPT:
            continue  # the same evidence again: the label already says it
        kept.append(f)
        origin = Origin(dialect=Dialect.DETECTOR, path=f"{f.detector}:{f.kind}" + (f" at {f.path}" if f.path else ""))
        if f.cls is FindingClass.MALICIOUS and strong(f):
            malicious = True
            origins.setdefault("malicious", set()).add(origin)
        elif f.cls in _CLASS_OF:
            cls, lvl = _CLASS_OF[f.cls]
            classes.add(cls)
            level = max(level, lvl)
            origins.setdefault("level", set()).add(origin)
            origins.setdefault("classes", set()).add(origin)
    if not kept:
        return BOTTOM
    return DataLabel(
        malicious=malicious,
        level=level,
        classes=frozenset(classes),
        findings=frozenset(kept),
        origins={k: frozenset(v) for k, v in origins.items()},
    )


def result_label(written: DataLabel, declared: DataLabel, findings: Iterable[Finding] = ()) -> DataLabel:
    """Join the server's written labels, the tool's declared return labels, and detector findings."""
    # Most results carry no label and most tools declare none: joining BOTTOM changes nothing.
    label = declared if written is BOTTOM else written if declared is BOTTOM else written.join(declared)
    found = findings_label(findings)
    return label if found is BOTTOM else label.join(found)


@dataclass(frozen=True, slots=True)
class Standing:
    """How far a result is believed: three separate questions with separate answers."""

    untrusted: bool
    """The data may come from an untrusted or open-world source: the session turns untrusted
    (``openWorldHint`` propagates)."""
    values_untrusted: bool
    """Its values may have been written by someone else: they count for argument provenance."""
    internal: bool
    """It is the organisation's own data: sending it outside is exfiltration."""


def standing(label: DataLabel, profile: ToolProfile | None, trust: Trust) -> Standing:
    """Decide how far a result is believed (rules documented in docs/policy.md).

    - untrusted: the data says so (data ``openWorldHint``, trust-annotations ``untrusted``, a
      block label, malicious); or the tool may return ``untrustedPublic`` data; or the server
      is not trusted and the tool (after trust and overrides: an untrusted server cannot vouch
      for itself, only a deployer override can) declares no trusted source.
    - values untrusted: untrusted, or the tool declares no trusted source at all — even a
      trusted server's calendar returns invitations other people wrote.
    - internal: not untrusted (a trusted server's data, or a source a deployer vouched for).
    """
    sources = profile.return_sources if profile is not None else frozenset()
    declares_trusted = bool(sources) and sources <= _TRUSTED_SOURCES
    untrusted = (
        label.untrusted
        or label.malicious
        or profile is None
        or Source.UNTRUSTED_PUBLIC in sources
        or (trust is Trust.UNTRUSTED and not declares_trusted)
    )
    return Standing(untrusted=untrusted, values_untrusted=untrusted or not declares_trusted, internal=not untrusted)
