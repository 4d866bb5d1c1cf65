"""The third independent injection set is reproducible, balanced, varied and well-formed.

These tests read the committed data file and the generator only; they never run the detector.
"""

from __future__ import annotations

import itertools
import json
import random
import statistics
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.detect.evaluation.scripts import load_script

ROOT = Path(__file__).resolve().parents[3]
SCRIPTS = ROOT / "scripts"
DATA = ROOT / "src" / "weir" / "detect" / "evaluation" / "data" / "injection-tools-fresh3.jsonl"


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    return load_script("injection_fresh3")


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    with DATA.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = text.lower().split()
    return {tuple(words[i : i + 8]) for i in range(max(1, len(words) - 7))}


def test_every_injection_style_is_used_and_kinds_never_cross_labels(
    generator: ModuleType, records: list[dict[str, Any]]
) -> None:
    kinds = {label: {r["kind"] for r in records if r["label"] == label} for label in (0, 1)}
    assert kinds[1] == set(generator.STYLES)
    assert not kinds[0] & kinds[1]
    assert len(kinds[0]) >= 15


def test_pools_hold_at_least_80_attack_cores_and_60_benign_cores(generator: ModuleType) -> None:
    pools = generator.T
    attack = set(pools.ATTACK_CORES) | set(pools.MULTILINGUAL_CORES) | set(pools.TOOL_CALLS)
    assert len(attack) >= 80
    assert len({text for _, text in pools.BENIGN_CORES}) >= 60


def test_no_two_documents_in_a_sample_are_near_copies(records: list[dict[str, Any]]) -> None:
    """Word 8-gram Jaccard stays below one half for every pair in a 500-document sample."""
    sample = random.Random(3).sample(records, 500)
    grams = [_shingles(r["text"]) for r in sample]
    worst = max(len(a & b) / len(a | b) for a, b in itertools.combinations(grams, 2))
    assert worst < 0.5


def test_document_length_does_not_give_the_label_away(records: list[dict[str, Any]]) -> None:
    medians = [statistics.median(len(r["text"]) for r in records if r["label"] == label) for label in (0, 1)]
    assert max(medians) / min(medians) < 1.5


def test_template_with_an_unknown_slot_is_rejected(generator: ModuleType) -> None:
    with pytest.raises(KeyError):
        generator.fill("send it to {nonexistent_slot}", {"email": "x@example.com"})
    assert generator.fill("keep {chat_history} for {email}", {"email": "a@b.c"}) == "keep {chat_history} for a@b.c"
