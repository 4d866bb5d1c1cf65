"""The classes of characters every reader of text in Weir treats alike, from :mod:`weir.text.unidata`.

The invisible characters (:data:`weir.text.unidata.INVISIBLE`, generated from Unicode data) are
split into the kinds the hidden-text detector names; every kind is the inside of a regular
expression character class, and together they are exactly the table (``tests/text``):

- :data:`TAG_CHARS`: Unicode tags, invisible copies of ASCII (decoded, not deleted);
- :data:`BIDI_CONTROLS`: embeddings, overrides and isolates; :data:`BIDI_MARKS`: the bare
  direction marks (LRM, RLM, ALM), ordinary in right-to-left text;
- :data:`ZERO_WIDTH`: zero-width spaces, joiners, the soft hyphen and the blank fillers;
- :data:`VARIATION_SELECTORS`: the variation selectors, Mongolian's free ones included;
- :data:`INVISIBLE_FORMAT`: every other invisible character of the table.

:data:`CONTROL_CHARS` (C0 and C1 controls but tab, LF, CR and ESC) are not in the table (they
are category Cc) but are removed with it.
"""

from __future__ import annotations

import re

from weir.text.unidata import CONFUSABLES, INVISIBLE

__all__ = [
    "BIDI_CONTROLS",
    "BIDI_MARKS",
    "CONFUSE",
    "CONTROL_CHARS",
    "INVISIBLE_FORMAT",
    "INVISIBLE_RE",
    "REMOVED_CLASS",
    "TAG_CHARS",
    "VARIATION_SELECTORS",
    "ZERO_WIDTH",
    "class_points",
]

Ranges = tuple[tuple[int, int], ...]

_TAGS: Ranges = ((0xE0000, 0xE007F),)
_BIDI_CONTROLS: Ranges = ((0x202A, 0x202E), (0x2066, 0x2069))
_BIDI_MARKS: Ranges = ((0x061C, 0x061C), (0x200E, 0x200F))
_ZERO_WIDTH: Ranges = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180E, 0x180E),
    (0x200B, 0x200D), (0x2060, 0x2060), (0x3164, 0x3164), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0),
)  # fmt: skip
_VARIATION_SELECTORS: Ranges = ((0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF))


def _points(ranges: Ranges) -> set[int]:
    return {p for lo, hi in ranges for p in range(lo, hi + 1)}


def _ranges(points: set[int]) -> Ranges:
    out: list[tuple[int, int]] = []
    for p in sorted(points):
        if out and out[-1][1] == p - 1:
            out[-1] = (out[-1][0], p)
        else:
            out.append((p, p))
    return tuple(out)


def _class(ranges: Ranges) -> str:
    return "".join(chr(lo) if lo == hi else f"{chr(lo)}-{chr(hi)}" for lo, hi in ranges)


_NAMED = _TAGS + _BIDI_CONTROLS + _BIDI_MARKS + _ZERO_WIDTH + _VARIATION_SELECTORS
_FORMAT = _ranges(_points(INVISIBLE) - _points(_NAMED))

TAG_CHARS = _class(_TAGS)
"""Unicode tags: invisible copies of ASCII, used to smuggle instructions past human readers."""
BIDI_CONTROLS = _class(_BIDI_CONTROLS)
"""Bidirectional embeddings, overrides and isolates (the "Trojan Source" characters)."""
BIDI_MARKS = _class(_BIDI_MARKS)
"""Bare direction marks: removed, never reported."""
ZERO_WIDTH = _class(_ZERO_WIDTH)
"""Characters that render as nothing (or as blank fillers) between visible ones."""
VARIATION_SELECTORS = _class(_VARIATION_SELECTORS)
"""Variation selectors: legitimate after emoji (and Mongolian's after Mongolian letters)."""
INVISIBLE_FORMAT = _class(_FORMAT)
"""Every other invisible character of the table (invisible operators, deprecated format controls, ...)."""
CONTROL_CHARS = "\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f-\x9f"
"""C0/C1 controls except tab, LF, CR, and ESC (which starts an ANSI sequence)."""
REMOVED_CLASS = ZERO_WIDTH + BIDI_CONTROLS + BIDI_MARKS + VARIATION_SELECTORS + INVISIBLE_FORMAT + CONTROL_CHARS
"""Everything normalising deletes (as the inside of a character class), ESC and tags aside."""
INVISIBLE_RE = re.compile(f"[{_class(INVISIBLE)}{TAG_CHARS}]+")
"""A run of invisible characters of the table (tags included)."""
CONFUSE = str.maketrans(CONFUSABLES)
"""``str.translate`` table mapping each confusable letter to the ASCII one it is drawn like."""


def class_points(body: str) -> set[int]:
    """The code points a character-class body of this module holds (for tests and reports)."""
    pattern = re.compile(f"[{body}]")
    return {p for p in range(0x110000) if pattern.match(chr(p))}
