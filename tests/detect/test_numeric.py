"""Numeric PII candidates: what is found, and agreement with a per-character reference."""

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect.numeric import NumericCandidates, numeric_candidates

_HEX = set("0123456789abcdefABCDEF:")


def _reference(text: str) -> NumericCandidates:
    """The candidates read one character at a time with plain Python (slow, obviously right)."""
    if len(text) < 4 or sum(c.isascii() and c.isdigit() for c in text) < 2:
        return NumericCandidates([], [], [])
    digit = [c in "0123456789" for c in text]
    undated = list(digit)
    for m in re.finditer(r"(?=[0-9]{4}-[0-9]{2}-[0-9]{2})", text):
        for k in (0, 1, 2, 3, 5, 6, 8, 9):
            undated[m.start() + k] = False
    return NumericCandidates(_runs(text, undated), _letter_digit(text, digit), _hex_colon(text, digit))


def _runs(text: str, undated: list[bool]) -> list[tuple[int, int]]:
    positions = [i for i, d in enumerate(undated) if d]
    if len(positions) < 4:
        return []
    clusters, current = [], [positions[0]]
    for prev, pos in itertools.pairwise(positions):
        if pos - prev > 3 or text[prev + 1] == ":":
            clusters.append(current)
            current = []
        current.append(pos)
    clusters.append(current)
    found = []
    for cluster in clusters:
        size, start, end = len(cluster), cluster[0], cluster[-1] + 1
        if size >= 7 or (4 <= size <= 12 and end - start >= size + 3):
            found.append((max(0, start - 2), end))
    return found


def _letter_digit(text: str, digit: list[bool]) -> list[int]:
    upper = [c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for c in text]
    return [
        i
        for i in range(len(text) - 3)
        if upper[i] and upper[i + 1] and (digit[i + 2] or (text[i + 2] == " " and digit[i + 3]))
    ]


def _hex_colon(text: str, digit: list[bool]) -> list[tuple[int, int]]:
    colons = [i for i, c in enumerate(text) if c == ":"]
    seeds = {a for a, b in itertools.pairwise(colons) if b == a + 1}
    seeds |= {colons[i] for i in range(len(colons) - 6) if colons[i + 6] - colons[i] <= 34}
    runs: list[tuple[int, int]] = []
    for seed in sorted(seeds):
        if runs and seed < runs[-1][1]:
            continue
        start, end = seed, seed
        while start > 0 and seed - start < 40 and text[start - 1] in _HEX:
            start -= 1
        while end < len(text) and end - seed < 40 and text[end] in _HEX:
            end += 1
        if any(digit[start:end]):
            runs.append((start, end))
    return runs


def test_a_phone_number_an_iban_and_an_ipv6_address_are_candidates() -> None:
    text = "call +44 20 7946 0958, pay GB82 WEST 1234 5698 7654 32, host 2001:db8::1 on 2026-05-01"
    found = numeric_candidates(text)
    assert any(text[s:e].strip("+ ").startswith("44 20 7946") for s, e in found.numbers)
    assert text.index("GB82") in found.letter_digit
    assert [text[s:e] for s, e in found.hex_colon] == ["2001:db8::1"]


def test_an_iso_date_is_not_a_number_candidate() -> None:
    assert numeric_candidates("at 2026-05-01 10:30 INFO started").numbers == []


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from([*"0123456789--::..  +()ABGZabf\n", "é", "\ud800"]), max_size=120))
def test_candidates_agree_with_a_character_by_character_reference(text: str) -> None:
    assert numeric_candidates(text) == _reference(text)
