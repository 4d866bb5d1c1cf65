"""``--record``: a JSON Lines trace of what the gateway saw, for ``weir replay``.

The trace holds what the upstream servers sent (tool lists, raw results), what the client asked
(calls with their ``_meta``) and what each live decision also depended on (``tools/resolve``
answers, retries with a confirmation's answer, the answers themselves), before any redaction:
replay re-decides every call as if the earlier ones had run as recorded. The writer is the
trace layer's (:class:`weir.trace.TraceWriter`).

Raw on purpose (issue 29's decision): a trace is replay's input, and a result's secrets are what
its detectors find — a redacted copy would replay ``redact-secrets`` as if nothing had been there,
and replay would no longer reproduce the live decisions. So a trace is kept like the data it
holds: owner-only (0600, an existing file narrowed to it), and the gateway says at start that
the trace holds raw results. The audit trail, not the trace, is the record to share.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from weir.errors import WeirError
from weir.observe.logs import fields
from weir.pipeline import Recorder
from weir.trace import TraceEvent, TraceWriter

__all__ = ["SafeRecorder", "open_recorder"]

log = logging.getLogger(__name__)


class SafeRecorder:
    """Wraps a recorder so a failing trace file never fails a call; the first failure is reported."""

    def __init__(self, inner: Recorder) -> None:
        self._inner = inner
        self._failed = False

    def record(self, event: TraceEvent, session: str | None = None) -> None:
        """Append one event, or say once on stderr that recording stopped working."""
        try:
            self._inner.record(event, session)
        except WeirError as exc:
            if not self._failed:
                self._failed = True
                print(f"weir gateway: recording stopped working: {exc}", file=sys.stderr)


def open_recorder(path: str | Path) -> SafeRecorder:
    """A recorder appending to ``path`` (raises ``TraceError`` if it cannot be opened); logs that it
    holds raw results."""
    recorder = SafeRecorder(TraceWriter(path))
    log.warning(
        "recording raw results, secrets included, for weir replay (owner-only file)", extra=fields(trace=str(path))
    )
    return recorder
