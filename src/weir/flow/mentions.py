"""Which parts of an argument value the untrusted free text of the session supplied.

An argument is looked up in a :class:`~weir.flow.textindex.TextIndex` by containment, whatever
kind of value it is. What is looked up depends on its length:

- a value up to :data:`LONG` characters (an id, an address, a name, a URL) is looked up whole,
  and so are the parts an identifier is made of: an e-mail address's domain, a URL's host and
  its host with the path (a page that names ``evil.example`` steers a mail to
  ``drop@evil.example``; a page that names ``https://evil.example/claim`` steers a fetch of
  ``https://evil.example/claim?email=…``);
- a longer value (a message body) is a text the agent wrote: any run of :data:`FRAGMENT`
  skeleton characters copied from untrusted prose is reported (as ``text``, not whole: a
  summary quotes what it summarises);
- in every value, each link and address (a URL, an e-mail address, a host name: what a message
  can send someone to) is looked up as a short value of its own ("see www.x.example" names the
  host whoever wrote the rest).

A value (or part) is *found* when every gram of its skeleton is in the index, or — a one-word
value split in two by the text ("gift_car" followed by "d_5850760") — when every gram but those
spanning one cut is, each side at least :data:`MIN_PIECE` characters; or — a one-word value
written backwards — when its reverse is. It is *named* when it is found whole and the index
also holds the edges of its first and last words: the untrusted text wrote exactly this value,
not a longer one that contains it. A value of two or three characters is found only when named.

Each distinct argument string is reduced to its grams once (:func:`probe`, cached). A lookup
searches the index gram by gram and stops at the first gram missing from where a match must have
one (a candidate's first and last grams): linear in the argument's size, and a few searches of
the sorted grams for most arguments.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from weir.flow.grams import GRAM, Grams, edges, interior
from weir.flow.normalise import skeleton, tokens
from weir.flow.textindex import MALICIOUS, OPEN, PLAIN, TextIndex, record_step

__all__ = ["FRAGMENT", "LONG", "MIN_PIECE", "Candidate", "Mention", "Probe", "find", "find_all", "probe"]

LONG = 64
"""Arguments longer than this are messages: their identifier-shaped words are looked up."""
FRAGMENT = 40
"""Skeleton characters of untrusted prose copied into a message that count as a mention."""
MIN_PIECE = 5
"""Each side of a value split in two is at least this long (shorter pieces match by chance)."""
_MAX_WORDS = 256
"""Identifier-shaped words of one message looked up (the rest are not)."""
_WORD_SPLIT = re.compile(r"[\s\[\](){}<>\"'`,;=|]+")
_LINK = re.compile(
    r"[A-Za-z][A-Za-z0-9+.-]*://\S|[^@\s]+@[^@\s]+\.[^\W\d_]{2,}|www\.[\w-]+\.\S|(?:[\w-]+\.)+[^\W\d_]{2,}[/:?#]\S"
)
"""A link or an address: a URL, an e-mail address, ``www.`` and a host, or a host and a path (any
top-level domain). A bare ``first.last`` is a name as often as a host: it is not a link."""
_ID_SHAPED = re.compile(r"\d|\w[.@/_:#+%-]\w")
"""A word that may be an identifier: it holds a digit, or punctuation between letters."""
_HOST = re.compile(r"(?:[\w-]+\.)+[^\W\d_]{2,}")
_EMAIL = re.compile(r"[^@\s]+@([^@\s]+)")
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#\s@]*@)?([^/?#\s:]+)(?::\d+)?(/[^?#\s]*)?")


class Candidate(NamedTuple):
    """One text looked up for an argument: the value, an identifier in it, or a part of one."""

    text: str
    """As written in the argument."""
    whole: bool
    """It is the whole argument value."""
    kind: str
    """What it is by its shape: ``url``, ``email``, ``domain`` (a host or an address's domain) or ``text``."""
    size: int
    """Bytes of its skeleton."""
    single: bool
    """It is one word (only a one-word value is looked for split in two)."""
    grams: tuple[int, int]
    """Where its interior grams are in the probe's array."""
    reverse: tuple[int, int]
    """Where the interior grams of its reversed skeleton are."""
    edges: tuple[int, int]
    """The indexes of its first word's start edge and its last word's end edge."""


class Probe(NamedTuple):
    """Everything looked up for one argument string, in one array."""

    grams: Grams
    values: tuple[int, ...]
    """The same grams as Python ints (looked up one by one, stopping early)."""
    candidates: tuple[Candidate, ...]
    body: tuple[int, int, bytes] | None
    """For a message: where its whole skeleton's grams are, and the skeleton (for fragments)."""
    sent: tuple[tuple[int, int], ...]
    """Where the grams of each value the string carries are (the whole string or each of its
    identifier-shaped words): what a state-changing call sends on, looked up to mark it."""


class Mention(NamedTuple):
    """A candidate found in the index."""

    text: str
    """What was found (the candidate, or a fragment of a message's skeleton)."""
    whole: bool
    kind: str
    """The candidate's kind (``text`` for a fragment)."""
    named: bool
    """The untrusted text wrote exactly this value (not only something containing it)."""
    encoded: bool
    """Found only by undoing a disguise: decoded, reversed, split, or a gram seen only decoded."""
    step: int
    """The first step that showed any of its grams."""
    malicious: bool
    """Every gram was seen in content flagged as malicious."""
    open: bool
    """A gram was seen in open-world content."""


_EMPTY = np.zeros(0, dtype=np.uint32)
_NO_PROBE = Probe(_EMPTY, (), (), None, ())


@functools.lru_cache(maxsize=4096)
def probe(value: str) -> Probe:
    """What to look up for ``value`` (an argument string)."""
    message = len(value) > LONG
    found = [] if message else [(value, True, _shape(value))]
    found += [(w, False, _shape(w)) for w in _identifiers(value) if w != value]
    texts = {text: (whole, kind) for text, whole, kind in found}
    for text, _, _ in found:
        for part, kind in _parts(text):
            texts.setdefault(part, (False, kind))
    arrays: list[Grams] = []
    at = 0
    candidates = []
    for text, (whole, kind) in texts.items():
        words = [w.encode() for w in tokens(text)]
        flat = b"".join(words)
        if len(flat) < 2:
            continue
        inner, backwards = interior(flat), interior(flat[::-1])
        first, last = edges(words[0])[0], edges(words[-1])[1]
        pair = np.array([first, last], dtype=np.uint32)
        spans = (at, at + len(inner)), (at + len(inner), at + len(inner) + len(backwards))
        at = spans[1][1]
        arrays += [inner, backwards, pair]
        candidates.append(Candidate(text, whole, kind, len(flat), len(words) == 1, spans[0], spans[1], (at, at + 1)))
        at += 2
    body = None
    if message:
        flat = "".join(tokens(value)).encode()
        inner = interior(flat)
        body = (at, at + len(inner), flat)
        arrays.append(inner)
        at += len(inner)
    sent = [c.grams for c in candidates if c.whole]
    if " " in value.strip():
        for word in dict.fromkeys(w.strip(".!?:") for w in _WORD_SPLIT.split(value)):
            inner = interior(skeleton(word).encode()) if _ID_SHAPED.search(word) is not None else _EMPTY
            if len(inner):
                sent.append((at, at + len(inner)))
                arrays.append(inner)
                at += len(inner)
    if not arrays:
        return _NO_PROBE
    grams = np.concatenate(arrays)
    return Probe(grams, tuple(grams.tolist()), tuple(candidates), body, tuple(sent))


def find(index: TextIndex, found: Probe) -> list[Mention]:
    """The candidates of ``found`` that ``index`` holds, then any copied fragments of a message."""
    return find_all(index, [found])[0]


def find_all(index: TextIndex, probes: Sequence[Probe], *, mark: bool = False) -> list[list[Mention]]:
    """:func:`find` for each of ``probes`` (a call's argument strings).

    A candidate is looked up gram by gram, and most stop at their first or last gram: a value
    held whole or split in two has both. A message's body is searched whole (for fragments).
    ``mark``: the call changes state, so each value it sends (:attr:`Probe.sent`) that the index
    holds whole is flagged as sent on (:meth:`~weir.flow.textindex.TextIndex.mark`).
    """
    if not index:
        return [[] for _ in probes]
    record = index.record
    out: list[list[Mention]] = []
    for p in probes:
        found = [m for c in p.candidates if (m := _mention(c, p.values, record)) is not None]
        if p.body is not None:
            lo, hi, _ = p.body
            present, records = index.lookup(p.grams[lo:hi])
            found += _fragments(p.body, present, records)
        out.append(found)
        if mark:
            for lo, hi in p.sent:
                _mark_held(index, p.values[lo:hi])
    return out


def _mark_held(index: TextIndex, grams: tuple[int, ...]) -> None:
    """Mark ``grams`` as sent on when the index holds every one (the value came from its text)."""
    locate = index.locate
    if not grams or locate(grams[0]) == -1 or locate(grams[-1]) == -1:
        return
    positions = [locate(g) for g in grams]
    if min(positions) != -1:
        index.mark(positions)


def _mention(c: Candidate, grams: tuple[int, ...], record: Callable[[int], int]) -> Mention | None:
    """``c`` found in the index (``record``: a gram's record, -1 when the index lacks it)."""
    first, last = grams[c.edges[0]], grams[c.edges[1]]
    if c.size < GRAM:  # two or three characters: only a word of its own counts (both edges)
        held = [record(first), record(last)]
        return _record(c, held, named=True, encoded=False) if min(held) >= 0 else None
    lo, hi = c.grams
    if record(grams[lo]) >= 0 and record(grams[hi - 1]) >= 0:
        records = [record(g) for g in grams[lo:hi]]
        if min(records) >= 0:
            named = record(first) >= 0 and record(last) >= 0
            return _record(c, records, named=named, encoded=False)
        seen = [r >= 0 for r in records]
        if c.single and _split_in_two(seen, c.size):
            return _record(c, [r for r in records if r >= 0], named=False, encoded=True)
    lo, hi = c.reverse
    if c.single and record(grams[lo]) >= 0 and record(grams[hi - 1]) >= 0:
        records = [record(g) for g in grams[lo:hi]]
        if min(records) >= 0:
            return _record(c, records, named=False, encoded=True)
    return None


def _split_in_two(seen: list[bool], size: int) -> bool:
    """Whether the grams missing all span one cut that leaves two pieces of :data:`MIN_PIECE` or more."""
    missing = [i for i, s in enumerate(seen) if not s]
    if size < 2 * MIN_PIECE or missing[-1] - missing[0] > GRAM - 2:
        return False
    # A cut before byte c is spanned by the grams starting at c-3 .. c-1.
    low, high = max(missing[-1] + 1, MIN_PIECE), min(missing[0] + GRAM - 1, size - MIN_PIECE)
    return low <= high


def _record(c: Candidate | tuple[str, bool, str], records: list[int], *, named: bool, encoded: bool) -> Mention:
    text, whole, kind = c[0], c[1], c[2]
    union = 0
    every = MALICIOUS | PLAIN
    for r in records:
        union |= r
        every &= r
    return Mention(
        text,
        whole,
        kind,
        named,
        encoded or not every & PLAIN,
        min(record_step(r) for r in records),
        bool(every & MALICIOUS),
        bool(union & OPEN),
    )


def _fragments(body: tuple[int, int, bytes], present: list[bool], records: list[int]) -> list[Mention]:
    """Runs of :data:`FRAGMENT` or more skeleton bytes of a message found in the index
    (``present`` and ``records``: the search's answers for the body's grams)."""
    lo, hi, flat = 0, body[1] - body[0], body[2]
    need = FRAGMENT - GRAM + 1
    out = []
    run = 0
    for i in range(lo, hi + 1):
        if i < hi and present[i]:
            run += 1
            continue
        if run >= need:
            start = i - run - lo
            text = flat[start : start + run + GRAM - 1].decode(errors="replace")
            out.append(_record((text, False, "text"), records[i - run : i], named=False, encoded=False))
        run = 0
    return out


def _identifiers(value: str) -> list[str]:
    """The links and addresses of a message, in order, without repeats."""
    seen: dict[str, None] = {}
    for raw in _WORD_SPLIT.split(value):
        word = raw.strip(".!?:")
        if len(word) >= GRAM and _LINK.match(word) is not None:
            seen.setdefault(word)
            if len(seen) >= _MAX_WORDS:
                break
    return list(seen)


def _shape(text: str) -> str:
    if _URL.match(text) is not None:
        return "url"
    if _EMAIL.fullmatch(text) is not None:
        return "email"
    return "domain" if _HOST.fullmatch(text) is not None else "text"


def _parts(text: str) -> list[tuple[str, str]]:
    """An identifier's parts that a text may name on their own, with their kinds: a host and its
    parent domains, a URL's host and path (without the query), an address's domain."""
    url = _URL.match(text)
    if url is not None:
        host, path = url.group(1), (url.group(2) or "").rstrip("/")
        return [(d, "domain") for d in _domains(host)] + ([(host + path, "url")] if path else [])
    email = _EMAIL.fullmatch(text)
    if email is not None:
        return [(d, "domain") for d in _domains(email.group(1))]
    return []


def _domains(host: str) -> list[str]:
    """``host`` and each parent domain of two labels or more (``a.b.example`` → itself, ``b.example``)."""
    labels = host.strip(".").split(".")
    return [".".join(labels[i:]) for i in range(len(labels) - 1)] if len(labels) >= 2 else []
