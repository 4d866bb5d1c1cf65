"""The fresh11 injection set: reproducible, balanced, well-formed and free of near copies."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.detect.evaluation.scripts import SCRIPTS, load_script

DATA = SCRIPTS.parent / "src/weir/detect/evaluation/data/injection-tools-fresh11.jsonl"


@pytest.fixture(scope="module")
def docs() -> list[dict[str, object]]:
    """The committed set, one parsed object per line."""
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def _grams(text: str) -> set[tuple[str, ...]]:
    words = text.lower().split()
    return {tuple(words[i : i + 8]) for i in range(len(words) - 7)}


def test_the_committed_file_is_exactly_what_the_generator_writes(tmp_path: Path) -> None:
    out = tmp_path / "fresh11.jsonl"
    assert load_script("injection_fresh11").main([str(out)]) == 0
    assert out.read_bytes() == DATA.read_bytes()


def test_the_set_has_1200_documents_half_of_them_injections(docs: list[dict[str, object]]) -> None:
    assert len(docs) == 1200
    assert Counter(d["label"] for d in docs) == {0: 600, 1: 600}


def test_every_document_is_well_formed_and_between_100_bytes_and_8_kb(docs: list[dict[str, object]]) -> None:
    for doc in docs:
        assert set(doc) == {"text", "label", "carrier", "kind"}
        assert isinstance(doc["text"], str)
        assert isinstance(doc["carrier"], str)
        assert isinstance(doc["kind"], str)
        assert doc["label"] in (0, 1)
        assert 100 <= len(str(doc["text"]).encode("utf-8")) <= 8192


def test_at_least_twelve_carriers_each_carry_both_labels(docs: list[dict[str, object]]) -> None:
    labels_by_carrier: dict[object, set[object]] = {}
    for doc in docs:
        labels_by_carrier.setdefault(doc["carrier"], set()).add(doc["label"])
    assert len(labels_by_carrier) >= 12
    assert all(labels == {0, 1} for labels in labels_by_carrier.values())


def test_the_pools_hold_at_least_80_attack_and_60_benign_cores() -> None:
    attacks = load_script("_injection_fresh11_attacks").ATTACK_CORES
    benign = load_script("_injection_fresh11_benign").BENIGN_CORES
    assert len({text for _, text in attacks}) >= 80
    assert len({text for _, text in benign}) >= 60


def test_no_two_documents_are_equal(docs: list[dict[str, object]]) -> None:
    assert len({d["text"] for d in docs}) == len(docs)


def test_no_two_sampled_documents_are_near_copies(docs: list[dict[str, object]]) -> None:
    sample = [_grams(str(d["text"])) for d in docs[::3]]
    worst = 0.0
    for i, a in enumerate(sample):
        for b in sample[:i]:
            if a and b:
                worst = max(worst, len(a & b) / len(a | b))
    assert worst < 0.6
