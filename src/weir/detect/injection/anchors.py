"""Find every occurrence of a set of short literals, vectorised, and the stretches of text near them.

Python's regex engine tries an alternation of many words branch by branch at nearly every
position, which is slow on megabytes of text. Every injection pattern has *anchors*: words it
cannot match without (``ignore``, ``assistant``, ``](``). This module finds them all with numpy
-- the code of every character pair (shared with the other detectors, see
:mod:`weir.detect.codes`) looked up in a small table, then the first three characters of the few
positions that pass looked up among the anchors' prefixes, then the rest confirmed character by
character -- and turns them into merged regions per pattern, so the scanner runs each regex only
where it could match.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from weir.detect.codes import folded_pairs, folded_points

__all__ = ["Anchors", "regions"]

_MAX_LITERAL = 16
_IntArray = npt.NDArray[np.int64]


def _word_chars() -> npt.NDArray[np.bool_]:
    table = np.zeros(128, dtype=bool)
    for ch in "abcdefghijklmnopqrstuvwxyz0123456789_":
        table[ord(ch)] = True
    return table


_WORD_CHAR = _word_chars()


def _extensions(literal: str) -> list[int]:
    """The third characters a literal accepts after its first two: its own, or any at all for a
    two-character literal."""
    return [ord(literal[2])] if len(literal) > 2 else list(range(128))


class Anchors:
    """Literal anchors (lower-case printable ASCII, 2-16 characters), found all at once in a text.

    A literal ending in ``\\b`` must also end a word (``ai\\b`` anchors "AI" but not "email").
    ``find`` returns, for each literal in the order given, the sorted positions where it starts;
    ``regions`` turns those into the stretches the pattern scanner searches.
    """

    def __init__(self, literals: Sequence[str]) -> None:
        self.literals = tuple(literals)
        self._chars: list[tuple[npt.NDArray[np.uint8], bool]] = []
        by_prefix: dict[tuple[int, int], list[int]] = {}  # (pair code, third character) -> literals
        for index, literal in enumerate(self.literals):
            word_end = literal.endswith("\\b")
            text = literal.removesuffix("\\b")
            if not (2 <= len(text) <= _MAX_LITERAL and text.isascii() and text.isprintable() and text == text.lower()):
                raise ValueError(f"anchor {literal!r} must be lower-case ASCII of 2 to {_MAX_LITERAL} characters")
            self._chars.append((np.array([ord(c) for c in text], dtype=np.uint8), word_end))
            for third in _extensions(text):
                by_prefix.setdefault(((ord(text[0]) << 7) | ord(text[1]), third), []).append(index)
        # Two tables: each character pair that starts a literal gets a row; a row maps the third
        # character to a group, the literals that start with those three characters.
        pairs = sorted({pair for pair, _ in by_prefix})
        self._pair_row = np.full(1 << 14, -1, dtype=np.int16)
        self._pair_row[pairs] = np.arange(len(pairs))
        self._row_group = np.full((len(pairs), 128), -1, dtype=np.int16)
        groups: dict[tuple[int, ...], int] = {}
        for (pair, third), indices in by_prefix.items():
            self._row_group[self._pair_row[pair], third] = groups.setdefault(tuple(indices), len(groups))
        self._groups = list(groups)

    def find(self, text: str) -> list[_IntArray]:
        """For each literal, the sorted positions in ``text`` where it starts (and, if asked, ends
        a word); ASCII letters compare without case, other characters never match."""
        found: list[_IntArray] = [np.zeros(0, dtype=np.int64)] * len(self.literals)
        codes, at, groups = self._prefixed(text)
        if not at.size:
            return found
        order = np.argsort(groups, kind="stable")  # stable: positions stay sorted within a group
        at, groups = at[order], groups[order]
        heads = np.flatnonzero(np.diff(groups)) + 1
        parts: dict[int, list[_IntArray]] = {}
        for lo, hi in zip([0, *heads.tolist()], [*heads.tolist(), at.size], strict=True):
            for index in self._groups[int(groups[lo])]:
                parts.setdefault(index, []).append(self._confirm(codes, at[lo:hi], index))
        for index, arrays in parts.items():
            found[index] = arrays[0] if len(arrays) == 1 else np.sort(np.concatenate(arrays))
        return found

    def _prefixed(self, text: str) -> tuple[npt.NDArray[np.uint8], _IntArray, npt.NDArray[np.int16]]:
        """The folded codes (padded), and each position whose first three characters start a
        literal, with the group of literals that do."""
        rows = np.take(self._pair_row, folded_pairs(text))
        at = np.flatnonzero(rows >= 0)
        codes = np.concatenate((folded_points(text), np.zeros(_MAX_LITERAL + 2, dtype=np.uint8)))
        groups = self._row_group[rows[at], codes[at + 2]]
        keep = groups >= 0
        return codes, at[keep], groups[keep]

    def _confirm(self, codes: npt.NDArray[np.uint8], at: _IntArray, index: int) -> _IntArray:
        """The positions among ``at`` (whose first three characters fit) where literal ``index`` starts."""
        chars, word_end = self._chars[index]
        for offset in range(3, chars.size):
            if at.size == 0:
                break
            at = at[codes[at + offset] == chars[offset]]
        if word_end and at.size:
            at = at[~_WORD_CHAR[codes[at + chars.size]]]  # non-ASCII is 127: not a word character
        return at

    def length(self, index: int) -> int:
        """How many characters literal ``index`` spans (without its ``\\b``)."""
        return int(self._chars[index][0].size)


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
