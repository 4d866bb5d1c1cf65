"""The flow layer: agent sessions, label propagation, argument provenance, request annotations.

Pure: no I/O, no network. Sessions serialise to JSON so a shared store can hold them.

The names load their modules on first use (:mod:`weir._lazy`), so that importing one module of
the package (a config section, a protocol) does not import all of them.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
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

__getattr__, __dir__ = exports(
    __name__,
    {
        "ArgTaint": "weir.flow.provenance",
        "Introduction": "weir.flow.lineage",
        "Lineage": "weir.flow.lineage",
        "MemorySessionStore": "weir.flow.store",
        "Session": "weir.flow.session",
        "SessionStore": "weir.flow.store",
        "Standing": "weir.flow.labelling",
        "ValueMemory": "weir.flow.provenance",
        "findings_label": "weir.flow.labelling",
        "request_annotations": "weir.flow.request",
        "request_meta": "weir.flow.request",
        "result_label": "weir.flow.labelling",
        "standing": "weir.flow.labelling",
    },
)
