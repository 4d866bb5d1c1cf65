"""The console's notices: what the last action did, shown on the page its redirect lands on.

A redirect used to carry the sentence itself (``?done=Approved …``), so any link could make the
console say anything in its own voice. Now the console keeps the sentences it wrote and the
redirect names one by an unguessable key (``?done=KEY``); a key it did not hand out shows
nothing. What a notice quotes of a call (the tool, the session) is quoted (:mod:`weir.quoting`).
"""

from __future__ import annotations

import secrets
from collections import OrderedDict

__all__ = ["Notices"]


class Notices:
    """The last ``limit`` notices the console wrote, by key."""

    def __init__(self, limit: int = 256) -> None:
        self._limit = limit
        self._notes: OrderedDict[str, str] = OrderedDict()

    def put(self, text: str) -> str:
        """Keep ``text`` (a sentence the console wrote); the key its redirect carries."""
        key = secrets.token_urlsafe(12)
        self._notes[key] = text
        while len(self._notes) > self._limit:
            self._notes.popitem(last=False)
        return key

    def get(self, key: str | None) -> str | None:
        """The notice kept under ``key``; None for a key the console did not hand out."""
        return self._notes.get(key) if key else None
