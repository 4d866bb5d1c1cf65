"""The fresh12 injection set (author 14, public sector and academia) is what its generator writes."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.detect.evaluation.scripts import load_script

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-fresh12.jsonl"
WORD = re.compile(r"\w+")


@pytest.fixture(scope="module")
def rows() -> list[dict[str, object]]:
    """The committed set, one parsed object per line."""
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def _grams(text: str) -> set[tuple[str, ...]]:
    words = WORD.findall(text.lower())
    return {tuple(words[i : i + 8]) for i in range(len(words) - 7)}


def test_the_set_is_balanced_overall_and_within_every_carrier(rows: list[dict[str, object]]) -> None:
    labels = Counter(row["label"] for row in rows)
    assert labels == {0: 600, 1: 600}
    per_carrier = Counter((row["carrier"], row["label"]) for row in rows)
    carriers = {row["carrier"] for row in rows}
    assert len(carriers) >= 12
    for carrier in carriers:
        assert per_carrier[(carrier, 0)] == per_carrier[(carrier, 1)]


def test_attack_and_benign_kinds_never_share_a_name(rows: list[dict[str, object]]) -> None:
    attack = {row["kind"] for row in rows if row["label"] == 1}
    benign = {row["kind"] for row in rows if row["label"] == 0}
    assert len(attack) >= 10
    assert len(benign) >= 8
    assert not attack & benign


def test_the_phrase_pools_are_as_varied_as_the_brief_asks() -> None:
    text = load_script("_injection_fresh12_text")
    benign = load_script("_injection_fresh12_benign")
    assert len({core for _, core in text.ATTACKS}) >= 80
    assert len({core for _, core in benign.BENIGN}) >= 60


def test_no_two_documents_in_a_fixed_sample_are_near_copies(rows: list[dict[str, object]]) -> None:
    sample = random.Random(14).sample(rows, 260)
    grams = [_grams(str(row["text"])) for row in sample]
    worst = 0.0
    for i, left in enumerate(grams):
        for right in grams[i + 1 :]:
            shared = len(left & right)
            if shared:
                worst = max(worst, shared / len(left | right))
    assert worst < 0.5
