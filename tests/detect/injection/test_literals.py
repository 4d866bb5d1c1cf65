"""One pass finds exactly the anchor literals a text holds, and every occurrence of a set of words."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect.anchors import occurrences
from weir.detect.injection.literals import LiteralSet
from weir.detect.injection.scanner import _LITERAL_SET, _LITERALS

# Literals that overlap one another every way a non-overlapping scan can hide one: a prefix of
# another, a suffix running into another, one inside another, the same first character.
OVERLAPPING = ("ai", "ais", "aid", "id", "is", "sis", "assistant", "tan", "ant", "a.i.", ".i", "<|", "|>", "<<")


def _in_tests(literals: tuple[str, ...], text: str) -> set[int]:
    return {i for i, literal in enumerate(literals) if literal in text}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*OVERLAPPING, "x", " ", "s", "d"]), max_size=30).map("".join))
def test_present_is_exactly_the_literals_a_substring_test_finds(text: str) -> None:
    literal_set = LiteralSet(OVERLAPPING)
    assert literal_set.present(text) == _in_tests(OVERLAPPING, text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*_LITERALS, " ", "x", "\n", "é"]) | st.text(max_size=3), max_size=40).map("".join))
def test_the_pattern_anchors_present_are_exactly_those_a_substring_test_finds(text: str) -> None:
    assert _LITERAL_SET.present(text) == _in_tests(_LITERALS, text)


def test_a_literal_hidden_inside_a_longer_match_is_still_present() -> None:
    literal_set = LiteralSet(("assistant", "sis", "tan"))
    assert literal_set.present("an assistant") == {0, 1, 2}


def test_an_empty_literal_is_refused() -> None:
    with pytest.raises(ValueError, match="empty"):
        LiteralSet(("a", ""))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["to", "tot", "o", "\n", "[", "x", " "]), max_size=30).map("".join))
def test_occurrences_finds_every_start_overlapping_ones_included(text: str) -> None:
    words = ("to", "tot", "ot", "\n", "[")
    expected = sorted({i for word in words for i in range(len(text)) if text.startswith(word, i)})
    assert [m.start() for m in occurrences(words).finditer(text)] == expected


def test_occurrences_ignores_ascii_case_only_when_asked() -> None:
    assert [m.start() for m in occurrences(("to",)).finditer("To to")] == [3]
    assert [m.start() for m in occurrences(("to",), re.IGNORECASE | re.ASCII).finditer("To to \u212ao")] == [0, 3]
