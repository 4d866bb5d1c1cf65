"""Vectorised candidate finding for numeric PII: where phones, cards, IDs, IBANs and IPs can be.

Tool results are full of numbers that are not personal data — ids, timestamps, scores, prices —
and running a dozen regular expressions over all of them is what makes PII detection slow in
Python. This module classifies every character with numpy and returns only the few places
worth a pattern:

- ``numbers``: maximal runs of digits and number punctuation (space ( ) . - +) with at
  least seven digits, or with four digits and three dots (an IPv4 address); ISO dates inside a
  run are blanked first, so a log timestamp is not a candidate;
- ``letter_digit``: positions of two upper-case letters followed by two digits (an
  IBAN), or by a digit / a space and a digit (a UK National Insurance number);
- ``hex_colon``: runs of hex digits and colons with ``::`` or seven colons (IPv6).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from weir.detect.anchors import code_points

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


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    edges = np.diff(np.concatenate(([0], mask.view(np.int8), [0])))
    return np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)


def _counts(mask: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """How many set entries of ``mask`` each ``[start, end)`` holds (runs are disjoint)."""
    if len(starts) == 0:
        return np.zeros(0, dtype=np.int64)
    total = np.cumsum(mask, dtype=np.int32)
    counts: np.ndarray = total[ends - 1] - total[starts] + mask[starts]
    return counts


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
    classes = _blank_dates(classes, digit)
    digit = (classes & _DIGIT) != 0
    starts, ends = _runs((classes & (_DIGIT | _SEP)) != 0)
    # Seven characters at least ("1.2.3.4", seven digits): most runs end here, cheaply.
    long_enough = (ends - starts) >= 7
    starts, ends = starts[long_enough], ends[long_enough]
    digits = _counts(digit, starts, ends)
    dots = _counts((classes & _DOT) != 0, starts, ends)
    keep = (digits >= 7) | ((digits >= 4) & (dots >= 3))
    return list(zip(starts[keep].tolist(), ends[keep].tolist(), strict=True))


def _letter_digit_starts(classes: np.ndarray, digit: np.ndarray) -> list[int]:
    n = len(classes)
    upper = (classes & _UPPER) != 0
    space = (classes & _SPACE) != 0
    pair = upper[: n - 3] & upper[1 : n - 2]
    follows = digit[2 : n - 1] | (space[2 : n - 1] & digit[3:n])
    result: list[int] = np.flatnonzero(pair & follows).tolist()
    return result


def _hex_colon_runs(text: str, classes: np.ndarray, digit: np.ndarray) -> list[tuple[int, int]]:
    colon = (classes & _COLON) != 0
    if not colon.any():
        return []
    starts, ends = _runs((classes & (_HEX | _COLON)) != 0)
    long_enough = (ends - starts) >= 4
    starts, ends = starts[long_enough], ends[long_enough]
    colons = _counts(colon, starts, ends)
    digits = _counts(digit, starts, ends)
    keep = (colons >= 2) & (digits >= 1)
    runs = zip(starts[keep].tolist(), ends[keep].tolist(), colons[keep].tolist(), strict=True)
    return [(s, e) for s, e, c in runs if c >= 7 or "::" in text[s:e]]
