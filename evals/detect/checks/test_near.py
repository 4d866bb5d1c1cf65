"""The near-copy measure the generators and the checks share finds near copies and only those."""

from __future__ import annotations

import re

from evals.detect.checks.sets import records
from evals.lib.near import NearCopyIndex, char_grams, jaccard, near_copies, word_grams

WORD = re.compile(r"\w+")


def test_the_near_copy_check_finds_a_planted_near_copy_despite_common_boilerplate() -> None:
    texts = [str(d["text"]) for d in records("fresh")[:200]]
    planted = texts[7].replace("the", "a", 1) + " One more line."
    shingled = [word_grams(text, 5, words=WORD) for text in [*texts, planted]]
    assert (7, 200) in near_copies(shingled, 0.6, common=40)


def test_the_index_rejects_a_reworded_duplicate_and_accepts_a_different_text() -> None:
    index = NearCopyIndex(0.4)
    base = "the parcel left the depot in the morning and reached the customer before noon on friday as promised"
    assert index.admit(word_grams(base, words=WORD))
    assert index.near_copy(word_grams(base + " thanks", words=WORD))
    assert not index.admit(word_grams(base + " thanks", words=WORD))
    assert index.admit(word_grams("quarterly revenue rose four percent while churn stayed flat overall", words=WORD))


def test_an_unrelated_pair_scores_zero_and_a_copy_scores_one() -> None:
    a = word_grams("one two three four five six seven eight nine ten eleven")
    b = word_grams("alpha beta gamma delta epsilon zeta eta theta iota kappa")
    assert jaccard(a, a) == 1.0
    assert jaccard(a, b) == 0.0
    assert jaccard(frozenset(), frozenset()) == 0.0


def test_one_changed_space_keeps_a_document_a_near_copy() -> None:
    text = str(records("heldout4")[0]["text"])
    assert jaccard(word_grams(text), word_grams(text.replace(".", ". ", 1))) > 0.5


def test_short_texts_are_one_shingle_or_none_and_characters_ignore_spacing() -> None:
    assert word_grams("Three Short Words") == {("three", "short", "words")}
    assert word_grams("three short words", short=False) == frozenset()
    assert word_grams("Ab cd", 1, lower=False) == {("Ab",), ("cd",)}
    assert char_grams("ab  \n cd", 4) == {"ab c", "b cd"}
    assert near_copies([frozenset({1, 2}), frozenset({1, 2})], 1.0, at_limit=False) == []
    assert near_copies([frozenset({1, 2}), frozenset({1, 2})], 1.0) == [(0, 1)]
