"""Running a pattern only where it can match: in the stretches of text that hold its hint.

Python's regular expression engine searches fast only for a pattern that begins with a literal or
a character class: it then skips to the next character that can start a match. The identifier
patterns of :mod:`weir.flow.values` begin with a look-behind or a word boundary, so the engine
tries a whole match at every position of the text — several hundred instructions per character,
and most of what recording a tool result cost.

A :class:`Scan` finds the same matches while trying the pattern in far less text. It relies on
two facts about the pattern, which its definition states and the tests check:

- every character a match consumes belongs to an *alphabet*, so a match lies inside one *run*
  (a maximal stretch of alphabet characters);
- every match contains a match of a *hint*, a cheap pattern the engine searches fast (an ``@``,
  a dot followed by letters, a digit).

So the pattern can match only in runs that hold a hint (:class:`Runs`), and :meth:`Scan.finditer`
searches each such run alone. ``pattern.finditer(text, pos, endpos)`` sees the text before
``pos`` (look-behinds and word boundaries at the start read the real text), and ``ahead`` extra
characters past a run give look-aheads what they read there, so each match is exactly the one
the whole-text search finds. Patterns that share an alphabet and a hint (the number patterns)
share one search for their runs. Nothing is cached: the saving is in not trying a pattern where
it cannot match.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["WHOLE", "Runs", "Scan"]

WHOLE = 32
"""Texts up to this long are searched whole (see :meth:`Runs.find`)."""


@dataclass(frozen=True, slots=True)
class Runs:
    """Where a pattern can match: the runs of ``alphabet`` characters that hold a ``hint``.

    ``hint`` must consume alphabet characters only, match something non-empty, and read nothing
    past its match (no look-ahead, no ``\\b`` at its end).
    """

    hint: re.Pattern[str]
    """A pattern every match contains (searched over the text; fast when it begins with a literal)."""
    alphabet: re.Pattern[str]
    """``[...]*``: every character a match can consume."""

    def find(self, text: str) -> list[tuple[int, int]]:
        """``(start, end)`` of each run that holds a hint, in order.

        A short text with a hint is one run, whole: finding its runs would cost more than
        searching all of it (any stretch that holds every run with a hint will do).
        """
        if len(text) <= WHOLE:
            return [(0, len(text))] if self.hint.search(text) is not None else []
        runs = []
        pos = 0
        while (hint := self.hint.search(text, pos)) is not None:
            # The run holding the hint: back from it (over the gap reversed), then forward.
            start = hint.start() - _run_length(self.alphabet, text[pos : hint.start()][::-1], 0)
            pos = hint.end() + _run_length(self.alphabet, text, hint.end())
            runs.append((start, pos))
        return runs


@dataclass(frozen=True, slots=True)
class Scan:
    """A pattern, with where its matches can be: what :meth:`finditer` needs to skip the rest.

    The caller guarantees the two facts in the module docstring for ``where``.
    """

    pattern: re.Pattern[str]
    """The pattern whose matches are wanted."""
    where: Runs
    """The runs its matches lie in."""
    ahead: int = 0
    """How many characters past a match its look-aheads can read (``\\b`` reads one)."""
    shortest: int = 1
    """No match is shorter: a shorter run cannot hold one."""

    def finditer(self, text: str, runs: Iterable[tuple[int, int]] | None = None) -> list[re.Match[str]]:
        """Exactly the matches of ``pattern.finditer(text)``, in order.

        ``runs`` is ``where.find(text)``, when the caller has it already.
        """
        found: list[re.Match[str]] = []
        size = len(text)
        for start, end in self.where.find(text) if runs is None else runs:
            if end - start < self.shortest:
                continue
            for match in self.pattern.finditer(text, start, min(size, end + self.ahead)):
                if match.start() >= end:
                    break  # begins in the look-ahead margin: the next run's, if it has a hint
                found.append(match)
        return found


def _run_length(alphabet: re.Pattern[str], text: str, pos: int) -> int:
    """How many alphabet characters follow ``pos``."""
    run = alphabet.match(text, pos)
    return run.end() - pos if run is not None else 0
