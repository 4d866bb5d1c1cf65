"""The fresh10 injection set (support / e-commerce tool output, eleventh author): the committed file is
exactly what ``scripts/injection_fresh10.py`` writes, and it is balanced, well-formed and free of near
copies."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.detect.evaluation.scripts import load_script

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-fresh10.jsonl"


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    """The committed documents, parsed."""
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


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
