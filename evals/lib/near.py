"""Near copies: shingling documents, measuring their overlap, and finding pairs that overlap too much.

Every set generator rejects a drawn document that is a near copy of one it already kept, and every
set's check looks for near copies in the committed file. Both measure the same way: the Jaccard
similarity of two documents' shingle sets, a shingle being ``n`` consecutive words (lower-cased
unless asked not to) or, for scripts written without spaces, ``n`` consecutive characters.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import combinations
from typing import TypeVar

__all__ = ["NearCopyIndex", "char_grams", "jaccard", "near_copies", "word_grams"]

Gram = TypeVar("Gram", bound=Hashable)


def word_grams(
    text: str, n: int = 8, *, lower: bool = True, words: re.Pattern[str] | None = None, short: bool = True
) -> frozenset[tuple[str, ...]]:
    """The ``n``-word shingles of ``text``.

    Words are what ``words`` matches (default: runs of non-space). A text of fewer than ``n`` words
    is one shingle of all its words when ``short`` (so it can still be compared), none otherwise.
    """
    folded = text.lower() if lower else text
    tokens = words.findall(folded) if words is not None else folded.split()
    count = max(1, len(tokens) - n + 1) if short else len(tokens) - n + 1
    return frozenset(tuple(tokens[i : i + n]) for i in range(count))


def char_grams(text: str, n: int = 8) -> frozenset[str]:
    """The ``n``-character shingles of ``text`` with runs of white space folded to one space."""
    flat = " ".join(text.split())
    return frozenset(flat[i : i + n] for i in range(max(1, len(flat) - n + 1)))


def jaccard(a: frozenset[Gram] | set[Gram], b: frozenset[Gram] | set[Gram]) -> float:
    """Shared shingles over all shingles of the two (0 when both are empty)."""
    union = len(a | b)
    return len(a & b) / union if union else 0.0


class NearCopyIndex:
    """The shingles of the documents kept so far, indexed so a check touches only documents that overlap."""

    def __init__(self, limit: float) -> None:
        self.limit = limit
        """A document overlapping a kept one by more than this is a near copy."""
        self.sizes: list[int] = []
        self.postings: dict[Hashable, list[int]] = {}

    def similarity(self, grams: Iterable[Hashable] | frozenset[Hashable]) -> float:
        """The highest Jaccard similarity between ``grams`` and any kept document (0 with none)."""
        grams = frozenset(grams)
        shared = Counter(doc for gram in grams for doc in self.postings.get(gram, ()))
        return max((n / (len(grams) + self.sizes[doc] - n) for doc, n in shared.items()), default=0.0)

    def near_copy(self, grams: frozenset[Hashable]) -> bool:
        """Whether ``grams`` overlaps a kept document by more than :attr:`limit`."""
        return self.similarity(grams) > self.limit

    def add(self, grams: frozenset[Hashable]) -> None:
        """Keep a document's shingles."""
        for gram in grams:
            self.postings.setdefault(gram, []).append(len(self.sizes))
        self.sizes.append(len(grams))

    def admit(self, grams: frozenset[Hashable]) -> bool:
        """Keep ``grams`` and say True, unless they are a near copy of a kept document."""
        if self.near_copy(grams):
            return False
        self.add(grams)
        return True


def near_copies(
    shingled: Sequence[frozenset[Gram]], limit: float, *, at_limit: bool = True, common: int | None = None
) -> list[tuple[int, int]]:
    """Index pairs whose shingle sets overlap by at least ``limit`` (Jaccard; by more, without ``at_limit``).

    With ``common``, a shingle that more than ``common`` documents hold (a frame, a shared filler)
    is boilerplate: it cannot make two documents near copies, and is not counted as shared.
    """
    index: dict[Gram, list[int]] = {}
    for i, grams in enumerate(shingled):
        for gram in grams:
            index.setdefault(gram, []).append(i)
    shared: Counter[tuple[int, int]] = Counter()
    for holders in index.values():
        if common is None or len(holders) <= common:
            shared.update(combinations(holders, 2))
    overlaps = ((pair, n / len(shingled[pair[0]] | shingled[pair[1]])) for pair, n in shared.items())
    return [pair for pair, overlap in overlaps if overlap > limit or (at_limit and overlap == limit)]
