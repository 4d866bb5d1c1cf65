"""Running a pattern only where it can match: in the stretches of text that hold its hint.

Python's regular expression engine searches fast only for a pattern that begins with a literal or
a character class: it then skips to the next character that can start a match. The identifier
patterns of :mod:`weir.flow.values` begin with a look-behind or a word boundary, so the engine
tries a whole match at every position of the text — several hundred instructions per character,
and most of what recording a tool result cost.

A :class:`Scan` finds the same matches while trying the pattern in far less text. It relies on
two facts about the pattern, which its definition states and the tests check:

- every character a match consumes belongs to the pattern's *alphabet*, so a match lies inside
  one *run* (a maximal stretch of alphabet characters);
- every match contains a match of the *hint*, a cheap pattern the engine searches fast (an ``@``,
  a dot followed by letters, a digit before a decimal separator).

So the pattern can match only in runs that hold a hint, and :meth:`Scan.finditer` searches each
such run alone. ``pattern.finditer(text, pos, endpos)`` sees the text before ``pos`` (look-behinds
and word boundaries at the start read the real text), and ``ahead`` extra characters past a run
give look-aheads what they read there, so each match is exactly the one the whole-text search
finds. Nothing is cached: the saving is in not trying the pattern where it cannot match.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["Scan"]


@dataclass(frozen=True, slots=True)
class Scan:
    """A pattern, with where its matches can be: what :meth:`finditer` needs to skip the rest.

    The caller guarantees the two facts in the module docstring; ``hint`` must not match the
    empty string and must consume alphabet characters only.
    """

    pattern: re.Pattern[str]
    """The pattern whose matches are wanted."""
    hint: re.Pattern[str]
    """A pattern every match of ``pattern`` contains (searched over the whole text)."""
    alphabet: re.Pattern[str]
    """``[...]*``: every character a match of ``pattern`` can consume."""
    ahead: int = 0
    """How many characters past a match its look-aheads can read (``\\b`` reads one)."""

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """Exactly the matches of ``pattern.finditer(text)``, in order."""
        pos, size = 0, len(text)
        while (hint := self.hint.search(text, pos)) is not None:
            # The run holding the hint: back from it (over the gap reversed), then forward.
            start = hint.start() - _run_length(self.alphabet, text[pos : hint.start()][::-1], 0)
            end = hint.end() + _run_length(self.alphabet, text, hint.end())
            for match in self.pattern.finditer(text, start, min(size, end + self.ahead)):
                if match.start() >= end:
                    break  # begins in the look-ahead margin: the next run's, if it has a hint
                yield match
            pos = end


def _run_length(alphabet: re.Pattern[str], text: str, pos: int) -> int:
    """How many alphabet characters follow ``pos``."""
    run = alphabet.match(text, pos)
    return run.end() - pos if run is not None else 0
