"""Find every occurrence of a set of short literals, vectorised, and the stretches of text near them.

Python's regex engine tries an alternation of many words branch by branch at nearly every
position, which is slow on megabytes of text. Every injection pattern has *anchors*: words it
cannot match without (``ignore``, ``assistant``, ``](``). This module finds them all with numpy
-- the 2-, 3- and 4-character prefix at every position looked up in small tables, then the
candidates confirmed character by character -- and turns them into merged regions per pattern,
so the scanner runs each regex only where it could match.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["Anchors", "regions"]

_GOLDEN = 0x9E3779B1
_TABLE_BITS = 16
_MAX_LITERAL = 16
_IntArray = npt.NDArray[np.int64]


def _word(text: str) -> int:
    """The first (up to) four characters as one little-endian integer, as ``_prefix_words`` packs them."""
    value = 0
    for i, ch in enumerate(text[:4]):
        value |= ord(ch) << (8 * i)
    return value


def _slot(word: int) -> int:
    """The table slot of a packed prefix: the same multiply-shift ``_candidates`` does in uint32."""
    return ((word * _GOLDEN) & 0xFFFFFFFF) >> (32 - _TABLE_BITS)


def _word_chars() -> npt.NDArray[np.bool_]:
    table = np.zeros(128, dtype=bool)
    for ch in "abcdefghijklmnopqrstuvwxyz0123456789_":
        table[ord(ch)] = True
    return table


_WORD_CHAR = _word_chars()


class Anchors:
    """Literal anchors (lower-case ASCII, 2-16 characters), found all at once in a text.

    A literal ending in ``\\b`` must also end a word (``ai\\b`` anchors "AI" but not "email").
    ``find`` returns, for each literal in the order given, the sorted positions where it starts;
    ``regions`` turns those into the stretches the pattern scanner searches.
    """

    def __init__(self, literals: Sequence[str]) -> None:
        self.literals = tuple(literals)
        self._chars: list[tuple[npt.NDArray[np.uint32], bool]] = []
        self._tables = [np.zeros(1 << _TABLE_BITS, dtype=bool) for _ in range(3)]
        # Literals grouped by the length of their (up to) 4-character prefix, for one sorted lookup each.
        self._by_prefix: dict[int, tuple[npt.NDArray[np.uint32], list[int]]] = {}
        keys: dict[int, list[tuple[int, int]]] = {2: [], 3: [], 4: []}
        for index, literal in enumerate(self.literals):
            word_end = literal.endswith("\\b")
            text = literal.removesuffix("\\b")
            if not 2 <= len(text) <= _MAX_LITERAL or not text.isascii() or text != text.lower():
                raise ValueError(f"anchor {literal!r} must be lower-case ASCII of 2 to {_MAX_LITERAL} characters")
            self._chars.append((np.array([ord(c) for c in text], dtype=np.uint32), word_end))
            prefix = text[:4]
            self._tables[len(prefix) - 2][_slot(_word(prefix))] = True
            keys[len(prefix)].append((_word(prefix), index))
        for length, pairs in keys.items():
            if pairs:
                self._by_prefix[length] = (np.array([k for k, _ in pairs], dtype=np.uint32), [i for _, i in pairs])

    def find(self, lowered: str) -> list[_IntArray]:
        """For each literal, the sorted positions in ``lowered`` where it starts (and, if asked, ends a word)."""
        if not lowered:
            return [np.zeros(0, dtype=np.int64) for _ in self.literals]
        codes = _codes(lowered)
        candidates = self._candidates(codes, len(lowered))
        packed = (
            codes[candidates]
            | (codes[candidates + 1] << np.uint32(8))
            | (codes[candidates + 2] << np.uint32(16))
            | (codes[candidates + 3] << np.uint32(24))
        )
        found: list[_IntArray] = [np.zeros(0, dtype=np.int64)] * len(self.literals)
        for length, (words, indices) in self._by_prefix.items():
            prefix = packed & np.uint32((1 << (8 * length)) - 1)
            order = np.argsort(prefix, kind="stable")
            ordered = prefix[order]
            lo = np.searchsorted(ordered, words, side="left")
            hi = np.searchsorted(ordered, words, side="right")
            for index, a, b in zip(indices, lo.tolist(), hi.tolist(), strict=True):
                if b > a:
                    found[index] = self._confirm(codes, np.sort(candidates[order[a:b]]), index)
        return found

    def _candidates(self, codes: npt.NDArray[np.uint32], size: int) -> _IntArray:
        """Positions whose 2-, 3- or 4-character prefix is (up to hash collisions) an anchor's."""
        two = codes[:size] | (codes[1 : size + 1] << np.uint32(8))
        three = two | (codes[2 : size + 2] << np.uint32(16))
        four = three | (codes[3 : size + 3] << np.uint32(24))
        hit = np.zeros(size, dtype=bool)
        shift = np.uint32(32 - _TABLE_BITS)
        for table, word in zip(self._tables, (two, three, four), strict=True):
            np.multiply(word, np.uint32(_GOLDEN), out=word)
            np.right_shift(word, shift, out=word)
            hit |= np.take(table, word)
        return np.flatnonzero(hit).astype(np.int64)

    def _confirm(self, codes: npt.NDArray[np.uint32], at: _IntArray, index: int) -> _IntArray:
        """The positions among ``at`` (whose prefix already matches) where literal ``index`` really starts."""
        chars, word_end = self._chars[index]
        for offset in range(4, chars.size):
            if at.size == 0:
                break
            at = at[codes[at + offset] == chars[offset]]
        if word_end and at.size:
            following = codes[at + chars.size]
            at = at[~_WORD_CHAR[np.minimum(following, 127)]]  # 128 (non-ASCII) maps to 127: not a word char
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


def _codes(lowered: str) -> npt.NDArray[np.uint32]:
    """Character codes, non-ASCII as 128 (no anchor contains one), zero-padded past the end.

    Positions stay character positions: ASCII text is read as bytes, anything else as UTF-32.
    """
    size = len(lowered)
    codes = np.zeros(size + _MAX_LITERAL + 4, dtype=np.uint32)
    if lowered.isascii():
        codes[:size] = np.frombuffer(lowered.encode("ascii"), dtype=np.uint8)
    else:
        wide = np.frombuffer(lowered.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        codes[:size] = np.minimum(wide, 128)
    return codes
