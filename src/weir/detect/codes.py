"""The character arrays of a text that the vectorised detectors share, computed once per text.

Secrets, PII, the injection patterns, normalisation and the hidden-text detector all look at a
text through numpy arrays of its characters: the code points (non-ASCII as 127), the same with
ASCII letters lower-cased, and the code of every pair of neighbouring folded characters (the
key of the anchor tables). In a chain they all receive the same text object, so each array is
computed once and remembered for the last text it was asked for.

The memory is checked by identity, and each entry holds a reference to its text, so a different
text can never match; an entry is one tuple, read and replaced whole, so threads cannot see half
of one. Texts above ``_CACHE_LIMIT`` characters are not remembered, to bound the memory held
between calls (the chain scans in chunks below it).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

__all__ = ["code_points", "folded_pairs", "folded_points", "has_ascii_controls"]

_CACHE_LIMIT = 2_000_000
_LAST: dict[str, tuple[str, np.ndarray]] = {}

_FOLD = np.arange(128, dtype=np.uint8)
_FOLD[65:91] += 32  # A-Z -> a-z; everything else maps to itself


def _remembered(name: str, text: str, compute: Callable[[str], np.ndarray]) -> np.ndarray:
    cached = _LAST.get(name)
    if cached is not None and cached[0] is text:
        return cached[1]
    array = compute(text)
    if len(text) <= _CACHE_LIMIT:
        _LAST[name] = (text, array)
    return array


def _points(text: str) -> np.ndarray:
    if text.isascii():
        return np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    wide = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")
    points: np.ndarray = np.minimum(wide, 127).astype(np.uint8)
    return points


def _folded(text: str) -> np.ndarray:
    if text.isascii():
        # str.lower of ASCII text folds exactly A-Z, and costs less than a table lookup.
        return np.frombuffer(text.lower().encode("ascii"), dtype=np.uint8)
    return np.take(_FOLD, code_points(text))


def _pairs(text: str) -> np.ndarray:
    folded = folded_points(text)
    pairs = folded[:-1].astype(np.intp)
    pairs <<= 7
    pairs |= folded[1:]
    return pairs


def code_points(text: str) -> np.ndarray:
    """One uint8 per character: its code point if ASCII, else 127 (DEL, in no anchor)."""
    return _remembered("points", text, _points)


def folded_points(text: str) -> np.ndarray:
    """:func:`code_points` with ``A``-``Z`` lower-cased (no other character changes)."""
    return _remembered("folded", text, _folded)


def folded_pairs(text: str) -> np.ndarray:
    """``folded[i] << 7 | folded[i + 1]`` for every position but the last (as ``intp``, ready
    to index a table of ``1 << 14`` entries); empty for texts under two characters."""
    if len(text) < 2:
        return np.zeros(0, dtype=np.intp)
    return _remembered("pairs", text, _pairs)


def has_ascii_controls(text: str) -> bool:
    """Whether an ASCII ``text`` holds a control character other than tab, LF and CR (or DEL, ESC)."""
    points = code_points(text)
    low = points < 32
    if low.any():
        controls = low & (points != 9) & (points != 10) & (points != 13)
        if controls.any():
            return True
    return bool((points == 127).any())
