"""Find many literal anchors in one vectorised pass, so pattern detectors only look where it pays.

Python's regular-expression engine has no multi-pattern search: forty provider formats would mean
forty passes over every tool result, and an alternation of forty prefixes is slower still. An
:class:`Anchors` index instead computes the (ASCII, lower-cased) character trigram at every
position with numpy, looks each one up in a table of the anchors' first three characters, and
verifies the few hits in Python. Cost: a handful of array operations per character, whatever the
number of anchors. Detectors then run an anchored ``pattern.match`` at each hit, which keeps the
whole scan linear in the text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar

import numpy as np

__all__ = ["Anchors", "code_points"]

T = TypeVar("T")
_BLOCK = 1 << 20  # characters per vectorised block; bounds the temporary arrays to ~20 MB


class Anchors(Generic[T]):
    """An index of literal anchors (at least three ASCII characters each), each with a payload.

    An anchor is matched case-sensitively unless it was added with ``ignore_case=True``; the
    lookup itself is case-insensitive so that both kinds share one pass.
    """

    def __init__(self, anchors: Sequence[tuple[str, T, bool]]) -> None:
        self._fold = any(ignore_case for _, _, ignore_case in anchors)
        self._table = np.zeros(1 << 21, dtype=bool)
        self._by_key: dict[str, list[tuple[str, T, bool]]] = {}
        for needle, payload, ignore_case in anchors:
            if len(needle) < 3 or not needle.isascii() or "\x7f" in needle:
                raise ValueError(f"an anchor needs at least three printable ASCII characters: {needle!r}")
            key = self._key(needle[:3])
            self._table[_code(key)] = True
            self._by_key.setdefault(key, []).append((needle.lower() if ignore_case else needle, payload, ignore_case))

    def _key(self, trigram: str) -> str:
        return trigram.lower() if self._fold else trigram

    def find(self, text: str) -> Iterator[tuple[int, str, T]]:
        """Every ``(position, anchor, payload)`` occurrence in ``text``, in position order."""
        for base in range(0, len(text), _BLOCK):
            # Blocks overlap by two characters so a trigram spanning a boundary is still seen.
            block = text[base : base + _BLOCK + 2]
            for pos in _hits(self._table, block, fold=self._fold):
                if pos >= _BLOCK:
                    continue
                at = base + pos
                for needle, payload, ignore_case in self._by_key.get(self._key(text[at : at + 3]), ()):
                    window = text[at : at + len(needle)]
                    if (window.lower() if ignore_case else window) == needle:
                        yield at, needle, payload


def _code(trigram: str) -> int:
    return (ord(trigram[0]) << 14) | (ord(trigram[1]) << 7) | ord(trigram[2])


_FOLD = np.arange(128, dtype=np.uint32)
_FOLD[65:91] += 32  # A-Z -> a-z; everything else maps to itself


def _hits(table: np.ndarray, text: str, *, fold: bool) -> list[int]:
    if len(text) < 3:
        return []
    chars = code_points(text)
    if fold:
        chars = _FOLD[chars]
    codes = chars[:-2] << 14
    codes |= chars[1:-1] << 7
    codes |= chars[2:]
    result: list[int] = np.flatnonzero(table[codes]).tolist()
    return result


def code_points(text: str) -> np.ndarray:
    """One uint32 per character: its code point if ASCII, else 127 (DEL, in no anchor)."""
    if text.isascii():
        return np.frombuffer(text.encode("ascii"), dtype=np.uint8).astype(np.uint32)
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")
    clipped: np.ndarray = np.minimum(points, 127)
    return clipped
