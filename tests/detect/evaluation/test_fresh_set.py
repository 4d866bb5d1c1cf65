"""The fresh injection evaluation set: reproducible, balanced, well formed, and without near copies.

The set is data (``src/weir/detect/evaluation/data/injection-tools-fresh.jsonl``) written by
``scripts/injection_fresh.py``; these tests never run the detector, so they cannot tune it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import combinations
from pathlib import Path
from types import ModuleType

import pytest

from tests.detect.evaluation.scripts import load_script

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "injection_fresh.py"
DATA = ROOT / "src" / "weir" / "detect" / "evaluation" / "data" / "injection-tools-fresh.jsonl"


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    return load_script("injection_fresh")


@pytest.fixture(scope="module")
def docs() -> list[dict[str, object]]:
    with DATA.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def test_another_seed_gives_another_set(generator: ModuleType) -> None:
    first = [d["text"] for d in generator.generate(seed=1, per_label=20)]
    second = [d["text"] for d in generator.generate(seed=2, per_label=20)]
    assert first != second
    assert first == [d["text"] for d in generator.generate(seed=1, per_label=20)]


def test_every_carrier_holds_both_labels_in_near_equal_numbers(docs: list[dict[str, object]]) -> None:
    per = Counter((d["carrier"], d["label"]) for d in docs)
    carriers = {d["carrier"] for d in docs}
    assert len(carriers) >= 12
    for carrier in carriers:
        assert abs(per[carrier, 0] - per[carrier, 1]) <= 2, carrier


def test_kinds_are_attack_styles_for_injections_and_genres_for_look_alikes(
    generator: ModuleType, docs: list[dict[str, object]]
) -> None:
    styles = set(generator.GENERIC_STYLES) | set(generator.CARRIER_STYLES)
    genres = set(generator.T.BENIGN)
    assert {d["kind"] for d in docs if d["label"] == 1} == styles
    assert {d["kind"] for d in docs if d["label"] == 0} == genres


def test_markup_styles_only_appear_in_carriers_that_can_hold_them(
    generator: ModuleType, docs: list[dict[str, object]]
) -> None:
    for doc in docs:
        where = generator.CARRIER_STYLES.get(doc["kind"])
        if doc["label"] == 1 and where is not None:
            assert doc["carrier"] in where


def test_the_phrase_pools_are_as_large_as_the_brief_asks(generator: ModuleType) -> None:
    text = generator.T
    attacks = sum(len(group) for group in text.ATTACKS.values()) + sum(len(g) for g in text.FOREIGN_CORES.values())
    look_alikes = sum(len(group) for group in text.BENIGN.values())
    assert attacks >= 80
    assert look_alikes >= 60
    assert len(text.FILLER) >= 50


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", text.lower())
    return {tuple(words[i : i + 5]) for i in range(max(1, len(words) - 4))}


def _near_copies(texts: list[str], limit: float = 0.6) -> list[tuple[int, int]]:
    """Pairs whose rare 5-word shingles overlap by at least ``limit`` (Jaccard, boilerplate left out)."""
    sets = [_shingles(text) for text in texts]
    index: dict[tuple[str, ...], list[int]] = {}
    for i, shingles in enumerate(sets):
        for shingle in shingles:
            index.setdefault(shingle, []).append(i)
    shared: Counter[tuple[int, int]] = Counter()
    for holders in index.values():
        # Boilerplate shared by many documents (frames, fillers) cannot make a pair a near copy alone.
        if len(holders) <= 40:
            shared.update(combinations(holders, 2))
    return [(a, b) for (a, b), common in shared.items() if common / len(sets[a] | sets[b]) >= limit]


def test_the_near_copy_check_finds_a_planted_near_copy(docs: list[dict[str, object]]) -> None:
    texts = [str(d["text"]) for d in docs[:200]]
    planted = texts[7].replace("the", "a", 1) + " One more line."
    assert (7, 200) in _near_copies([*texts, planted])


def test_no_two_documents_are_near_copies(docs: list[dict[str, object]]) -> None:
    pairs = _near_copies([str(d["text"]) for d in docs])
    assert pairs == [], [(docs[a]["text"], docs[b]["text"]) for a, b in pairs[:1]]
