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

from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar

import numpy as np

from weir.detect import short
from weir.detect.codes import code_points, folded_trigrams, trigram_code

__all__ = ["Anchors"]

T = TypeVar("T")
_BLOCK = 1 << 20  # characters per vectorised block; bounds the temporary arrays to a few MB
_SHORT_SHARE = 0.5  # measured on tool results: substring search beats numpy up to ~200-400 characters

# What the table says about a three-character code (a byte per code, so one table per index).
_ANY = 1  # the folded start of some anchor
_FOLDED = 2  # the folded start of an anchor that ignores case: a folded hit is enough
_EXACT = 4  # the exact start of a case-sensitive anchor: checked against the unfolded text


class Anchors(Generic[T]):
    """An index of literal anchors (at least three printable ASCII characters each), each with
    a payload. An anchor is matched case-sensitively unless it was added with ``ignore_case=True``.
    """

    def __init__(self, anchors: Sequence[tuple[str, T, bool]]) -> None:
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
        # For short texts, as strings: the folded starts by first character and first two, those
        # of ignore-case anchors (a folded hit is enough) and the exact starts of case-sensitive ones.
        by_pair: dict[str, list[str]] = {}
        for key in self._by_key:
            by_pair.setdefault(key[:2], []).append(key)
        self._keys_by_first: dict[str, list[tuple[str, list[str]]]] = {}
        for pair, keys in by_pair.items():
            self._keys_by_first.setdefault(pair[0], []).append((pair, keys))
        self._folded_starts = frozenset(n[:3].lower() for n, _, ignore_case in anchors if ignore_case)
        self._exact_starts = frozenset(n[:3] for n, _, ignore_case in anchors if not ignore_case)

    def _hits(self, text: str) -> list[int]:
        """Positions whose first three characters are those of an anchor (case as required)."""
        if len(text) < 3:
            return []
        if short.is_short(text, _SHORT_SHARE):
            return self._short_hits(text)
        trigrams = folded_trigrams(text)
        marks = np.take(self._table, trigrams)
        found = np.flatnonzero(marks != 0)  # nonzero of a bool array is many times faster
        if self._case_sensitive and len(found):
            # A folded code never holds an upper-case letter, so only _EXACT-marked codes of
            # anchors without one are hit here; the exact check reads the unfolded characters.
            raw = code_points(text)
            exact = (raw[found].astype(np.intp) << 14) | (raw[found + 1].astype(np.intp) << 7) | raw[found + 2]
            keep = ((marks[found] & _FOLDED) != 0) | ((np.take(self._table, exact) & _EXACT) != 0)
            found = found[keep]
        result: list[int] = found.tolist()
        return result

    def _short_hits(self, text: str) -> list[int]:
        """:meth:`_hits` by substring search in the folded text: the same positions, in order.

        Only starts whose first character the text holds are searched for, and most of those
        are ruled out by their first two characters at C speed."""
        folded = short.ascii_fold(text)
        found: list[int] = []
        for first in set(folded).intersection(self._keys_by_first):
            for pair, keys in self._keys_by_first[first]:
                if pair not in folded:
                    continue
                for key in keys:
                    at = folded.find(key)
                    while at >= 0:
                        if key in self._folded_starts or text[at : at + 3] in self._exact_starts:
                            found.append(at)
                        at = folded.find(key, at + 1)
        found.sort()
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
