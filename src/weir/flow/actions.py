"""Whether untrusted text asked for the action a call performs, whatever its arguments.

Provenance by value (:mod:`weir.flow.prose`) finds a hijack by what it *supplies*; a call with no
argument an attacker chose — ``unlock_door()``, ``disable_two_factor()``, ``delete_message(id)``
with an id a trusted listing showed — carries none. What such a hijack leaves is the request
itself: the untrusted text names the action. A tool's name says what it does (``unlock_door``:
"unlock", "door"), so the action was *asked for* when the untrusted prose of the session names
the name's verb as a word and, for a name of more words, holds one of the others too, maybe
inside a longer word ("two-factor authentication" for ``disable_two_factor_auth``); a page that
merely says "delete" does not ask to delete the user's e-mail. Only asked for calls whose outcome the
policy weighs this way: destructive, irreversible or privileged ones (the guard decides which).
"""

from __future__ import annotations

import functools
import re

from weir.flow.mentions import Mention, find_all, probe
from weir.flow.textindex import TextIndex

__all__ = ["action_words", "asked_for"]

_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])")
_FILLER = frozenset({"a", "an", "the", "to", "of", "for", "by", "and", "or", "all", "my", "tool", "api", "v1", "v2"})
_MIN_WORD = 2


@functools.lru_cache(maxsize=1024)
def action_words(tool: str) -> tuple[str, ...]:
    """The words of a tool's name, its verb first (``disableTwoFactor`` → disable, two, factor)."""
    words = [w.lower() for w in _SPLIT.split(tool) if w]
    return tuple(w for w in words if len(w) >= _MIN_WORD and w not in _FILLER and not w.isdigit())


def asked_for(index: TextIndex, tool: str) -> Mention | None:
    """The mention of ``tool``'s verb in ``index`` when the text asks for the action, else None."""
    words = action_words(tool)
    if not words or not index:
        return None
    found = find_all(index, [probe(w) for w in words])
    verb = next((m for m in found[0] if m.named), None)
    if verb is None or (len(words) > 1 and not any(found[1:])):
        return None
    return verb
