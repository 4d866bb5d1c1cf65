"""The shared character arrays: what each holds, and that a remembered array is never stale."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect.codes import (
    code_points,
    folded_points,
    folded_trigrams,
    has_ascii_controls,
    max_code_point,
    trigram_code,
)


def _naive_points(text: str) -> list[int]:
    return [ord(c) if ord(c) < 128 else 127 for c in text]


@settings(max_examples=150)
@given(st.text(alphabet=st.sampled_from("aZ09 _-\t\n\x00\x1b\x7fé\u212a\u0130\U0001f600\ud800"), max_size=60))
def test_the_arrays_agree_with_a_character_by_character_reading(text: str) -> None:
    points = _naive_points(text)
    folded = [p + 32 if 65 <= p <= 90 else p for p in points]
    assert code_points(text).tolist() == points
    assert folded_points(text).tolist() == folded
    padded = [*folded, 0, 0]
    assert folded_trigrams(text).tolist() == [
        (a << 14) | (b << 7) | c for a, b, c in zip(padded, padded[1:], padded[2:], strict=False)
    ]


def test_a_different_text_with_equal_length_gets_its_own_arrays() -> None:
    first, second = "abc" * 10, "xyz" * 10
    assert bytes(code_points(first)) == first.encode()
    assert bytes(code_points(second)) == second.encode()
    assert bytes(folded_points("ABC" * 10)) == first.encode()


def test_an_equal_but_distinct_string_gets_equal_arrays() -> None:
    text = "Hello World " * 5
    copy = text[:1] + text[1:]
    assert copy is not text
    assert np.array_equal(folded_trigrams(text), folded_trigrams(copy))


def test_ascii_controls_other_than_tab_newline_and_return_are_found() -> None:
    assert not has_ascii_controls("plain text\twith\ttabs\r\nand lines\n")
    assert has_ascii_controls("a bell \x07 here")
    assert has_ascii_controls("an escape \x1b[31m")
    assert has_ascii_controls("a delete \x7f")
    assert not has_ascii_controls("")


def test_the_trigram_code_of_three_characters_is_the_code_at_their_position() -> None:
    assert folded_trigrams("xABC")[1] == trigram_code("abc")


def test_the_highest_code_point_is_that_of_the_highest_character() -> None:
    assert max_code_point("") == 0
    assert max_code_point("abc") == ord("c")
    assert max_code_point("a\U000e0041b") == 0xE0041
    assert max_code_point("é" * 3) == 0xE9
    assert max_code_point("x\ud800") == 0xD800
