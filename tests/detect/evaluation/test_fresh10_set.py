"""The fresh10 injection set (support / e-commerce tool output, eleventh author): the committed file is
exactly what ``scripts/injection_fresh10.py`` writes, and it is balanced, well-formed and free of near
copies."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.detect.evaluation.scripts import load_script

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-fresh10.jsonl"


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    """The committed documents, parsed."""
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def test_committed_file_is_exactly_what_the_generator_writes(tmp_path: Path) -> None:
    out = tmp_path / "fresh10.jsonl"
    assert load_script("injection_fresh10").main([str(out)]) == 0
    assert out.read_bytes() == DATA.read_bytes()


def test_every_row_has_text_label_carrier_and_kind_only(rows: list[dict[str, Any]]) -> None:
    assert len(rows) == 1200
    for row in rows:
        assert set(row) == {"text", "label", "carrier", "kind"}
        assert row["label"] in (0, 1)
        assert isinstance(row["text"], str)
        assert row["carrier"]
        assert row["kind"]


def test_labels_are_balanced_and_every_carrier_holds_both(rows: list[dict[str, Any]]) -> None:
    labels = Counter(row["label"] for row in rows)
    assert labels == {0: 600, 1: 600}
    carriers = {row["carrier"] for row in rows}
    assert len(carriers) >= 12
    per = Counter((row["carrier"], row["label"]) for row in rows)
    for carrier in carriers:
        assert per[(carrier, 0)] >= 20
        assert per[(carrier, 1)] >= 20


def test_documents_are_between_100_bytes_and_8_kilobytes(rows: list[dict[str, Any]]) -> None:
    sizes = [len(row["text"].encode("utf-8")) for row in rows]
    assert min(sizes) >= 100
    assert max(sizes) <= 8000


def test_no_text_appears_twice(rows: list[dict[str, Any]]) -> None:
    texts = [row["text"] for row in rows]
    assert len(set(texts)) == len(texts)


def test_the_generator_draws_on_enough_distinct_cores() -> None:
    attacks = load_script("_injection_fresh10_attacks").ATTACKS
    benign = load_script("_injection_fresh10_benign").BENIGN
    assert len({template for _, _, template in attacks}) >= 80
    assert len({template for _, _, template in benign}) >= 60
    assert {lang for _, lang, _ in attacks} == {"en", "de", "fr", "es", "pl", "tr"}
    assert {lang for _, lang, _ in benign} == {"en", "de", "fr", "es", "pl", "tr"}


def test_no_two_documents_in_a_fixed_sample_are_near_copies(rows: list[dict[str, Any]]) -> None:
    generator = load_script("injection_fresh10")
    sample = random.Random(7).sample(rows, 400)
    shingles = [generator.shingles(row["text"]) for row in sample]
    worst = max(
        generator.jaccard(shingles[i], shingles[j]) for i in range(len(shingles)) for j in range(i + 1, len(shingles))
    )
    assert worst < 0.6


def test_an_unrelated_pair_scores_low_and_a_copy_scores_one() -> None:
    generator = load_script("injection_fresh10")
    a = generator.shingles("one two three four five six seven eight nine ten eleven")
    b = generator.shingles("alpha beta gamma delta epsilon zeta eta theta iota kappa")
    assert generator.jaccard(a, a) == 1.0
    assert generator.jaccard(a, b) == 0.0
