"""Vectorised candidate finding for numeric PII: where phones, cards, IDs, IBANs and IPs can be.

Tool results are full of numbers that are not personal data — ids, timestamps, scores, prices —
and running a dozen regular expressions over all of them is what makes PII detection slow in
Python. This module reads every character once with numpy (comparisons, no lookups) and returns only the few places
worth a pattern:

- ``numbers``: clusters of digits (at most three characters apart, never across a colon) with
  at least seven digits, or four to twelve digits and room for three dots (an IPv4 address);
  ISO dates are blanked first, so a log timestamp is not a candidate;
- ``letter_digit``: positions of two upper-case letters followed by two digits (an
  IBAN), or by a digit / a space and a digit (a UK National Insurance number);
- ``hex_colon``: runs of hex digits and colons around ``::`` or seven close colons (IPv6).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import NamedTuple

import numpy as np

from weir.detect import short
from weir.detect.codes import code_points

__all__ = ["NumericCandidates", "numeric_candidates"]

_DATE_DIGITS = (0, 1, 2, 3, 5, 6, 8, 9)  # offsets of the digits in "dddd-dd-dd"
_HEX_OR_COLON = frozenset("0123456789abcdefABCDEF:")
_SHORT_SHARE = 3.0  # measured on tool results: the regular expressions beat numpy up to ~2 K characters


class NumericCandidates(NamedTuple):
    """Where numeric PII can be; see the module docstring."""

    numbers: list[tuple[int, int]]
    """Runs that may hold a phone, card, SSN, SIN or IPv4 address."""
    letter_digit: list[int]
    """Starts of ``[A-Z][A-Z]`` + digit (or space + digit): IBAN and NINO candidates."""
    hex_colon: list[tuple[int, int]]
    """Hex-and-colon runs shaped like an IPv6 address."""


_NONE = NumericCandidates([], [], [])


def _between(points: np.ndarray, low: str, high: str) -> np.ndarray:
    # Comparisons run at memory speed; a lookup table per character costs ten times more.
    mask: np.ndarray = (points >= ord(low)) & (points <= ord(high))
    return mask


def numeric_candidates(text: str) -> NumericCandidates:
    """Every numeric PII candidate of ``text``, from one reading of its characters."""
    if len(text) < 4:
        return _NONE
    if short.is_short(text, _SHORT_SHARE):
        return _short_candidates(text)
    points = code_points(text)
    digit = _between(points, "0", "9")
    if np.count_nonzero(digit) < 2:
        return _NONE
    return NumericCandidates(
        _number_runs(points, digit), _letter_digit_starts(points, digit), _hex_colon_runs(text, points, digit)
    )


def _without_dates(points: np.ndarray, digit: np.ndarray) -> np.ndarray:
    """``digit`` with the digits of every ``dddd-dd-dd`` cleared, so dates do not join number runs."""
    n = len(points)
    if n < 10:
        return digit
    dash = points == ord("-")
    starts = np.flatnonzero(dash[4 : n - 5] & dash[7 : n - 2])
    for k in _DATE_DIGITS:
        starts = starts[digit[starts + k]]
    if not len(starts):
        return digit
    cleared = digit.copy()
    for k in _DATE_DIGITS:
        cleared[starts + k] = False
    return cleared


def _number_runs(points: np.ndarray, digit: np.ndarray) -> list[tuple[int, int]]:
    """Clusters of digits (gaps of at most three characters, not across a colon) that hold
    seven digits, or four to twelve digits with room for the dots of an IPv4 address.

    Worked on the sparse array of digit positions, so the cost is a few passes over the text
    plus work proportional to the number of digits.
    """
    positions = np.flatnonzero(_without_dates(points, digit))
    if len(positions) < 4:
        return []
    gaps = np.diff(positions)
    after = points[positions[:-1] + 1]
    breaks = np.flatnonzero((gaps > 3) | (after == ord(":"))) + 1
    firsts = np.concatenate(([0], breaks))
    lasts = np.concatenate((breaks - 1, [len(positions) - 1]))
    sizes = lasts - firsts + 1
    starts, ends = positions[firsts], positions[lasts] + 1
    keep = (sizes >= 7) | ((sizes >= 4) & (sizes <= 12) & (ends - starts >= sizes + 3))
    # Two characters of slack before: a "+" or "(" that opens a phone number.
    return [(max(0, s - 2), e) for s, e in zip(starts[keep].tolist(), ends[keep].tolist(), strict=True)]


def _letter_digit_starts(points: np.ndarray, digit: np.ndarray) -> list[int]:
    n = len(points)
    upper = _between(points, "A", "Z")
    pair = np.flatnonzero(upper[: n - 3] & upper[1 : n - 2])
    follows = digit[pair + 2] | ((points[pair + 2] == ord(" ")) & digit[pair + 3])
    result: list[int] = pair[follows].tolist()
    return result


def _hex_colon_runs(text: str, points: np.ndarray, digit: np.ndarray) -> list[tuple[int, int]]:
    """Hex-and-colon runs around a ``::`` or seven colons within 35 characters."""
    colons = np.flatnonzero(points == ord(":"))
    if len(colons) < 2:
        return []
    seeds = colons[:-1][np.diff(colons) == 1]
    if len(colons) >= 7:
        seeds = np.concatenate((seeds, colons[:-6][(colons[6:] - colons[:-6]) <= 34]))
    return _grow_runs(text, seeds.tolist(), lambda start, end: bool(digit[start:end].any()))


def _grow_runs(text: str, seeds: list[int], has_digit: Callable[[int, int], bool]) -> list[tuple[int, int]]:
    """The hex-and-colon run around each seed (at most 40 characters either way) that holds a digit."""
    runs: list[tuple[int, int]] = []
    for seed in sorted(set(seeds)):
        if runs and seed < runs[-1][1]:
            continue
        start, end = seed, seed
        while start > 0 and seed - start < 40 and text[start - 1] in _HEX_OR_COLON:
            start -= 1
        while end < len(text) and end - seed < 40 and text[end] in _HEX_OR_COLON:
            end += 1
        if has_digit(start, end):
            runs.append((start, end))
    return runs


# The same candidates for short texts (weir.detect.short), from regular expressions over the str.
# [0-9] and [A-Z] are ASCII only, as the code array is (it holds every other character as 127).
# Each pattern starts with a character class, not a look-ahead, so the engine skips to the
# characters that can start a match at C speed; each match consumes one character, so
# overlapping occurrences are all found.
_DIGIT = re.compile("[0-9]")
# A date's first dash (dashes are rarer than digits); a pattern that starts with a literal is
# searched for at C speed, one that starts with an assertion is tried at every position.
_DATE = re.compile("-(?<=[0-9]{4}-)(?=[0-9]{2}-[0-9]{2})")
_LETTER_DIGIT = re.compile("[A-Z](?=[A-Z](?:[0-9]| [0-9]))")
_COLON = re.compile(":")
# A cluster of _number_runs with at least four digits: digits, each next one at most three
# characters on, and the character right after a digit not a colon (a gap is one or two
# non-digits, the first not a colon). A cluster too small fails from every one of its digits.
_CLUSTER = re.compile("[0-9](?:(?:[^0-9:][^0-9]?)?[0-9]){3,}")
_NOT_DIGITS = {ord(c): None for c in "0123456789"}
_BLANK_DATE = "xxxx-xx-xx"  # what a date becomes for _CLUSTER: its digits neither digits nor colons


def _short_candidates(text: str) -> NumericCandidates:
    first = _DIGIT.search(text)
    if first is None or _DIGIT.search(text, first.end()) is None:
        return _NONE  # fewer than two digits
    letter_digit = [m.start() for m in _LETTER_DIGIT.finditer(text) if m.start() < len(text) - 3]
    return NumericCandidates(_short_number_runs(text), letter_digit, _short_hex_colon_runs(text))


def _without_short_dates(text: str) -> str:
    """``text`` with the digits of every ``dddd-dd-dd`` blanked (:func:`_without_dates`).

    Every character of a date's span is a digit or one of its two dashes, so the blanked span is
    always :data:`_BLANK_DATE`; two dates can overlap (``1234-56-7890-12-34``), hence the slices."""
    pieces: list[str] = []
    pos = 0  # how far the text is copied or blanked
    for m in _DATE.finditer(text):
        start = m.start() - 4
        pieces.append(text[pos:start] if start >= pos else "")
        pieces.append(_BLANK_DATE[max(0, pos - start) :])
        pos = start + len(_BLANK_DATE)
    if not pieces:
        return text
    pieces.append(text[pos:])
    return "".join(pieces)


def _short_number_runs(text: str) -> list[tuple[int, int]]:
    """:func:`_number_runs` by one regular expression: each match is a cluster."""
    runs: list[tuple[int, int]] = []
    for m in _CLUSTER.finditer(_without_short_dates(text)):
        cluster = m.group()
        digits = len(cluster) - len(cluster.translate(_NOT_DIGITS))
        start, end = m.span()
        if digits >= 7 or (4 <= digits <= 12 and end - start >= digits + 3):
            runs.append((max(0, start - 2), end))
    return runs


def _short_hex_colon_runs(text: str) -> list[tuple[int, int]]:
    """:func:`_hex_colon_runs` with the colon positions in a list."""
    if "::" not in text and text.count(":") < 7:
        return []  # no seed: neither two adjacent colons nor seven colons at all
    colons = [m.start() for m in _COLON.finditer(text)]
    seeds = [a for a, b in pairwise(colons) if b - a == 1]
    if len(colons) >= 7:
        seeds += [a for a, b in zip(colons, colons[6:], strict=False) if b - a <= 34]
    return _grow_runs(text, seeds, lambda start, end: _DIGIT.search(text, start, end) is not None)
