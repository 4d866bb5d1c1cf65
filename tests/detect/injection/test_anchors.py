"""The injection anchor index finds exactly the occurrences a naive search finds."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect.injection.anchors import Anchors
from weir.detect.injection.scanner import _ANCHORS

LITERALS = ["ai\\b", "ais\\b", "<|", "ignor", "ignore", "agent", "a.i.", "](", "now"]
INDEX = Anchors(LITERALS)


def _naive(index: Anchors, text: str) -> list[list[int]]:
    lowered = "".join(c.lower() if c.isascii() else "\x7f" for c in text)
    found = []
    for literal in index.literals:
        word_end = literal.endswith("\\b")
        needle = literal.removesuffix("\\b")
        positions = []
        for i in range(len(lowered)):
            after = lowered[i + len(needle) : i + len(needle) + 1]
            if lowered.startswith(needle, i) and not (word_end and (after.isalnum() or after == "_")):
                positions.append(i)
        found.append(positions)
    return found


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([*"aisAIS.<|]( _x\n", "ignore", "AGENT", "now", "é", "\ud800"]), max_size=40))
def test_find_agrees_with_a_naive_search(parts: list[str]) -> None:
    text = "".join(parts)
    assert [a.tolist() for a in INDEX.find(text)] == _naive(INDEX, text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([*(a.removesuffix("\\b") for a in _ANCHORS.literals), " ", "x", "É"]), max_size=30))
def test_the_shipped_index_agrees_with_a_naive_search(words: list[str]) -> None:
    text = "".join(words)
    assert [a.tolist() for a in _ANCHORS.find(text)] == _naive(_ANCHORS, text)


def test_a_literal_at_the_very_end_of_the_text_is_found() -> None:
    assert next(a.tolist() for a in INDEX.find("tell the AI")) == [9]
    assert [a.tolist() for a in INDEX.find("x<|")][2] == [1]


@pytest.mark.parametrize("literal", ["a", "UPPER", "tab\there", "x" * 17, "caf\u00e9"])
def test_literals_that_cannot_be_indexed_are_refused(literal: str) -> None:
    with pytest.raises(ValueError, match="lower-case ASCII"):
        Anchors([literal])
