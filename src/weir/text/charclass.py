"""Which characters normalisation must touch, found for a whole text with one numpy lookup.

Walking every non-ASCII run of a text in Python costs microseconds per run; a tool result in a
language other than English has thousands. Most of those runs need nothing: they are visible
and already NFKC-stable. A table over the code points up to U+1FFFF (plus the ranges of planes
2 and 14 that matter) flags the characters that do need something:

- ``HIDDEN``: what :mod:`weir.text.normal` removes or decodes and :mod:`weir.detect.hidden`
  reports — controls, ESC, zero-width, bidi controls, variation selectors, invisible format
  characters, Unicode tags;
- ``CHANGED``: characters NFKC rewrites on their own (fullwidth forms, ligatures, ...).

:func:`flagged_runs` returns the runs of flagged characters, so the Python code only visits those.
The table is built on first use (well under a second, once per process).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import numpy as np

from weir.text.chars import REMOVED_CLASS, TAG_CHARS

__all__ = ["CHANGED", "HIDDEN", "SHORT_LIMIT", "flagged_runs", "has_ascii_controls"]

HIDDEN = 1
"""Removed or decoded by normalisation; reported by the hidden-text detector."""
CHANGED = 2
"""Rewritten by NFKC on its own."""

SHORT_LIMIT = 512
"""Texts of at most this many characters take the pure-Python path (``weir.detect.short.limit``
sets it with the detectors' own switch, so the differential tests force either path)."""
_NOT_CONTROL = bytes(range(0x20, 0x7F)) + b"\t\n\r"
_TABLE_SIZE = 0x20000
_CACHE_LIMIT = 4_000_000
_LAST: dict[None, tuple[str, np.ndarray]] = {}  # one entry, replaced whole (see codes.py)
_SHORT_SPECIALS = 128  # measured: a Python step per special character beats numpy up to ~100 of them
_SPECIAL = re.compile("[^\x20-\x7e]")
"""What the vectorised path looks up: every character but printable ASCII."""


@lru_cache(maxsize=1)
def _table() -> np.ndarray:
    table = np.zeros(_TABLE_SIZE, dtype=np.uint8)
    every = "".join(map(chr, range(_TABLE_SIZE)))
    for m in re.finditer(f"[{REMOVED_CLASS}{TAG_CHARS}\x1b]+", every):
        table[m.start() : m.end()] |= HIDDEN
    # NFKC of every character at once: NUL separators are starters that compose with nothing,
    # so each segment of the normalised string is the NFKC of one character.
    chars = every[1:].replace("\x00", "")  # U+0000 itself is a control, flagged above
    segments = unicodedata.normalize("NFKC", "\x00".join(chars)).split("\x00")
    changed = [i + 1 for i, (before, after) in enumerate(zip(chars, segments, strict=True)) if before != after]
    table[changed] |= CHANGED
    return table


@lru_cache(maxsize=1)
def _table_bytes() -> bytes:
    return _table().tobytes()


def _flag(point: int) -> int:
    """The flags of one code point: :func:`_lookup` for a single character."""
    if point < _TABLE_SIZE:
        return _table_bytes()[point]
    return (HIDDEN if 0xE0000 <= point <= 0xE01EF else 0) | (CHANGED if 0x2F800 <= point <= 0x2FA1F else 0)


def _short_runs(text: str, bits: int) -> list[tuple[int, int]]:
    """:func:`flagged_runs` with a Python step per character that is not printable ASCII."""
    runs: list[tuple[int, int]] = []
    for m in _SPECIAL.finditer(text):
        at = m.start()
        if _flag(ord(m.group())) & bits:
            if runs and runs[-1][1] == at:
                runs[-1] = (runs[-1][0], at + 1)
            else:
                runs.append((at, at + 1))
    return runs


def _flags(text: str) -> np.ndarray:
    cached = _LAST.get(None)
    if cached is not None and cached[0] is text:
        return cached[1]
    if text.isascii():
        points = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    else:
        points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")
    flags = np.zeros(len(points), dtype=np.uint8)
    # Printable ASCII (most of any text) is never flagged: only the other characters are looked up.
    special = np.flatnonzero((points < 32) | (points >= 127))
    if special.size:
        flags[special] = _lookup(points[special])
    if len(text) <= _CACHE_LIMIT:
        _LAST[None] = (text, flags)
    return flags


def _lookup(points: np.ndarray) -> np.ndarray:
    """The flags of the given code points (any plane)."""
    if points.dtype == np.uint8:
        ascii_flags: np.ndarray = np.take(_table(), points)
        return ascii_flags
    flags: np.ndarray = np.take(_table(), np.minimum(points, _TABLE_SIZE - 1))
    high = points >= _TABLE_SIZE
    if high.any():
        plane14 = (points >= 0xE0000) & (points <= 0xE01EF)
        compat = (points >= 0x2F800) & (points <= 0x2FA1F)  # CJK compatibility ideographs
        flags = np.where(high, plane14 * HIDDEN + compat * CHANGED, flags).astype(np.uint8)
    return flags


def flagged_runs(text: str, bits: int) -> list[tuple[int, int]]:
    """``(start, end)`` of each run of characters with any of ``bits`` set, in order."""
    if not text:
        return []
    if len(text) <= SHORT_LIMIT and len(text.encode("utf-8", "surrogatepass")) - len(text) <= _SHORT_SPECIALS:
        return _short_runs(text, bits)  # at most _SHORT_SPECIALS non-ASCII characters
    marked = np.flatnonzero((_flags(text) & bits) != 0)  # nonzero of a bool array is much faster
    if len(marked) == 0:
        return []
    breaks = np.flatnonzero(np.diff(marked) > 1) + 1
    starts = marked[np.concatenate(([0], breaks))]
    ends = marked[np.concatenate((breaks - 1, [len(marked) - 1]))] + 1
    return list(zip(starts.tolist(), ends.tolist(), strict=True))


def has_ascii_controls(text: str) -> bool:
    """Whether ``text`` may need normalising although it is ASCII: true for any non-ASCII text,
    else whether it holds a control character other than tab, LF and CR (DEL and ESC count)."""
    return not text.isascii() or bool(text.encode("ascii").translate(None, _NOT_CONTROL))
