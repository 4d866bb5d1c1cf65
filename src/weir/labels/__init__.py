"""The labels layer: vocabularies, the canonical model, dialect readers and writers.

No I/O and no network code: everything here is pure functions over wire dicts. Readers
(:mod:`~weir.labels.read`) never raise; writers (:mod:`~weir.labels.write`) emit the current
form or any dialect; :mod:`~weir.labels.policy_view` is the conservative view policy reasons
about; :mod:`~weir.labels.trust`, :mod:`~weir.labels.overrides` and
:mod:`~weir.labels.resolution` decide how far claims are believed.

The names load their modules on first use (:mod:`weir._lazy`), so that importing one module of
the package (a config section, a protocol) does not import all of them.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
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

__getattr__, __dir__ = exports(
    __name__,
    {
        "BOTTOM": "weir.labels.datalabel",
        "DataClass": "weir.labels.vocab",
        "DataLabel": "weir.labels.datalabel",
        "Destination": "weir.labels.vocab",
        "Diagnostic": "weir.labels.provenance",
        "Dialect": "weir.labels.vocab",
        "Effective": "weir.labels.policy_view",
        "EvidenceRef": "weir.labels.evidenceref",
        "Finding": "weir.labels.finding",
        "FindingClass": "weir.labels.finding",
        "Level": "weir.labels.vocab",
        "Origin": "weir.labels.provenance",
        "Outcome": "weir.labels.vocab",
        "ResultReading": "weir.labels.read",
        "Severity": "weir.labels.provenance",
        "SideEffect": "weir.labels.vocab",
        "Source": "weir.labels.vocab",
        "ToolProfile": "weir.labels.profile",
        "ToolReading": "weir.labels.read",
        "apply_overrides": "weir.labels.overrides",
        "apply_trust": "weir.labels.trust",
        "combine": "weir.labels.profile",
        "effective": "weir.labels.policy_view",
        "narrow": "weir.labels.resolution",
        "read_data_meta": "weir.labels.read",
        "read_resolution": "weir.labels.read",
        "read_result": "weir.labels.read",
        "read_tool": "weir.labels.read",
        "resolve_call": "weir.labels.resolution",
        "resolve_profile": "weir.labels.overrides",
        "returned_label": "weir.labels.read",
        "write_data_meta": "weir.labels.write",
        "write_tool": "weir.labels.write",
    },
)
