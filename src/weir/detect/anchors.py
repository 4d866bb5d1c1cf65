"""Find many literal anchors in one vectorised pass, so pattern detectors only look where it pays.

Python's regular-expression engine has no multi-pattern search: forty provider formats would mean
forty passes over every tool result, and an alternation of forty prefixes is slower still. An
:class:`Anchors` index instead looks up the code of every position's (ASCII, lower-cased)
three characters -- computed once per text and shared by every index, see
:func:`weir.detect.codes.folded_trigrams` -- in a table of its anchors' first three characters,
and verifies the few hits in Python. Cost: one array lookup per character, whatever the number
of anchors. Detectors then run an anchored ``pattern.match`` at each hit, which keeps the whole
scan linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence
from typing import Generic, TypeVar

import numpy as np

from weir.detect import short
from weir.detect.codes import code_points, folded_trigrams, trigram_code

__all__ = ["Anchors", "occurrences"]

T = TypeVar("T")
_BLOCK = 1 << 20  # characters per vectorised block; bounds the temporary arrays to a few MB
_FEW_HITS_SHARE = 0.125  # of short.LIMIT: up to 64 hits are checked one by one (measured)
_SHORT_SHARE = 0.375  # measured on tool results: the regular expressions beat numpy up to ~200 characters

# What the table says about a three-character code (a byte per code, so one table per index).
_ANY = 1  # the folded start of some anchor
_FOLDED = 2  # the folded start of an anchor that ignores case: a folded hit is enough
_EXACT = 4  # the exact start of a case-sensitive anchor: checked against the unfolded text


class Anchors(Generic[T]):
    """An index of literal anchors (at least three printable ASCII characters each), each with
    a payload. An anchor is matched case-sensitively unless it was added with ``ignore_case=True``.

    ``short_share`` is the share of :data:`weir.detect.short.LIMIT` up to which texts are searched
    by regular expressions instead of numpy: how far that pays depends on how common the
    anchors' first characters are, so each index has its own (measured, docs/detect.md).
    """

    def __init__(self, anchors: Sequence[tuple[str, T, bool]], *, short_share: float = _SHORT_SHARE) -> None:
        self._table = np.zeros(1 << 21, dtype=np.uint8)
        self._by_key: dict[str, list[tuple[str, T, bool]]] = {}
        for needle, payload, ignore_case in anchors:
            if len(needle) < 3 or not needle.isascii() or not needle.isprintable():
                raise ValueError(f"an anchor needs at least three printable ASCII characters: {needle!r}")
            key = needle[:3].lower()
            self._table[trigram_code(key)] |= _ANY | (_FOLDED if ignore_case else 0)
            if not ignore_case:
                self._table[trigram_code(needle[:3])] |= _EXACT
            self._by_key.setdefault(key, []).append((needle.lower() if ignore_case else needle, payload, ignore_case))
        self._case_sensitive = any(not ignore_case for _, _, ignore_case in anchors)
        self._short_share = short_share
        # For short texts, one regular expression per kind of start: the folded starts of
        # ignore-case anchors (a folded hit is enough) and the exact starts of case-sensitive ones.
        folded = {n[:3].lower() for n, _, ignore_case in anchors if ignore_case}
        self._exact_set = frozenset(n[:3] for n, _, ignore_case in anchors if not ignore_case)
        self._folded_starts = occurrences(folded) if folded else None
        self._exact_starts = occurrences(self._exact_set) if self._exact_set else None

    def _hits(self, text: str) -> list[int]:
        """Positions whose first three characters are those of an anchor (case as required)."""
        if len(text) < 3:
            return []
        if short.is_short(text, self._short_share):
            return self._short_hits(text)
        trigrams = folded_trigrams(text)
        marks = np.take(self._table, trigrams)
        found = np.flatnonzero(marks != 0)  # nonzero of a bool array is many times faster
        if self._case_sensitive and short.within(len(found), _FEW_HITS_SHARE):
            # A few hits: the exact check by one set lookup each, not a dozen array operations.
            folded = marks[found].tolist()
            return [at for at, mark in zip(found.tolist(), folded, strict=True) if self._exact_hit(text, at, mark)]
        if self._case_sensitive and len(found):
            # A folded code never holds an upper-case letter, so only _EXACT-marked codes of
            # anchors without one are hit here; the exact check reads the unfolded characters.
            raw = code_points(text)
            exact = (raw[found].astype(np.intp) << 14) | (raw[found + 1].astype(np.intp) << 7) | raw[found + 2]
            keep = ((marks[found] & _FOLDED) != 0) | ((np.take(self._table, exact) & _EXACT) != 0)
            found = found[keep]
        result: list[int] = found.tolist()
        return result

    def _exact_hit(self, text: str, at: int, mark: int) -> bool:
        """Whether a folded hit at ``at`` (its table ``mark``) is a hit: a folded start of an
        ignore-case anchor, or the exact start of a case-sensitive one (printable ASCII, so a
        non-ASCII character, 127 in the code array, never is)."""
        return bool(mark & _FOLDED) or text[at : at + 3] in self._exact_set

    def _short_hits(self, text: str) -> list[int]:
        """:meth:`_hits` by regular expressions: the same positions, in order.

        A position is a hit when its folded characters start an ignore-case anchor, or its own
        characters start a case-sensitive one (whose folded start is then a key too)."""
        found: list[int] = []
        if self._folded_starts is not None:
            found = [m.start() for m in self._folded_starts.finditer(short.ascii_fold(text))]
        if self._exact_starts is not None:
            exact = [m.start() for m in self._exact_starts.finditer(text)]
            found = sorted(set(found).union(exact)) if found else exact
        return found

    def find(self, text: str) -> Iterator[tuple[int, str, T]]:
        """Every ``(position, anchor, payload)`` occurrence in ``text``, in position order."""
        for base in range(0, len(text), _BLOCK):
            # Blocks overlap by two characters so a trigram spanning a boundary is still seen.
            block = text[base : base + _BLOCK + 2]
            for pos in self._hits(block):
                if pos >= _BLOCK:
                    continue
                at = base + pos
                for needle, payload, ignore_case in self._by_key.get(text[at : at + 3].lower(), ()):
                    window = text[at : at + len(needle)]
                    if (window.lower() if ignore_case else window) == needle:
                        yield at, needle, payload


def occurrences(words: Collection[str], flags: int = 0) -> re.Pattern[str]:
    """A pattern matching the first character of every occurrence of any of ``words`` (each at
    least one character), overlapping ones included: each match consumes one character and looks
    ahead for the rest. It begins with a character class, so the engine skips to candidates at C speed."""
    by_first: dict[str, list[str]] = {}
    for word in sorted(set(words), key=len, reverse=True):
        if not word:
            raise ValueError("an empty word occurs everywhere")
        by_first.setdefault(word[0], []).append(re.escape(word[1:]))
    branches = [
        re.escape(first) + ("" if "" in rests else f"(?={'|'.join(rests)})") for first, rests in by_first.items()
    ]
    return re.compile("|".join(branches), flags)
