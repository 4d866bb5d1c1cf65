"""Whether untrusted text asked for the action a call performs, whatever its arguments.

Provenance by value (:mod:`weir.flow.prose`) finds a hijack by what it *supplies*; a call with no
argument an attacker chose — ``unlock_door()``, ``disable_two_factor()``, ``delete_message(id)``
with an id a trusted listing showed — carries none. What such a hijack leaves is the request
itself: the untrusted text names the action. A tool's name says what it does (``unlock_door``:
"unlock", "door"), so the action was *asked for* when the untrusted prose of the session names
the name's verb as a word and, for a name of more words, holds one of the others too, maybe
inside a longer word ("two-factor authentication" for ``disable_two_factor_auth``); a page that
merely says "delete" does not ask to delete the user's e-mail. The verb may be another verb of
the same action (:data:`_SAME_ACTION`). Asked for every consequential call that is not read-only
(the guard decides which); the policy weighs the answer by outcome (``confirm-requested-action``
for destructive, irreversible or privileged calls, ``confirm-requested-change`` for the rest).
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


_SAME_ACTION = (
    ("enable", "activate", "turn", "switch", "start"),
    ("disable", "deactivate", "turn", "switch", "stop"),
    ("delete", "remove", "erase", "purge", "wipe", "destroy", "discard"),
    ("send", "forward", "transmit", "deliver"),
    ("cancel", "revoke", "void", "terminate", "abort"),
    ("suspend", "pause", "freeze", "halt"),
    ("resume", "reactivate", "restore", "reinstate", "unfreeze", "reconnect"),
    ("update", "change", "modify", "edit", "alter", "amend", "set"),
    ("create", "add", "register", "open"),
    ("grant", "give", "authorize", "authorise"),
    ("buy", "purchase", "book"),
    ("pay", "transfer", "wire", "remit"),
)
"""Verbs that ask for the same action ("switch roaming on" asks for ``enable_roaming``): an attacker
who read the rule names the action with another verb. A verb in no group stands for itself; a
word that is as often a noun ("mail", "email") is in none, and a synonym that is one of the
name's other words (``send_email``: "email") is not looked up as its verb (one word would then
count twice)."""
_SYNONYMS: dict[str, tuple[str, ...]] = {}
for _group in _SAME_ACTION:
    for _verb in _group:
        _SYNONYMS[_verb] = tuple(dict.fromkeys(_SYNONYMS.get(_verb, (_verb,)) + _group))


def asked_for(index: TextIndex, tool: str) -> Mention | None:
    """The mention of ``tool``'s verb (or a verb of the same action, :data:`_SAME_ACTION`) in
    ``index`` when the text asks for the action, else None."""
    words = action_words(tool)
    if not words or not index:
        return None
    verbs = tuple(v for v in _SYNONYMS.get(words[0], words[:1]) if v == words[0] or v not in words[1:])
    found = find_all(index, [probe(w) for w in (*verbs, *words[1:])])
    verb = next((m for hits in found[: len(verbs)] for m in hits if m.named), None)
    if verb is None or (len(words) > 1 and not any(found[len(verbs) :])):
        return None
    return verb
