"""Find every occurrence of a set of short literals, vectorised, and the stretches of text near them.

Python's regex engine tries an alternation of many words branch by branch at nearly every
position, which is slow on megabytes of text. Every injection pattern has *anchors*: words it
cannot match without (``ignore``, ``assistant``, ``](``). This module finds them all with numpy
-- the code of every position's three characters (shared with the other detectors, see
:func:`weir.detect.codes.folded_trigrams`) looked up in one table, then the rest of each
literal confirmed for the few positions that pass, all at once -- and turns them into merged
regions per pattern, so the scanner runs each regex only where it could match.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from weir.detect.codes import folded_points, folded_trigrams, trigram_code

__all__ = ["Anchors", "regions"]

_MAX_LITERAL = 16
_IntArray = npt.NDArray[np.int64]


def _word_chars() -> npt.NDArray[np.bool_]:
    table = np.zeros(128, dtype=bool)
    for ch in "abcdefghijklmnopqrstuvwxyz0123456789_":
        table[ord(ch)] = True
    return table


_WORD_CHAR = _word_chars()
_OFFSETS = np.arange(_MAX_LITERAL)


def _starts(literal: str) -> list[str]:
    """The three-character starts of a literal: its own, or for a two-character literal, its
    extension by each character (0 included: the end of the text)."""
    return [literal[:3]] if len(literal) > 2 else [literal + chr(c) for c in range(128)]


class Anchors:
    """Literal anchors (lower-case printable ASCII, 2-16 characters), found all at once in a text.

    A literal ending in ``\\b`` must also end a word (``ai\\b`` anchors "AI" but not "email").
    ``find`` returns, for each literal in the order given, the sorted positions where it starts;
    ``regions`` turns those into the stretches the pattern scanner searches.
    """

    def __init__(self, literals: Sequence[str]) -> None:
        self.literals = tuple(literals)
        self._chars = np.zeros((len(self.literals), _MAX_LITERAL), dtype=np.uint8)
        self._lengths = np.zeros(len(self.literals), dtype=np.intp)
        self._word_end = np.zeros(len(self.literals), dtype=bool)
        by_start: dict[str, list[int]] = {}
        for index, literal in enumerate(self.literals):
            text = literal.removesuffix("\\b")
            if not (2 <= len(text) <= _MAX_LITERAL and text.isascii() and text.isprintable() and text == text.lower()):
                raise ValueError(f"anchor {literal!r} must be lower-case ASCII of 2 to {_MAX_LITERAL} characters")
            self._chars[index, : len(text)] = [ord(c) for c in text]
            self._lengths[index], self._word_end[index] = len(text), literal.endswith("\\b")
            for start in _starts(text):
                by_start.setdefault(start, []).append(index)
        # The table maps a three-character code to its group (0: none), the literals that start
        # with those characters; a group's literals are a row of _members, padded with -1.
        groups: dict[tuple[int, ...], int] = {}
        self._table = np.zeros(1 << 21, dtype=np.uint8)
        for start, indices in by_start.items():
            self._table[trigram_code(start)] = groups.setdefault(tuple(indices), len(groups) + 1)
        if len(groups) > 255:
            raise ValueError(f"{len(groups)} groups of anchors sharing a start; at most 255")
        width = max((len(members) for members in groups), default=1)
        self._members = np.full((len(groups) + 1, width), -1, dtype=np.intp)
        for members, group in groups.items():
            self._members[group, : len(members)] = members

    def find(self, text: str) -> list[_IntArray]:
        """For each literal, the sorted positions in ``text`` where it starts (and, if asked, ends
        a word); ASCII letters compare without case, other characters never match."""
        marks = np.take(self._table, folded_trigrams(text))
        at = np.flatnonzero(marks != 0)  # nonzero of a bool array is many times faster
        # Each position once per literal of its group, then every literal confirmed at once.
        members = self._members[marks[at]]
        present = members >= 0
        at, index = np.broadcast_to(at[:, None], members.shape)[present], members[present]
        at, index = self._confirm(text, at, index)
        order = np.lexsort((at, index))
        at, index = at[order], index[order]
        bounds = np.searchsorted(index, np.arange(len(self.literals) + 1)).tolist()
        return [at[lo:hi] for lo, hi in pairwise(bounds)]

    def _confirm(self, text: str, at: _IntArray, index: _IntArray) -> tuple[_IntArray, _IntArray]:
        """The ``(position, literal)`` pairs among those given where the whole literal is (and,
        for a ``\\b`` literal, a word ends)."""
        if not at.size:
            return at, index
        codes = np.concatenate((folded_points(text), np.zeros(_MAX_LITERAL + 1, dtype=np.uint8)))
        # The fourth character alone rules out most positions; only the rest are read whole.
        fourth = (self._lengths[index] <= 3) | (codes[at + 3] == self._chars[index, 3])
        at, index = at[fourth], index[fourth]
        lengths = self._lengths[index]
        window = codes[at[:, None] + _OFFSETS]
        ok = ((window == self._chars[index]) | (lengths[:, None] <= _OFFSETS)).all(axis=1)
        # Non-ASCII is 127 and the end of the text 0: neither is a word character.
        ok &= ~(self._word_end[index] & _WORD_CHAR[codes[at + lengths]])
        return at[ok], index[ok]

    def length(self, index: int) -> int:
        """How many characters literal ``index`` spans (without its ``\\b``)."""
        return int(self._lengths[index])


def regions(
    parts: list[tuple[_IntArray, int]], width: int, size: int, lead: int | None = None
) -> list[tuple[int, int]]:
    """Merged ``(lo, hi)`` stretches around every anchor occurrence ``(starts, length)``.

    A stretch starts ``lead`` characters before the occurrence (default ``width``: a match holding
    the anchor cannot start earlier) and ends ``width`` after it (nor end later).

    ``hi`` reaches two characters past the longest possible match, so a closing ``\\b`` or
    lookahead sees the real next character.
    """
    parts = [(starts, length) for starts, length in parts if starts.size]
    if not parts:
        return []
    lo = np.concatenate([starts for starts, _ in parts]) - (width if lead is None else lead)
    hi = np.concatenate([starts + length for starts, length in parts]) + width + 2
    order = np.argsort(lo, kind="stable")
    lo, hi = np.maximum(lo[order], 0), np.minimum(hi[order], size)
    reach = np.maximum.accumulate(hi)
    first = np.ones(lo.size, dtype=bool)
    first[1:] = lo[1:] > reach[:-1]
    heads = np.flatnonzero(first)
    ends = np.maximum.reduceat(hi, heads)
    return list(zip(lo[heads].tolist(), ends.tolist(), strict=True))
