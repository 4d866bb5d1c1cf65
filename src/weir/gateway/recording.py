"""``--record``: a JSON Lines trace of what the gateway saw, for ``weir replay``.

The trace holds what the upstream servers sent (tool lists, raw results), what the client asked
(calls with their ``_meta``) and what each live decision also depended on (``tools/resolve``
answers, retries with a confirmation's answer, the answers themselves), before any redaction:
replay re-decides every call as if the earlier ones had run as recorded. The writer is the
trace layer's (:class:`weir.trace.TraceWriter`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from weir.errors import WeirError
from weir.pipeline import Recorder
from weir.trace import TraceWriter

__all__ = ["SafeRecorder", "open_recorder"]


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
        *,
        resolved: Mapping[str, Any] | None = None,
    ) -> None:
        """Record a call."""
        self._safely(partial(self._inner.call, resolved=resolved), session, server, tool, arguments, meta)

    def confirm(
        self,
        session: str,
        server: str,
        tool: str,
        approved: bool,
        reason: str = "",
        *,
        retry: bool = False,
        meta: Mapping[str, Any] | None = None,
        resolved: Mapping[str, Any] | None = None,
    ) -> None:
        """Record a confirmation's answer."""
        self._safely(
            partial(self._inner.confirm, retry=retry, meta=meta, resolved=resolved),
            session,
            server,
            tool,
            approved,
            reason,
        )

    def result(self, session: str, server: str, tool: str, result: Mapping[str, Any]) -> None:
        """Record a result."""
        self._safely(self._inner.result, session, server, tool, result)

    def _safely(self, fn: Callable[..., None], *args: Any) -> None:
        try:
            fn(*args)
        except WeirError as exc:
            if not self._failed:
                self._failed = True
                print(f"weir gateway: recording stopped working: {exc}", file=sys.stderr)


def open_recorder(path: str | Path) -> SafeRecorder:
    """A recorder appending to ``path`` (raises ``TraceError`` if it cannot be opened)."""
    return SafeRecorder(TraceWriter(path))
