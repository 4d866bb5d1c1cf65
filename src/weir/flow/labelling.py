"""A result's label, and whether its values count as untrusted for argument provenance.

A result's label is the join of what its server wrote (result and content-block ``_meta``),
what the tool declared it returns (``returnMetadata``: the worst member of a possible set until
resolved), and what Weir's detectors found in it. Joining means none of the three can weaken
another: a server that writes nothing does not undo its tool's declaration, and a clean
declaration does not undo a detector's finding.
"""

from __future__ import annotations

from collections.abc import Iterable

from weir.labels.config import Trust
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.finding import Finding, FindingClass
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Dialect, Level, Source

__all__ = ["findings_label", "result_label", "untrusted_result"]

_CLASS_OF = {
    FindingClass.CREDENTIALS: (DataClass.CREDENTIALS, Level.HIGH),
    FindingClass.PII: (DataClass.PII, Level.MEDIUM),
    FindingClass.FINANCIAL: (DataClass.FINANCIAL, Level.MEDIUM),
}
_TRUSTED_SOURCES = frozenset({Source.TRUSTED_PUBLIC, Source.INTERNAL, Source.USER, Source.SYSTEM})


def findings_label(findings: Iterable[Finding]) -> DataLabel:
    """The label detector findings imply: malicious → maliciousActivityHint, secrets/PII/financial → classes."""
    label = BOTTOM
    for f in findings:
        origin = frozenset(
            {Origin(dialect=Dialect.DETECTOR, path=f"{f.detector}:{f.kind}" + (f" at {f.path}" if f.path else ""))}
        )
        if f.cls is FindingClass.MALICIOUS:
            part = DataLabel(malicious=True, findings=frozenset({f}), origins={"malicious": origin})
        elif f.cls in _CLASS_OF:
            cls, level = _CLASS_OF[f.cls]
            part = DataLabel(
                level=level,
                classes=frozenset({cls}),
                findings=frozenset({f}),
                origins={"level": origin, "classes": origin},
            )
        else:
            part = DataLabel(findings=frozenset({f}))
        label = label.join(part)
    return label


def result_label(written: DataLabel, declared: DataLabel, findings: Iterable[Finding] = ()) -> DataLabel:
    """Join the server's written labels, the tool's declared return labels, and detector findings."""
    return written.join(declared).join(findings_label(findings))


def untrusted_result(label: DataLabel, profile: ToolProfile | None, trust: Trust) -> bool:
    """Whether a result's values count as untrusted (their arrival can steer the agent).

    Untrusted when any of these holds:

    1. the data says so (data ``openWorldHint``, trust-annotations ``untrusted``, a block label);
    2. the tool may return ``untrustedPublic`` data (after trust and overrides);
    3. the server is not trusted and its tool (after trust and overrides — an untrusted server
       cannot vouch for itself, only a deployer override can) declares no trusted source;
    4. the server is trusted but the tool declares no source at all and may reach the open
       world (``openWorldHint`` true or absent: unknown is not safe).

    A detector finding of injection makes the label malicious, which is stronger still.
    """
    if label.untrusted or label.malicious:
        return True
    if profile is None:
        return True
    sources = profile.return_sources
    if Source.UNTRUSTED_PUBLIC in sources:
        return True
    declares_trusted = bool(sources) and sources <= _TRUSTED_SOURCES
    if trust is Trust.UNTRUSTED:
        return not declares_trusted
    if sources:
        return False
    return profile.open_world is not False
