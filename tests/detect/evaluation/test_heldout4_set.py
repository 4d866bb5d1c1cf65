"""The fourth held-out injection set (author 13): reproducible, balanced, well-formed, varied."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from tests.detect.evaluation.scripts import load_script

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-heldout4.jsonl"


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    """The generator script, imported once for the module."""
    return load_script("injection_heldout4")


@pytest.fixture(scope="module")
def docs() -> list[dict[str, object]]:
    """The committed documents."""
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def test_at_least_twelve_carriers_each_carry_both_labels_in_equal_numbers(docs: list[dict[str, object]]) -> None:
    per = Counter((doc["carrier"], doc["label"]) for doc in docs)
    carriers = {doc["carrier"] for doc in docs}
    assert len(carriers) >= 12
    for carrier in carriers:
        assert per[(carrier, 1)] == per[(carrier, 0)] > 0


def test_the_pools_have_the_promised_variety(generator: ModuleType) -> None:
    attack_cores = {text for _, _, text in generator.ATTACKS} | {a + b for _, a, b in generator.SPLIT_ATTACKS}
    benign_cores = {text for _, text in generator.BENIGN}
    assert len(attack_cores) >= 80
    assert len(benign_cores) >= 60
    assert not attack_cores & benign_cores


def test_no_two_documents_in_a_fixed_sample_are_near_copies(
    generator: ModuleType, docs: list[dict[str, object]]
) -> None:
    sample = docs[::3]
    grams = [generator.shingles(str(doc["text"])) for doc in sample]
    worst = max(generator.jaccard(grams[i], grams[j]) for i in range(len(grams)) for j in range(i + 1, len(grams)))
    assert worst <= generator.NEAR_COPY


def test_the_similarity_measure_flags_a_near_copy(generator: ModuleType, docs: list[dict[str, object]]) -> None:
    text = str(docs[0]["text"])
    copy = text.replace(".", ". ", 1)
    assert generator.jaccard(generator.shingles(text), generator.shingles(copy)) > generator.NEAR_COPY
