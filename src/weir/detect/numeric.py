"""Vectorised candidate finding for numeric PII: where phones, cards, IDs, IBANs and IPs can be.

Tool results are full of numbers that are not personal data — ids, timestamps, scores, prices —
and running a dozen regular expressions over all of them is what makes PII detection slow in
Python. This module classifies every character with numpy and returns only the few places
worth a pattern:

- ``numbers``: clusters of digits (at most three characters apart, never across a colon) with
  at least seven digits, or four to twelve digits and room for three dots (an IPv4 address);
  ISO dates are blanked first, so a log timestamp is not a candidate;
- ``letter_digit``: positions of two upper-case letters followed by two digits (an
  IBAN), or by a digit / a space and a digit (a UK National Insurance number);
- ``hex_colon``: runs of hex digits and colons around ``::`` or seven close colons (IPv6).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from weir.detect.codes import code_points

__all__ = ["NumericCandidates", "numeric_candidates"]

_DIGIT, _SEP, _DOT, _UPPER, _HEX, _COLON, _SPACE, _DASH = (1 << i for i in range(8))
_TABLE = np.zeros(128, dtype=np.uint8)
for _c in "0123456789":
    _TABLE[ord(_c)] |= _DIGIT | _HEX
for _c in " ().-+":
    _TABLE[ord(_c)] |= _SEP
for _c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
    _TABLE[ord(_c)] |= _UPPER
for _c in "abcdefABCDEF":
    _TABLE[ord(_c)] |= _HEX
_TABLE[ord(".")] |= _DOT
_TABLE[ord(":")] |= _COLON
_TABLE[ord(" ")] |= _SPACE
_TABLE[ord("-")] |= _DASH


def _classes(text: str) -> np.ndarray:
    classes: np.ndarray = _TABLE[code_points(text)]
    return classes


def _blank_dates(classes: np.ndarray, digit: np.ndarray) -> np.ndarray:
    """Clear the number classes of every ``dddd-dd-dd`` so dates do not join number runs."""
    n = len(classes)
    if n < 10:
        return classes
    dash = (classes & _DASH) != 0
    ok = np.ones(n - 9, dtype=bool)
    for k, want in enumerate((digit, digit, digit, digit, dash, digit, digit, dash, digit, digit)):
        ok &= want[k : n - 9 + k]
    starts = np.flatnonzero(ok)
    if len(starts):
        classes = classes.copy()
        for k in range(10):
            classes[starts + k] = 0
    return classes


class NumericCandidates(NamedTuple):
    """Where numeric PII can be; see the module docstring."""

    numbers: list[tuple[int, int]]
    """Runs that may hold a phone, card, SSN, SIN or IPv4 address."""
    letter_digit: list[int]
    """Starts of ``[A-Z][A-Z]`` + digit (or space + digit): IBAN and NINO candidates."""
    hex_colon: list[tuple[int, int]]
    """Hex-and-colon runs shaped like an IPv6 address."""


_NONE = NumericCandidates([], [], [])


def numeric_candidates(text: str) -> NumericCandidates:
    """Every numeric PII candidate of ``text``, from one classification of its characters."""
    if len(text) < 4:
        return _NONE
    classes = _classes(text)
    digit = (classes & _DIGIT) != 0
    if np.count_nonzero(digit) < 2:
        return _NONE
    return NumericCandidates(
        _number_runs(classes, digit), _letter_digit_starts(classes, digit), _hex_colon_runs(text, classes, digit)
    )


def _number_runs(classes: np.ndarray, digit: np.ndarray) -> list[tuple[int, int]]:
    """Clusters of digits (gaps of at most three characters, not across a colon) that hold
    seven digits, or four to twelve digits with room for the dots of an IPv4 address.

    Worked on the sparse array of digit positions, so the cost is a few passes over the text
    plus work proportional to the number of digits.
    """
    classes = _blank_dates(classes, digit)
    positions = np.flatnonzero((classes & _DIGIT) != 0)
    if len(positions) < 4:
        return []
    gaps = np.diff(positions)
    after = classes[positions[:-1] + 1]
    breaks = np.flatnonzero((gaps > 3) | ((after & _COLON) != 0)) + 1
    firsts = np.concatenate(([0], breaks))
    lasts = np.concatenate((breaks - 1, [len(positions) - 1]))
    sizes = lasts - firsts + 1
    starts, ends = positions[firsts], positions[lasts] + 1
    keep = (sizes >= 7) | ((sizes >= 4) & (sizes <= 12) & (ends - starts >= sizes + 3))
    # Two characters of slack before: a "+" or "(" that opens a phone number.
    return [(max(0, s - 2), e) for s, e in zip(starts[keep].tolist(), ends[keep].tolist(), strict=True)]


def _letter_digit_starts(classes: np.ndarray, digit: np.ndarray) -> list[int]:
    n = len(classes)
    upper = (classes & _UPPER) != 0
    space = (classes & _SPACE) != 0
    pair = upper[: n - 3] & upper[1 : n - 2]
    follows = digit[2 : n - 1] | (space[2 : n - 1] & digit[3:n])
    result: list[int] = np.flatnonzero(pair & follows).tolist()
    return result


def _hex_colon_runs(text: str, classes: np.ndarray, digit: np.ndarray) -> list[tuple[int, int]]:
    """Hex-and-colon runs around a ``::`` or seven colons within 35 characters."""
    colons = np.flatnonzero((classes & _COLON) != 0)
    if len(colons) < 2:
        return []
    seeds = colons[:-1][np.diff(colons) == 1]
    if len(colons) >= 7:
        seeds = np.concatenate((seeds, colons[:-6][(colons[6:] - colons[:-6]) <= 34]))
    runs: list[tuple[int, int]] = []
    for seed in sorted(set(seeds.tolist())):
        if runs and seed < runs[-1][1]:
            continue
        start, end = seed, seed
        while start > 0 and seed - start < 40 and classes[start - 1] & (_HEX | _COLON):
            start -= 1
        while end < len(text) and end - seed < 40 and classes[end] & (_HEX | _COLON):
            end += 1
        if digit[start:end].any():
            runs.append((start, end))
    return runs
