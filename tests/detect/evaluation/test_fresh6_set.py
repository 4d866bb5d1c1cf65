"""The fresh6 injection set (author 7): reproducible, balanced, well-formed, varied, with no near copies."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from types import ModuleType

import pytest

from tests.detect.evaluation.scripts import load_script

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-fresh6.jsonl"


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    return load_script("injection_fresh6")


@pytest.fixture(scope="module")
def docs() -> list[dict[str, object]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def _grams(text: str) -> set[tuple[str, ...]]:
    words = text.lower().split()
    return {tuple(words[i : i + 8]) for i in range(max(1, len(words) - 7))}


def test_every_record_has_exactly_text_label_carrier_kind_and_a_size_within_bounds(
    docs: list[dict[str, object]],
) -> None:
    for doc in docs:
        assert set(doc) == {"text", "label", "carrier", "kind"}
        assert doc["label"] in (0, 1)
        assert isinstance(doc["carrier"], str)
        assert isinstance(doc["kind"], str)
        assert doc["carrier"]
        assert doc["kind"]
        assert isinstance(doc["text"], str)
        assert 100 <= len(doc["text"].encode("utf-8")) <= 8192
        assert not re.search(r"<<\w+>>", doc["text"]), "an unfilled slot is left in the text"


def test_kinds_name_either_an_attack_goal_or_a_benign_theme_never_both(docs: list[dict[str, object]]) -> None:
    kinds: dict[object, set[object]] = {}
    for doc in docs:
        kinds.setdefault(doc["kind"], set()).add(doc["label"])
    assert all(len(labels) == 1 for labels in kinds.values())
    assert sum(1 for labels in kinds.values() if labels == {1}) >= 10
    assert sum(1 for labels in kinds.values() if labels == {0}) >= 10


def test_the_phrase_pools_hold_at_least_80_attack_cores_and_60_benign_cores(generator: ModuleType) -> None:
    attacks = {core for _, core in generator.ATTACKS + generator.SUBTLE + generator.MULTILINGUAL}
    assert len(attacks) >= 80
    assert len({core for _, core in generator.BENIGN}) >= 60
    assert not attacks & {core for _, core in generator.BENIGN}


def test_no_two_documents_of_a_fixed_sample_are_near_copies(docs: list[dict[str, object]]) -> None:
    sample = random.Random(6).sample(docs, 300)
    grams = [_grams(str(doc["text"])) for doc in sample]
    worst = 0.0
    for i, a in enumerate(grams):
        for b in grams[:i]:
            common = len(a & b)
            if common:
                worst = max(worst, common / len(a | b))
    assert worst <= 0.5
