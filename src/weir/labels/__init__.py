"""The labels layer: vocabularies, the canonical model, dialect readers and writers.

No I/O and no network code: everything here is pure functions over wire dicts. Readers
(:mod:`~weir.labels.read`) never raise; writers (:mod:`~weir.labels.write`) emit the current
form or any dialect; :mod:`~weir.labels.policy_view` is the conservative view policy reasons
about; :mod:`~weir.labels.trust`, :mod:`~weir.labels.overrides` and
:mod:`~weir.labels.resolution` decide how far claims are believed.
"""

from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.evidenceref import EvidenceRef
from weir.labels.finding import Finding, FindingClass
from weir.labels.overrides import apply_overrides, resolve_profile
from weir.labels.policy_view import Effective, effective
from weir.labels.profile import ToolProfile, combine
from weir.labels.provenance import Diagnostic, Origin, Severity
from weir.labels.read import (
    ResultReading,
    ToolReading,
    read_data_meta,
    read_resolution,
    read_result,
    read_tool,
    returned_label,
)
from weir.labels.resolution import narrow, resolve_call
from weir.labels.trust import apply_trust
from weir.labels.vocab import DataClass, Destination, Dialect, Level, Outcome, SideEffect, Source
from weir.labels.write import write_data_meta, write_tool

__all__ = [
    "BOTTOM",
    "DataClass",
    "DataLabel",
    "Destination",
    "Diagnostic",
    "Dialect",
    "Effective",
    "EvidenceRef",
    "Finding",
    "FindingClass",
    "Level",
    "Origin",
    "Outcome",
    "ResultReading",
    "Severity",
    "SideEffect",
    "Source",
    "ToolProfile",
    "ToolReading",
    "apply_overrides",
    "apply_trust",
    "combine",
    "effective",
    "narrow",
    "read_data_meta",
    "read_resolution",
    "read_result",
    "read_tool",
    "resolve_call",
    "resolve_profile",
    "returned_label",
    "write_data_meta",
    "write_tool",
]
