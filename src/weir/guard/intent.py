"""What the user asked for, when a host the deployer trusts says so.

A host that talks to the user (a chat client, an IDE) knows what the user asked for; Weir alone
only sees what the agent does. A host the deployer marks as trusted may pass the user's own words
with its requests: in request ``_meta`` under ``dev.weir/user-intent`` (the gateway, from a
principal listed in ``gateway.trusted_hosts``), as ``WeirClient(user_intent=…)`` in-process, and as
a ``{"event": "user", "text": …}`` line in a trace (what the gateway records, what replay reads).
All three reach :meth:`weir.guard.Guard.intend`: one decision path.

What the words change, and nothing more:

- a value of a call that the user's words hold (a whole word or words: "pay DE89… for the
  invoice", "mail boss@corp.example") is the user's, not the untrusted text's: its taint becomes
  ``user_first`` (corroborated) — the agent was told it by the user;
- a destructive, irreversible or privileged action the user's words ask for (the verb of the
  tool's name, and another word of it, as :mod:`weir.flow.actions` reads untrusted text) is not
  "asked for by untrusted content" only; the call fact ``request.user_asked`` says so.

A call the words do not cover is decided exactly as without them. The key is never believed from
anyone else: :func:`split_meta` strips it from every request and returns the words only for a
trusted host, so a forged key from an agent, another client or a server changes nothing and is not
passed on to any server (the user's words are not a server's business).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from weir.errors import WeirError
from weir.flow.actions import asked_for
from weir.flow.normalise import tokens
from weir.flow.provenance import ArgTaint
from weir.flow.session import Session, prose_grams
from weir.flow.textindex import TextIndex
from weir.flow.values import walk_leaves
from weir.labels.keys import WEIR_USER_INTENT

__all__ = ["KEY", "MAX_INTENT", "asks_for", "joined", "names", "split_meta", "vouched", "words"]

KEY = WEIR_USER_INTENT
MAX_INTENT = 16_384
"""Characters of the user's words a session keeps (the newest): a bound, not a judgement."""
_MAX_WORDS = 4096
"""Characters one message of the user may carry; longer is refused, not cut (a precise error)."""


def words(raw: Any) -> str:
    """The user's words as a trusted host sent them. Raises :class:`WeirError` for anything but a
    string of at most 4,096 characters (a trusted host's mistake is reported, not guessed at)."""
    if not isinstance(raw, str):
        raise WeirError(f"{KEY} must be a string (the user's words), not {type(raw).__name__}")
    if len(raw) > _MAX_WORDS:
        raise WeirError(f"{KEY} is {len(raw)} characters; at most {_MAX_WORDS} are accepted")
    return raw.strip()


def split_meta(meta: Mapping[str, Any] | None, *, trusted: bool) -> tuple[dict[str, Any], str | None]:
    """``meta`` without the user-intent key, and the user's words when the sender is a trusted host.

    From an untrusted sender the key is dropped and ignored (None). Raises :class:`WeirError` when a
    trusted host sends something that is not the user's words (:func:`words`).
    """
    if not meta:
        return {}, None
    if KEY not in meta:
        return dict(meta), None
    rest = {k: v for k, v in meta.items() if k != KEY}
    if not trusted:
        return rest, None
    text = words(meta[KEY])
    return rest, text or None


def joined(previous: str, new: str) -> str:
    """The session's words after the user said ``new`` (the newest kept within :data:`MAX_INTENT`)."""
    text = f"{previous}\n{new}" if previous else new
    return text[-MAX_INTENT:]


def names(intent: str, value: str) -> bool:
    """Whether the user's words hold ``value`` as whole words (compared as skeletons: case, accents,
    look-alike letters and punctuation aside)."""
    if not intent or not value:
        return False
    want = tokens(value)
    if not want:
        return False
    return _contains(tuple(_words(intent)), tuple(want))


@functools.lru_cache(maxsize=256)
def _words(intent: str) -> tuple[str, ...]:
    return tuple(tokens(intent))


def _contains(hay: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    n = len(needle)
    first = needle[0]
    return any(hay[i] == first and hay[i : i + n] == needle for i in range(len(hay) - n + 1))


@functools.lru_cache(maxsize=256)
def _index(intent: str) -> TextIndex:
    """The user's words as a text index, read the way untrusted prose is (:mod:`weir.flow.actions`)."""
    index = TextIndex()
    grams, plain = prose_grams(intent.splitlines() or [intent])
    index.add(grams, plain, step=0, malicious=False, open_world=False)
    return index


def asks_for(intent: str, tool: str) -> bool:
    """Whether the user's words ask for ``tool``'s action (its name's verb, and another of its words)."""
    return bool(intent) and asked_for(_index(intent), tool) is not None


def vouched(session: Session, taints: Sequence[ArgTaint], tool: str, arguments: Mapping[str, Any]) -> list[ArgTaint]:
    """``taints`` with each uncorroborated one the user's words cover marked as the user's own.

    A value the words hold — the matched value, or the whole argument it is in (the user named
    ``boss@corp.example``; a page named only ``corp.example``) — is ``user_first``; the ``action``
    taint (untrusted text asked for the tool's action) is the user's when the words ask for it too.
    """
    intent = session.intent
    if not intent or not taints:
        return list(taints)
    leaves: dict[str, Any] | None = None
    out = []
    for t in taints:
        if not (t.trusted_also or t.user_first):
            if t.kind == "action":
                covered = asks_for(intent, tool)
            else:
                if leaves is None:
                    leaves = dict(walk_leaves(dict(arguments)))
                leaf = leaves.get(t.path)
                covered = names(intent, t.value) or (isinstance(leaf, str) and names(intent, leaf))
            if covered:
                out.append(t._replace(user_first=True))
                continue
        out.append(t)
    return out
