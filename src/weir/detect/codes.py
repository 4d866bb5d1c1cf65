"""The character arrays of a text that the vectorised detectors share, computed once per text.

Secrets, PII, the injection patterns, normalisation and the hidden-text detector all look at a
text through numpy arrays of its characters: the code points (non-ASCII as 127), the same with
ASCII letters lower-cased, and the code of the three folded characters at every position (the
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

from weir.detect import short

__all__ = ["code_points", "folded_points", "folded_trigrams", "has_ascii_controls", "max_code_point", "trigram_code"]

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
    if len(text) <= _CACHE_LIMIT:  # the highest code point comes for free with the others
        _LAST["max"] = (text, wide.max(initial=0, keepdims=True))
    points: np.ndarray = np.minimum(wide, 127).astype(np.uint8)
    return points


def _folded(text: str) -> np.ndarray:
    if text.isascii():
        # str.lower of ASCII text folds exactly A-Z, and costs less than a table lookup.
        return np.frombuffer(text.lower().encode("ascii"), dtype=np.uint8)
    return np.take(_FOLD, code_points(text))


def _trigrams(text: str) -> np.ndarray:
    folded = np.concatenate((folded_points(text), np.zeros(2, dtype=np.uint8)))
    trigrams = folded[:-2].astype(np.int32)  # half the memory traffic of intp; 21 bits fit
    trigrams <<= 7
    trigrams |= folded[1:-1]
    trigrams <<= 7
    trigrams |= folded[2:]
    return trigrams


def trigram_code(chars: str) -> int:
    """The code :func:`folded_trigrams` gives three ASCII characters (not folded here)."""
    return (ord(chars[0]) << 14) | (ord(chars[1]) << 7) | ord(chars[2])


def code_points(text: str) -> np.ndarray:
    """One uint8 per character: its code point if ASCII, else 127 (DEL, in no anchor)."""
    return _remembered("points", text, _points)


def folded_points(text: str) -> np.ndarray:
    """:func:`code_points` with ``A``-``Z`` lower-cased (no other character changes)."""
    return _remembered("folded", text, _folded)


def folded_trigrams(text: str) -> np.ndarray:
    """The code of the three folded characters starting at each position (``int32``, an index
    into a table of ``1 << 21`` entries); past the end of the text the characters are 0."""
    return _remembered("trigrams", text, _trigrams)


def max_code_point(text: str) -> int:
    """The highest code point in ``text`` (0 for the empty text)."""
    if short.is_short(text):
        return short.max_code_point(text)
    if text.isascii():
        return int(code_points(text).max(initial=0))
    code_points(text)
    cached = _LAST.get("max")
    if cached is not None and cached[0] is text:
        return int(cached[1][0])
    wide = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")
    return int(wide.max())


def _controls(text: str) -> np.ndarray:
    points = code_points(text)
    low = points < 32
    found = bool((points == 127).any())
    if not found and low.any():
        found = bool((low & (points != 9) & (points != 10) & (points != 13)).any())
    return np.array([found])


def has_ascii_controls(text: str) -> bool:
    """Whether an ASCII ``text`` holds a control character other than tab, LF and CR (or DEL, ESC).

    Asked by normalisation and by the hidden-text detector of the same text, so remembered too."""
    if short.is_short(text, short.CONTROLS_SHARE):
        return short.has_ascii_controls(text)
    return bool(_remembered("controls", text, _controls)[0])
