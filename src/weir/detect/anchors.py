"""Find many literal anchors in one vectorised pass, so pattern detectors only look where it pays.

Python's regular-expression engine has no multi-pattern search: forty provider formats would mean
forty passes over every tool result, and an alternation of forty prefixes is slower still. An
:class:`Anchors` index instead computes the (ASCII, lower-cased) character trigram at every
position with numpy (a pair code, then the third character where the pair fits), looks it up
in a table of the anchors' first three characters, and verifies the few hits in Python. Cost:
a handful of array operations per character, whatever the number of anchors. Detectors then
run an anchored ``pattern.match`` at each hit, which keeps the whole scan linear in the text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar

import numpy as np

from weir.detect.codes import code_points, folded_pairs, folded_points

__all__ = ["Anchors"]

T = TypeVar("T")
_BLOCK = 1 << 20  # characters per vectorised block; bounds the temporary arrays to a few MB


class Anchors(Generic[T]):
    """An index of literal anchors (at least three ASCII characters each), each with a payload.

    An anchor is matched case-sensitively unless it was added with ``ignore_case=True``. The
    trigram lookup folds case when any anchor ignores it, or when ``fold=True``.
    """

    def __init__(self, anchors: Sequence[tuple[str, T, bool]], *, fold: bool | None = None) -> None:
        # Folding case costs a little per hit and saves a pass when another index folds too:
        # the trigram codes of the last text are shared between indexes that fold alike.
        self._fold = any(ignore_case for _, _, ignore_case in anchors) if fold is None else fold
        self._table = np.zeros((1 << 14, 128), dtype=bool)  # [first two chars][third char]
        # The same shape again for the exact first three characters: after a folded lookup,
        # case-sensitive anchors are checked against it in numpy, not hit by hit in Python.
        self._folded_only = np.zeros((1 << 14, 128), dtype=bool)
        self._exact = np.zeros((1 << 14, 128), dtype=bool)
        self._by_key: dict[str, list[tuple[str, T, bool]]] = {}
        for needle, payload, ignore_case in anchors:
            if len(needle) < 3 or not needle.isascii() or "\x7f" in needle:
                raise ValueError(f"an anchor needs at least three printable ASCII characters: {needle!r}")
            key = self._key(needle[:3])
            self._table[_code(key) >> 7, ord(key[2])] = True
            exact = needle[:3].lower() if ignore_case else needle[:3]
            (self._folded_only if ignore_case else self._exact)[_code(exact) >> 7, ord(exact[2])] = True
            self._by_key.setdefault(key, []).append((needle.lower() if ignore_case else needle, payload, ignore_case))
        self._pairs: np.ndarray = np.asarray(self._table.any(axis=1))

    def _key(self, trigram: str) -> str:
        return trigram.lower() if self._fold else trigram

    def _hits(self, text: str) -> list[int]:
        """Positions whose first three characters are those of an anchor (case as required)."""
        if len(text) < 3:
            return []
        chars = folded_points(text) if self._fold else code_points(text)
        pairs = _pair_codes(text, fold=self._fold)[: len(text) - 2]  # a trigram starts at most here
        found = np.flatnonzero(np.take(self._pairs, pairs))
        found = found[self._table[pairs[found], chars[found + 2]]]
        if self._fold and len(found):
            raw = code_points(text)
            raw_pairs = (raw[found].astype(np.uint16) << 7) | raw[found + 1]
            keep = self._folded_only[pairs[found], chars[found + 2]] | self._exact[raw_pairs, raw[found + 2]]
            found = found[keep]
        result: list[int] = found.tolist()
        return result

    def find(self, text: str) -> Iterator[tuple[int, str, T]]:
        """Every ``(position, anchor, payload)`` occurrence in ``text``, in position order."""
        for base in range(0, len(text), _BLOCK):
            # Blocks overlap by two characters so a trigram spanning a boundary is still seen.
            block = text[base : base + _BLOCK + 2]
            for pos in self._hits(block):
                if pos >= _BLOCK:
                    continue
                at = base + pos
                for needle, payload, ignore_case in self._by_key.get(self._key(text[at : at + 3]), ()):
                    window = text[at : at + len(needle)]
                    if (window.lower() if ignore_case else window) == needle:
                        yield at, needle, payload


def _code(trigram: str) -> int:
    return (ord(trigram[0]) << 14) | (ord(trigram[1]) << 7) | ord(trigram[2])


def _pair_codes(text: str, *, fold: bool) -> np.ndarray:
    """The code of each character pair (folded when asked); shared with the other detectors."""
    if fold:
        return folded_pairs(text)
    points = code_points(text)
    pairs = points[:-1].astype(np.intp)
    pairs <<= 7
    pairs |= points[1:]
    return pairs
