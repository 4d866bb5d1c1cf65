"""Which of a set of literals occur in a text, by one regular-expression pass instead of one per literal.

The pattern scanner asks, for a short text, which of its seventy-odd anchor literals occur at all
(:func:`weir.detect.injection.scanner.scan_patterns`). Seventy ``in`` tests read the text seventy
times. One ``findall`` of the literals' alternation reads it once -- but its matches do not overlap,
so a literal can be hidden by a match that covers its start ("ai" inside "ais", "ignore" right
after "ai"). :class:`LiteralSet` knows, for each literal, which others a match of it can hide, and
tests only those with ``in``: the answer is exactly the set of literals that occur.

Why exactly: take a literal ``L`` occurring at ``p``. The scan either reaches ``p`` between matches
-- then a literal matches at ``p`` (``L`` itself, or another one preferred there, which then starts
where ``L`` starts) -- or a match ``M`` starting before ``p`` covers it, and then ``L`` starts at an
offset inside ``M`` where the two agree. Either way ``L`` is found, or ``M`` is found and ``L`` is in
``M``'s list of literals it can hide.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["LiteralSet"]


def _can_hide(found: str, other: str) -> bool:
    """Whether a match of ``found`` can cover the start of an occurrence of ``other``: ``other``
    starts at some offset of ``found`` (the same start included) and the two agree where they overlap."""
    for offset in range(len(found)):
        rest = found[offset:]
        if (offset or other != found) and (rest.startswith(other) or other.startswith(rest)):
            return True
    return False


class LiteralSet:
    """A fixed set of non-empty literals, and :meth:`present` to find which occur in a text."""

    def __init__(self, literals: Sequence[str]) -> None:
        if not literals or not all(literals):
            raise ValueError("a literal set needs at least one literal, none of them empty")
        self.literals = tuple(literals)
        self._index = {literal: i for i, literal in enumerate(self.literals)}
        by_first: dict[str, list[str]] = {}
        for literal in sorted(set(self.literals), key=len, reverse=True):
            by_first.setdefault(literal[0], []).append(re.escape(literal[1:]))
        # Grouped by first character: the engine skips to the characters that start a literal
        # and tries only that character's alternatives there (twice as fast as a flat alternation).
        self._pattern = re.compile(
            "|".join(f"{re.escape(first)}(?:{'|'.join(rests)})" for first, rests in by_first.items())
        )
        self._hidden = {
            found: tuple(other for other in self._index if _can_hide(found, other)) for found in self._index
        }

    def present(self, text: str) -> set[int]:
        """The indices (into :attr:`literals`) of the literals that occur in ``text``."""
        found = set(self._pattern.findall(text))
        maybe = {other for literal in found for other in self._hidden[literal]} - found
        found.update(other for other in maybe if other in text)
        return {self._index[literal] for literal in found}
