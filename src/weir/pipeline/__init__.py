"""The one call pipeline the gateway, ``weir.client`` and ``weir replay`` share.

resolve → decide → confirm → forward → observe → decide → release → audit/record, with the
collaborators (router, asker, audit sink, recorder) passed in. See ``docs/architecture.md``.
"""

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
