"""Author 5's injection set: the committed file is what the generator writes, and it is sound.

The generator is a script, not part of the package, so it is loaded from `scripts/` by path.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from itertools import combinations
from pathlib import Path
from types import ModuleType

import pytest

from tests.detect.evaluation.scripts import load_script

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src/weir/detect/evaluation/data/injection-tools-fresh5.jsonl"
SCRIPT = ROOT / "scripts/injection_fresh5.py"


def load_generator() -> ModuleType:
    """Import scripts/injection_fresh5.py (and its phrase pools) as a module."""
    return load_script("injection_fresh5")


@pytest.fixture(scope="module")
def rows() -> list[dict[str, object]]:
    with DATA.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def word_8grams(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", text.lower())
    return {tuple(words[i : i + 8]) for i in range(len(words) - 7)}


def test_at_least_twelve_carriers_each_holding_both_labels(rows: list[dict[str, object]]) -> None:
    per_carrier = Counter((row["carrier"], row["label"]) for row in rows)
    carriers = {carrier for carrier, _ in per_carrier}
    assert len(carriers) >= 12
    for carrier in carriers:
        # Carriers are balanced across labels, so the carrier alone tells a model nothing.
        assert abs(per_carrier[(carrier, 0)] - per_carrier[(carrier, 1)]) <= 1


def test_attack_and_benign_kinds_never_share_a_name(rows: list[dict[str, object]]) -> None:
    attack = {row["kind"] for row in rows if row["label"] == 1}
    benign = {row["kind"] for row in rows if row["label"] == 0}
    assert len(attack) >= 12
    assert len(benign) >= 12
    assert not attack & benign


def test_phrase_pools_hold_enough_distinct_cores() -> None:
    pools = load_generator().T
    assert len({core for _, core in pools.ATTACK_CORES}) >= 80
    assert len({core for _, core in pools.BENIGN_CORES}) >= 60


def test_no_two_documents_are_near_copies_in_a_sample(rows: list[dict[str, object]]) -> None:
    sample = random.Random(5).sample(rows, 350)
    grams = [word_8grams(str(row["text"])) for row in sample]
    texts = {str(row["text"]) for row in rows}
    assert len(texts) == len(rows)
    worst = 0.0
    for a, b in combinations(grams, 2):
        if a and b:
            worst = max(worst, len(a & b) / len(a | b))
    assert worst < 0.5
