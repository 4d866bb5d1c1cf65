"""A detector's finding: the unit the detect layer hands to sessions, policy and redaction.

Defined here, at the bottom of the layer stack, so that ``flow`` can accept findings without
importing ``detect`` (the seam between the two).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from weir.labels.base import WeirModel

__all__ = ["Finding", "FindingClass"]


class FindingClass(StrEnum):
    """What a finding means for the data's label."""

    MALICIOUS = "malicious"
    """Prompt injection, hidden instructions, tool poisoning: sets maliciousActivityHint."""
    CREDENTIALS = "credentials"
    """A secret: sensitivity class credentials (level 3)."""
    PII = "pii"
    """Personal data: class pii (level 2)."""
    FINANCIAL = "financial"
    """Payment cards, IBANs, account numbers: class financial (level 2)."""
    SUSPICIOUS = "suspicious"
    """Worth recording (hidden characters, a changed tool definition) but not a label by itself."""


class Finding(WeirModel):
    """One thing a detector found, with the span it covers in the (normalised) text."""

    detector: str
    """Id of the detector that produced it, e.g. ``secrets``."""
    kind: str
    """What exactly was found, e.g. ``aws-access-key``, ``ignore-previous``, ``iban``."""
    cls: FindingClass = Field(alias="class")
    """The label class it implies."""
    start: int = 0
    """Start offset (characters) in the scanned text; 0 for whole-object findings."""
    end: int = 0
    """End offset (exclusive)."""
    confidence: float = 1.0
    """0..1; patterns with a checksum report 1.0, the classifier its probability."""
    path: str | None = None
    """JSON path of the scanned string inside a result or tool definition, when known."""
    message: str | None = None
    """A human-readable explanation, for reasons and audit."""
