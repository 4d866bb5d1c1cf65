"""The fresh7 injection set (author 8): reproducible, balanced, well-formed and free of near copies."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.detect.evaluation.scripts import load_script

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-fresh7.jsonl"


def _records() -> list[dict[str, object]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def _grams(text: str) -> set[tuple[str, ...]]:
    words = text.lower().split()
    return {tuple(words[i : i + 8]) for i in range(max(1, len(words) - 7))}


def test_the_pools_hold_at_least_80_attack_cores_and_60_benign_cores() -> None:
    module = load_script("injection_fresh7")
    assert len(module.ATTACKS) >= 80
    assert len(module.BENIGN) >= 60
    assert len({template for _, _, template in module.ATTACKS}) == len(module.ATTACKS)
    assert len({template for _, template in module.BENIGN}) == len(module.BENIGN)


def test_injection_kinds_and_benign_kinds_do_not_overlap() -> None:
    kinds = {label: {record["kind"] for record in _records() if record["label"] == label} for label in (0, 1)}
    assert len(kinds[1]) >= 10
    assert len(kinds[0]) >= 15
    assert not kinds[0] & kinds[1]


@pytest.mark.timeout(60)
def test_no_two_documents_in_a_fixed_sample_are_near_copies() -> None:
    records = _records()
    sample = random.Random(8).sample(range(len(records)), 400)
    grams = [_grams(str(records[i]["text"])) for i in sample]
    worst = 0.0
    for a in range(len(grams)):
        for b in range(a + 1, len(grams)):
            union = len(grams[a] | grams[b])
            worst = max(worst, len(grams[a] & grams[b]) / union)
    assert worst < 0.5
