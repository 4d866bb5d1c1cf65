"""The anchor index finds every literal occurrence in one vectorised pass."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect.anchors import Anchors

INDEX: Anchors[str] = Anchors([("ghp_", "gh", False), ("abc", "abc", False), ("pass", "pw", True)])


def test_occurrences_are_found_in_order_with_their_payload() -> None:
    hits = list(INDEX.find("x ghp_1 abc PASSword ghp_"))
    assert hits == [(2, "ghp_", "gh"), (8, "abc", "abc"), (12, "pass", "pw"), (21, "ghp_", "gh")]


def test_case_sensitive_anchors_do_not_match_other_cases() -> None:
    assert list(INDEX.find("GHP_ ABC")) == []


def test_non_ascii_text_keeps_character_offsets() -> None:
    assert list(INDEX.find("ééé\U0001f600abc")) == [(4, "abc", "abc")]


def test_an_occurrence_across_an_internal_block_boundary_is_found() -> None:
    text = "x" * ((1 << 20) - 2) + "abc"
    assert list(INDEX.find(text)) == [((1 << 20) - 2, "abc", "abc")]


def test_anchors_shorter_than_three_characters_are_refused() -> None:
    with pytest.raises(ValueError, match="three"):
        Anchors([("ab", 1, False)])


@settings(max_examples=150)
@given(st.text(alphabet="abcghp_PASS é\ud800", max_size=300))
def test_find_agrees_with_a_naive_search(text: str) -> None:
    naive = sorted(
        (i, needle)
        for needle, ci in (("ghp_", False), ("abc", False), ("pass", True))
        for i in range(len(text))
        if (text[i : i + len(needle)].lower() if ci else text[i : i + len(needle)]) == needle
    )
    assert [(pos, needle) for pos, needle, _ in INDEX.find(text)] == naive
