"""Find every occurrence of a set of short literals, vectorised, and the stretches of text near them.

Python's regex engine tries an alternation of many words branch by branch at nearly every
position, which is slow on megabytes of text. Every injection pattern has *anchors*: words it
cannot match without (``ignore``, ``assistant``, ``](``). This module finds them all with numpy
-- the 2-, 3- and 4-character prefix at every position looked up in small tables, then the
candidates confirmed character by character -- and turns them into merged regions per pattern,
so the scanner runs each regex only where it could match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["Anchors"]

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
    """Literal anchors (lower-case ASCII, 2-16 characters) and the patterns each one serves.

    A literal ending in ``\\b`` must also end a word (``ai\\b`` anchors "AI" but not "email").
    """

    def __init__(self, owners: Mapping[str, Sequence[int]], widths: Sequence[int]) -> None:
        self._literals: list[tuple[npt.NDArray[np.uint32], bool]] = []
        self._served: list[list[int]] = [[] for _ in widths]
        self._widths = tuple(widths)
        self._tables = [np.zeros(1 << _TABLE_BITS, dtype=bool) for _ in range(3)]
        for literal, served in owners.items():
            word_end = literal.endswith("\\b")
            text = literal.removesuffix("\\b")
            if not 2 <= len(text) <= _MAX_LITERAL or not text.isascii() or text != text.lower():
                raise ValueError(f"anchor {literal!r} must be lower-case ASCII of 2 to {_MAX_LITERAL} characters")
            for k in served:
                self._served[k].append(len(self._literals))
            self._literals.append((np.array([ord(c) for c in text], dtype=np.uint32), word_end))
            prefix = text[:4]
            self._tables[len(prefix) - 2][_slot(_word(prefix))] = True

    def regions(self, lowered: str) -> list[list[tuple[int, int]]]:
        """For each pattern, merged ``(lo, hi)`` stretches within its width of one of its anchors.

        ``hi`` reaches two characters past the longest possible match, so a closing ``\\b`` or
        lookahead sees the real next character.
        """
        if not lowered:
            return [[] for _ in self._widths]
        codes = _codes(lowered)
        candidates = self._candidates(codes, len(lowered))
        found = [self._confirm(codes, candidates, i) for i in range(len(self._literals))]
        return [self._merge(found, k, len(lowered)) for k in range(len(self._widths))]

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

    def _confirm(self, codes: npt.NDArray[np.uint32], candidates: _IntArray, index: int) -> _IntArray:
        """The candidates where literal ``index`` really starts (character by character)."""
        chars, word_end = self._literals[index]
        at: _IntArray = candidates[codes[candidates] == chars[0]]
        for offset in range(1, chars.size):
            if at.size == 0:
                break
            at = at[codes[at + offset] == chars[offset]]
        if word_end and at.size:
            following = codes[at + chars.size]
            at = at[~_WORD_CHAR[np.minimum(following, 127)]]  # 128 (non-ASCII) maps to 127: not a word char
        return at

    def _merge(self, found: list[_IntArray], pattern: int, size: int) -> list[tuple[int, int]]:
        parts = [(found[i], self._literals[i][0].size) for i in self._served[pattern] if found[i].size]
        if not parts:
            return []
        width = self._widths[pattern]
        lo = np.concatenate([starts for starts, _ in parts]) - width
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
