"""Short texts take pure-Python paths: numpy's set-up costs more than their whole scan.

Every vectorised step (a character-code array, a trigram lookup, a ``flatnonzero``) costs about a
microsecond of numpy set-up whatever the length of the text; the chain's detectors take dozens of
them, so a one-word tool argument paid ~100 µs. Most tool arguments and many tool results are
short. Below :data:`LIMIT` characters the detectors therefore answer with ``str`` methods and
regular expressions -- the same answers: ``tests/detect/test_short.py`` runs each fast path and
the chain against the vectorised reference (``LIMIT = -1``) on random, adversarial and corpus
texts. The value was chosen by measuring both paths per text size (docs/detect.md, "Speed").

The helpers here are the pure-Python counterparts of :mod:`weir.detect.codes`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from weir.text import charclass

__all__ = [
    "CONTROLS_SHARE",
    "LIMIT",
    "ascii_fold",
    "has_ascii_controls",
    "is_short",
    "limit",
    "max_code_point",
    "within",
]

LIMIT = 512
"""Texts of at most this many characters take the pure-Python paths (tests set it to -1 to force
the vectorised reference everywhere, or very high to force the fast paths)."""

_UPPER_TO_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}
_INTO_ASCII = ("\u0130", "\u212a")
"""The non-ASCII characters whose lower case holds ASCII."""
# What codes.has_ascii_controls counts: C0 controls but tab, LF and CR; DEL; and, as the code
# array maps every non-ASCII character to 127 (DEL), every non-ASCII character too. In ASCII
# text those are the bytes left after deleting the printable ones, tab, LF and CR.
_NOT_CONTROL = bytes(range(0x20, 0x7F)) + b"\t\n\r"
CONTROLS_SHARE = 128.0
"""Of :data:`LIMIT`: texts up to 64 K characters are searched for controls by :func:`has_ascii_controls`
(measured: a ``bytes.translate`` beats numpy's passes at every size up to there)."""


def is_short(text: str, share: float = 1.0) -> bool:
    """Whether ``text`` takes the pure-Python paths; ``share`` of :data:`LIMIT` for a path whose
    cost grows faster with the length (measured: each path's break-even point differs)."""
    return within(len(text), share)


def within(length: int, share: float = 1.0) -> bool:
    """:func:`is_short` for a length (of bytes, or of an array)."""
    return length <= LIMIT * share


@contextmanager
def limit(value: int) -> Iterator[None]:
    """Set :data:`LIMIT` for the block: ``-1`` makes every text take the vectorised reference path.

    For differential tests and the benchmark's side-by-side rows; it changes a module global, so
    every thread of the process sees it.
    """
    global LIMIT  # noqa: PLW0603 - the one switch every fast path reads
    saved, LIMIT = LIMIT, value
    saved_text, charclass.SHORT_LIMIT = charclass.SHORT_LIMIT, value  # the text layer's runs too
    try:
        yield
    finally:
        LIMIT = saved
        charclass.SHORT_LIMIT = saved_text


def ascii_fold(text: str) -> str:
    """``text`` with ``A``-``Z`` lower-cased and every other character unchanged or non-ASCII
    (same length): what the vectorised codes fold, for finding ASCII literals.

    ``str.lower`` also folds non-ASCII characters, which is harmless (they stay non-ASCII) except
    for the only two that it folds into ASCII, ``İ`` (into two characters) and the Kelvin sign
    (into ``k``): ``tests/detect/test_short.py`` checks there are no others. Texts holding them
    are folded by a translation table, which is exact but slower.
    """
    if text.isascii():
        return text.lower()
    if _INTO_ASCII[0] in text or _INTO_ASCII[1] in text:
        return text.translate(_UPPER_TO_LOWER)
    return text.lower()


def has_ascii_controls(text: str) -> bool:
    """:func:`weir.detect.codes.has_ascii_controls` without an array: true for any non-ASCII
    text, else whether deleting every other byte leaves one."""
    return not text.isascii() or bool(text.encode("ascii").translate(None, _NOT_CONTROL))


def max_code_point(text: str) -> int:
    """:func:`weir.detect.codes.max_code_point` without an array."""
    return ord(max(text)) if text else 0
