"""The fresh11 injection set: reproducible, balanced, well-formed and free of near copies."""

from __future__ import annotations

import json

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


def test_the_pools_hold_at_least_80_attack_and_60_benign_cores() -> None:
    attacks = load_script("_injection_fresh11_attacks").ATTACK_CORES
    benign = load_script("_injection_fresh11_benign").BENIGN_CORES
    assert len({text for _, text in attacks}) >= 80
    assert len({text for _, text in benign}) >= 60


def test_no_two_sampled_documents_are_near_copies(docs: list[dict[str, object]]) -> None:
    sample = [_grams(str(d["text"])) for d in docs[::3]]
    worst = 0.0
    for i, a in enumerate(sample):
        for b in sample[:i]:
            if a and b:
                worst = max(worst, len(a & b) / len(a | b))
    assert worst < 0.6
