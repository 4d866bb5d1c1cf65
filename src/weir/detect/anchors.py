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

__all__ = ["Anchors", "code_points", "has_ascii_controls"]

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
        chars, pairs = _codes(text, fold=self._fold)
        found = np.flatnonzero(self._pairs[pairs])
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


_FOLD = np.arange(128, dtype=np.uint8)
_FOLD[65:91] += 32  # A-Z -> a-z; everything else maps to itself

# The chain hands the same normalised text to several detectors (secrets and PII both use an
# anchor index): remembering the last text's arrays saves the passes per detector. The check is
# by identity, and the entry holds a reference, so a different text can never match; an entry
# is one tuple, read and replaced whole, so threads cannot see half of one. Texts above
# _CACHE_LIMIT characters are not remembered, to bound the memory held between calls.
_CACHE_LIMIT = 4_000_000
_LAST_CODES: dict[bool, tuple[str, np.ndarray, np.ndarray]] = {}


def _codes(text: str, *, fold: bool) -> tuple[np.ndarray, np.ndarray]:
    """The (folded) characters and the 14-bit code of each character pair."""
    cached = _LAST_CODES.get(fold)
    if cached is not None and cached[0] is text:
        return cached[1], cached[2]
    chars = code_points(text)
    if fold:
        chars = _FOLD[chars]
    pairs = chars[:-2].astype(np.uint16) << 7
    pairs |= chars[1:-1]
    if len(text) <= _CACHE_LIMIT:
        _LAST_CODES[fold] = (text, chars, pairs)
    return chars, pairs


_LAST_POINTS: dict[None, tuple[str, np.ndarray]] = {}


def code_points(text: str) -> np.ndarray:
    """One uint8 per character: its code point if ASCII, else 127 (DEL, in no anchor)."""
    cached = _LAST_POINTS.get(None)
    if cached is not None and cached[0] is text:
        return cached[1]
    if text.isascii():
        points = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    else:
        wide = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")
        points = np.minimum(wide, 127).astype(np.uint8)
    if len(text) <= _CACHE_LIMIT:
        _LAST_POINTS[None] = (text, points)
    return points


def has_ascii_controls(text: str) -> bool:
    """Whether an ASCII ``text`` holds a control character other than tab, LF and CR (or DEL, ESC)."""
    points = code_points(text)
    controls = (points < 32) & (points != 9) & (points != 10) & (points != 13)
    return bool(controls.any() or (points == 127).any())
