"""The flow layer: agent sessions, label propagation, argument provenance, request annotations.

Pure: no I/O, no network. Sessions serialise to JSON so a shared store can hold them.
"""

from weir.flow.labelling import Standing, findings_label, result_label, standing
from weir.flow.lineage import Introduction, Lineage
from weir.flow.provenance import ArgTaint, ValueMemory
from weir.flow.request import request_annotations, request_meta
from weir.flow.session import Session
from weir.flow.store import MemorySessionStore, SessionStore

__all__ = [
    "ArgTaint",
    "Introduction",
    "Lineage",
    "MemorySessionStore",
    "Session",
    "SessionStore",
    "Standing",
    "ValueMemory",
    "findings_label",
    "request_annotations",
    "request_meta",
    "result_label",
    "standing",
]
