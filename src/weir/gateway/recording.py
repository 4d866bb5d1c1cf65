"""``--record``: a JSON Lines trace of what the gateway saw, for ``weir replay``.

The trace holds what the upstream servers sent (tool lists, raw results) and what the
client asked (calls with their ``_meta``), before any redaction: replay re-decides every
call against a candidate policy as if the earlier ones had run as recorded. The writer is
the trace layer's (:class:`weir.trace.TraceWriter`).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from weir.errors import WeirError
from weir.trace import TraceWriter

__all__ = ["Recorder", "SafeRecorder", "open_recorder"]


class Recorder(Protocol):
    """What the gateway records (the methods of :class:`weir.trace.TraceWriter`)."""

    def tools(self, server: str, tools: list[dict[str, Any]]) -> None:
        """A server's tools/list."""

    def call(
        self,
        session: str,
        server: str,
        tool: str,
        arguments: Mapping[str, Any] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        """A tools/call as the client sent it."""

    def result(self, session: str, server: str, tool: str, result: Mapping[str, Any]) -> None:
        """A result as the server sent it."""


class SafeRecorder:
    """Wraps a recorder so a failing trace file never fails a call; the first failure is reported."""

    def __init__(self, inner: Recorder) -> None:
        self._inner = inner
        self._failed = False

    def tools(self, server: str, tools: list[dict[str, Any]]) -> None:
        """Record a tools/list."""
        self._safely(self._inner.tools, server, tools)

    def call(
        self,
        session: str,
        server: str,
        tool: str,
        arguments: Mapping[str, Any] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        """Record a call."""
        self._safely(self._inner.call, session, server, tool, arguments, meta)

    def result(self, session: str, server: str, tool: str, result: Mapping[str, Any]) -> None:
        """Record a result."""
        self._safely(self._inner.result, session, server, tool, result)

    def _safely(self, fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except WeirError as exc:
            if not self._failed:
                self._failed = True
                print(f"weir gateway: recording stopped working: {exc}", file=sys.stderr)


def open_recorder(path: str | Path) -> SafeRecorder:
    """A recorder appending to ``path`` (raises ``TraceError`` if it cannot be opened)."""
    return SafeRecorder(TraceWriter(path))
