"""What the console reads from a running gateway: its live agent sessions and its health.

Sessions are not thread-safe (the gateway's worker threads update them), so a snapshot is taken
as a stage of that session's own turn in the worker (:meth:`weir.pipeline.worker.Worker.stage`):
never while one of its calls is being decided or labelled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from weir.audit.labeljson import label_json
from weir.console.pages.sessions import SessionSnapshot
from weir.flow.session import Session
from weir.flow.store import SessionStore
from weir.pipeline.worker import Worker

__all__ = ["LiveSessions", "SessionSource", "snapshot"]


class SessionSource(Protocol):
    """Where the console finds agent sessions."""

    def ids(self) -> list[str]:
        """The live sessions' ids."""
        ...

    async def snapshot(self, session_id: str) -> SessionSnapshot | None:
        """One session as it stands, or ``None`` when it is unknown."""
        ...


def snapshot(session: Session) -> SessionSnapshot:
    """A session's label, lineage and calls, copied."""
    return SessionSnapshot(
        id=session.id,
        steps=list(session.steps),
        label=label_json(session.label),
        lineage=[(fact, str(intro)) for fact, intro in session.lineage.items()],
    )


class LiveSessions:
    """The gateway's sessions: their ids from the gateway, each read in its own turn."""

    def __init__(self, ids: Callable[[], Iterable[str]], store: SessionStore, worker: Worker) -> None:
        self._ids = ids
        self._store = store
        self._worker = worker

    def ids(self) -> list[str]:
        """The sessions the gateway knows, sorted."""
        return sorted(self._ids())

    async def snapshot(self, session_id: str) -> SessionSnapshot | None:
        """The session read between its calls' stages; ``None`` when unknown or when it stays busy."""
        if session_id not in set(self._ids()):
            return None

        def read(_gate: object) -> SessionSnapshot | None:
            found = self._store.get(session_id)
            return snapshot(found) if found is not None else None

        return await self._worker.stage(session_id, read, lambda _why: None)
