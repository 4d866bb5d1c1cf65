"""Where sessions live between calls: a Protocol, and the in-memory store.

The seam for a shared store (Redis later): a store only gets and puts whole sessions, and a
session serialises to JSON, so a networked implementation needs nothing else from this layer.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

from weir.flow.session import Session

__all__ = ["MemorySessionStore", "SessionStore"]


class SessionStore(Protocol):
    """Get and put agent sessions by id."""

    def get(self, session_id: str) -> Session | None:
        """The session, or None when it is unknown (or expired)."""
        ...

    def put(self, session: Session) -> None:
        """Store (or replace) a session."""
        ...

    def drop(self, session_id: str) -> None:
        """Forget a session that can never be used again (its connection closed)."""
        ...


class MemorySessionStore:
    """Sessions in this process; with ``max_sessions``, the least recently used are evicted.

    Unbounded by default: an evicted session that comes back starts from nothing, which would
    forget its labels — set a limit only where sessions have a natural end (idle expiry).
    """

    def __init__(self, max_sessions: int | None = None) -> None:
        if max_sessions is not None and max_sessions < 1:
            raise ValueError("max_sessions must be at least 1")
        self._max = max_sessions
        self._sessions: OrderedDict[str, Session] = OrderedDict()

    def get(self, session_id: str) -> Session | None:
        """The session, refreshing its place in the eviction order."""
        session = self._sessions.get(session_id)
        if session is not None:
            self._sessions.move_to_end(session_id)
        return session

    def put(self, session: Session) -> None:
        """Store a session, evicting the least recently used beyond the limit."""
        self._sessions[session.id] = session
        self._sessions.move_to_end(session.id)
        while self._max is not None and len(self._sessions) > self._max:
            self._sessions.popitem(last=False)

    def drop(self, session_id: str) -> None:
        """Forget a session (nothing happens when it is unknown)."""
        self._sessions.pop(session_id, None)

    def __len__(self) -> int:
        return len(self._sessions)
