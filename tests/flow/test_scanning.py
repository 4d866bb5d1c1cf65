"""Scanning a pattern only in the runs that hold its hint finds exactly what the whole-text search finds."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.flow.strategies import FRAGMENTS
from weir.flow import values
from weir.flow.scanning import WHOLE, Runs, Scan

SCANS = {name: obj for name, obj in vars(values).items() if isinstance(obj, Scan)}

# Characters at the edges of every pattern's alphabet and classes: separators, look-around
# characters, letters that match [a-z] only when case is ignored (Kelvin sign, long s, dotted
# and dotless i), non-ASCII digits and letters.
_EDGES = [*"aZz09 .,'-+()@#/\\~:_&\n\t`\"<>", "\u212a", "\u0130", "\u0131", "\u017f", "\u0663", "é", "ß"]
_PIECES = ["DE", "12", "123", "com", "example", "www.", "://", ".md", "1.234,56", "12,000", "From: ", "http"]
adversarial_texts = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.sampled_from(_EDGES + _PIECES), st.text(max_size=4)),
    max_size=14,
).map("".join)


_DIGIT_RUNS = Runs(hint=re.compile(r"\d"), alphabet=re.compile(r"\d*"))


def _found(matches: object) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in matches]  # type: ignore[attr-defined]


def test_values_defines_a_scan_for_each_identifier_pattern() -> None:
    assert set(SCANS) == {"_EMAIL", "_DOMAIN", "_IBAN", "_DIGITS", "_AMOUNT", "_CHANNEL", "_PATH"}


@settings(max_examples=400)
@given(adversarial_texts)
def test_every_scan_finds_exactly_the_whole_text_matches(text: str) -> None:
    # Padded too, so that short texts are also found run by run (short ones are searched whole).
    pad = " " * WHOLE
    for name, scan in SCANS.items():
        for padded in (text, text + pad, pad + text):
            assert _found(scan.finditer(padded)) == _found(scan.pattern.finditer(padded)), name


@settings(max_examples=200)
@given(adversarial_texts)
def test_every_match_lies_in_the_alphabet_and_holds_the_hint(text: str) -> None:
    # The two facts a Scan relies on (weir.flow.scanning), checked on the patterns themselves.
    for name, scan in SCANS.items():
        for m in scan.pattern.finditer(text):
            assert scan.where.alphabet.fullmatch(m.group(0)), name
            # A hint begins inside the match; it consumes alphabet characters only, so it lies
            # in the match's run (it may run on past the match's end, within that run).
            hint = scan.where.hint.search(text, m.start())
            assert hint is not None, name
            assert hint.start() < m.end(), name
            assert scan.where.alphabet.fullmatch(hint.group(0)), name


@pytest.mark.parametrize(
    "text",
    ["12 3", "1 2 3 44", "x1 2", "a1", "1a 2", "", "   ", "9"],
)
def test_a_match_starting_in_the_look_ahead_margin_is_found_once_in_its_own_run(text: str) -> None:
    # Look-ahead two characters past a run: the margin holds the next run's first character.
    scan = Scan(pattern=re.compile(r"(?<!a)\d+(?! \d)"), where=_DIGIT_RUNS, ahead=2)
    text = "x" * WHOLE + " " + text  # long enough to be searched run by run
    assert _found(scan.finditer(text)) == _found(scan.pattern.finditer(text))


def test_look_behinds_read_the_text_before_the_run() -> None:
    scan = Scan(pattern=re.compile(r"(?<![a-z])\d"), where=_DIGIT_RUNS)
    assert [m.group(0) for m in scan.finditer("x" * WHOLE + " a1 2 b3 4")] == ["2", "4"]


def test_a_long_text_is_searched_only_in_the_runs_that_hold_a_hint() -> None:
    # A pattern that breaks the contract (it matches without the hint) shows what is searched.
    scan = Scan(pattern=re.compile(r"\w+"), where=Runs(hint=re.compile("@"), alphabet=re.compile(r"[\w@]*")))
    filler = "no at sign here " * 3
    assert len(filler) > WHOLE
    assert scan.finditer(filler) == []
    assert [m.group(0) for m in scan.finditer(filler + "mail me@x now")] == ["me", "x"]


def test_a_short_text_that_holds_a_hint_is_searched_whole() -> None:
    scan = Scan(pattern=re.compile(r"\w+"), where=Runs(hint=re.compile("@"), alphabet=re.compile(r"[\w@]*")))
    assert [m.group(0) for m in scan.finditer("mail me@x now")] == ["mail", "me", "x", "now"]
    assert scan.finditer("no at sign") == []


def test_runs_are_the_maximal_stretches_of_the_alphabet_that_hold_a_hint() -> None:
    runs = Runs(hint=re.compile(r"\d"), alphabet=re.compile(r"[\d a-c]*"))
    text = "xx ab1 c xx cc xx 2 " + "x" * WHOLE
    assert [text[s:e] for s, e in runs.find(text)] == [" ab1 c ", " 2 "]


def test_patterns_sharing_runs_find_what_each_finds_alone() -> None:
    text = "pay DE89 3704 0044 0532 0130 00, 1.475,60 EUR or call +1 (555) 123-4567"
    runs = list(values._NUMBER_RUNS.find(text))
    for scan in (values._IBAN, values._DIGITS, values._AMOUNT):
        assert _found(scan.finditer(text, runs)) == _found(scan.pattern.finditer(text))
