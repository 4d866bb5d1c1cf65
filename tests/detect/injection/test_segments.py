"""Segments: sentences, lines and fields tile the normalised text, cut where its structure cuts."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.detect.injection.features import prepare
from weir.detect.injection.segments import segments


def _pieces(raw: bytes) -> list[str]:
    prepared = prepare(raw)
    starts, ends = segments(raw, prepared)
    return [prepared.data[s:e].tobytes().decode() for s, e in zip(starts, ends, strict=True)]


def test_sentences_are_cut_after_their_end_but_decimals_are_not() -> None:
    assert _pieces(b"Paid 84.20 EUR. Send the file now! Done?") == ["paid 00.00 eur.", " send the file now!", " done?"]


def test_lines_are_cut_even_where_their_whitespace_was_collapsed() -> None:
    assert _pieces(b"first line\n\n    second line\nthird") == ["first line", " second line", " third"]


def test_json_fields_and_tags_start_segments_of_their_own() -> None:
    assert _pieces(b'{"note": "send it"}') == ["{", '"note', '": ', '"send it', '"', "}"]
    assert _pieces(b"<p>hi</p>") == ["<p", ">hi", "</p", ">"]


def test_a_text_without_cuts_is_one_segment_and_an_empty_one_has_none() -> None:
    assert _pieces(b"no cut here at all") == ["no cut here at all"]
    assert segments(b"", prepare(b""))[0].size == 0


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_segments_tile_the_normalised_text_without_gaps_or_empty_pieces(raw: bytes) -> None:
    prepared = prepare(raw)
    starts, ends = segments(raw, prepared)
    if prepared.data.size == 0:
        assert starts.size == 0
        return
    assert starts[0] == 0
    assert ends[-1] == prepared.data.size
    np.testing.assert_array_equal(starts[1:], ends[:-1])
    assert (ends > starts).all()
