"""The labels layer: vocabularies, the canonical model, dialect readers and writers.

No I/O and no network code: everything here is pure functions over wire dicts.
"""

from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.finding import Finding, FindingClass
from weir.labels.profile import ToolProfile, combine
from weir.labels.provenance import Diagnostic, Origin, Severity
from weir.labels.vocab import DataClass, Destination, Dialect, Effect, Level, Outcome, Source

__all__ = [
    "BOTTOM",
    "DataClass",
    "DataLabel",
    "Destination",
    "Diagnostic",
    "Dialect",
    "Effect",
    "Finding",
    "FindingClass",
    "Level",
    "Origin",
    "Outcome",
    "Severity",
    "Source",
    "ToolProfile",
    "combine",
]
