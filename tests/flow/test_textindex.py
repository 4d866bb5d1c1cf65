"""The text index: exact 4-grams of untrusted prose, bounded, and serialisable."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.flow import textindex
from weir.flow.grams import edges, interior, text_grams
from weir.flow.normalise import tokens
from weir.flow.textindex import MALICIOUS, OPEN, PLAIN, TextIndex, _distinct, record_step


def add(index: TextIndex, text: str, *, step: int = 0, malicious: bool = False, plain: bool = True) -> None:
    grams = text_grams(tokens(text))
    index.add(grams, np.full(len(grams), plain), step=step, malicious=malicious, open_world=True)


def test_grams_are_exact_windows_of_four_bytes_and_edges_mark_word_boundaries() -> None:
    assert interior(b"abcde").tolist() == [int.from_bytes(b"abcd", "big"), int.from_bytes(b"bcde", "big")]
    assert interior(b"abc").tolist() == []
    start, end = edges(b"order")
    assert (start, end) == (int.from_bytes(b"\x01ord", "big"), int.from_bytes(b"der\x02", "big"))
    assert edges(b"05") == (int.from_bytes(b"\x0105\x02", "big"),) * 2


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(categories=["L", "Nd"]), min_size=1, max_size=7), max_size=8))
def test_a_texts_grams_are_its_joined_windows_and_each_words_edges(words: list[str]) -> None:
    skeletons = [w for word in words for w in tokens(word)]
    expected = set(interior("".join(skeletons).encode()).tolist())
    for word in skeletons:
        expected.update(edges(word.encode()))
    assert set(text_grams(skeletons).tolist()) == expected


def test_a_one_letter_word_has_its_own_edge_so_a_value_starting_with_it_can_be_named() -> None:
    grams = set(text_grams(tokens("ship to 5 Harbor Blvd")).tolist())
    assert edges(b"5") == (int.from_bytes(b"\x015\x02\x02", "big"),) * 2
    assert edges(b"5")[0] in grams
    assert edges(b"blvd")[1] in grams


def test_a_gram_keeps_the_first_step_and_the_union_of_its_flags() -> None:
    index = TextIndex()
    add(index, "pay paypal_8841920 now", step=3)
    add(index, "paypal_8841920 again", step=5, malicious=True, plain=False)
    found, records = index.lookup(interior(b"paypal8841920"))
    assert all(found)
    assert {record_step(r) for r in records} == {3}
    assert all(r & MALICIOUS and r & OPEN and r & PLAIN for r in records)
    assert index.lookup(interior(b"zzzz"))[0] == [False]


def test_an_idle_index_holds_nothing() -> None:
    index = TextIndex()
    assert not index
    assert index.nbytes == 0
    assert index.lookup(interior(b"abcdef")) == ([False, False, False], [0, 0, 0])


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=40), max_size=8))
def test_it_round_trips_through_json(texts: list[str]) -> None:
    index = TextIndex()
    for i, text in enumerate(texts):
        add(index, text, step=i, malicious=i % 2 == 1)
    again = TextIndex.from_json(index.to_json())
    probe = np.concatenate([text_grams(tokens(t)) for t in texts] + [interior(b"qqqqqq")])
    assert again.lookup(probe) == index.lookup(probe)


def test_a_malformed_document_is_refused() -> None:
    with pytest.raises(ValueError, match="sorted"):
        TextIndex.from_json({"keys": "AQAAAAEAAAA=", "meta": "AAAAAA=="})


def test_past_its_bound_it_spills_into_a_bloom_filter_that_never_forgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(textindex, "MAX_GRAMS", 50)
    index = TextIndex()
    words = [f"word{i:04d}" for i in range(200)]
    add(index, " ".join(words[:100]), step=1)
    add(index, " ".join(words[100:]), step=7, malicious=True)
    assert len(index) == 50
    assert index.nbytes == 50 * 6 + textindex.OVERFLOW_BITS // 8
    for word in words:  # every word still found: the overflow may say yes wrongly, never no
        assert all(index.lookup(interior(word.encode()))[0])
    again = TextIndex.from_json(index.to_json())
    assert again.lookup(interior(b"word0150")) == index.lookup(interior(b"word0150"))


def test_distinct_grams_are_numpys_unique_with_where_each_was_seen_as_written() -> None:
    """The index's one sort of a result's grams gives what ``np.unique(return_inverse=True)`` did."""
    rng = np.random.default_rng(7)
    for n in (1, 2, 3, 50, 5000):
        grams = rng.integers(0, max(2, n // 3), n).astype(np.uint32)
        plain = rng.random(n) < 0.4
        expected, inverse = np.unique(grams, return_inverse=True)
        seen = np.zeros(len(expected), dtype=bool)
        seen[inverse[plain]] = True
        new, seen_plain = _distinct(grams, plain)
        assert new.dtype == expected.dtype
        assert new.tolist() == expected.tolist()
        assert seen_plain.tolist() == seen.tolist()
