"""The one call pipeline the gateway, ``weir.client`` and ``weir replay`` share.

resolve → decide → confirm → forward → observe → decide → release → audit/record, with the
collaborators (router, asker, audit sink, recorder) passed in. See ``docs/architecture.md``.

The names load their modules on first use (:mod:`weir._lazy`): :mod:`weir.pipeline.ports` (the
collaborators' protocols) is imported by config and quota modules that need no guard.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
    from weir.pipeline.call import CallPipeline, Passage
    from weir.pipeline.ports import (
        Answer,
        Approved,
        Asker,
        AuditSink,
        Decider,
        Declined,
        Deferred,
        Forwarded,
        Recorder,
        Router,
        ToolCall,
    )

__all__ = [
    "Answer",
    "Approved",
    "Asker",
    "AuditSink",
    "CallPipeline",
    "Decider",
    "Declined",
    "Deferred",
    "Forwarded",
    "Passage",
    "Recorder",
    "Router",
    "ToolCall",
]

__getattr__, __dir__ = exports(
    __name__,
    {
        "Answer": "weir.pipeline.ports",
        "Approved": "weir.pipeline.ports",
        "Asker": "weir.pipeline.ports",
        "AuditSink": "weir.pipeline.ports",
        "CallPipeline": "weir.pipeline.call",
        "Decider": "weir.pipeline.ports",
        "Declined": "weir.pipeline.ports",
        "Deferred": "weir.pipeline.ports",
        "Forwarded": "weir.pipeline.ports",
        "Passage": "weir.pipeline.call",
        "Recorder": "weir.pipeline.ports",
        "Router": "weir.pipeline.ports",
        "ToolCall": "weir.pipeline.ports",
    },
)
