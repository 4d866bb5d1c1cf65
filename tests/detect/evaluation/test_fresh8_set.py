"""The fresh8 injection set (author 9): reproducible, balanced, well-formed, varied."""

from __future__ import annotations

import json
import re
from itertools import combinations
from pathlib import Path
from types import ModuleType

import pytest

from tests.detect.evaluation.scripts import load_script

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-fresh8.jsonl"


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    return load_script("injection_fresh8")


@pytest.fixture(scope="module")
def records() -> list[dict[str, object]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def _grams(text: str) -> set[str]:
    words = re.findall(r"\w+", text.lower())
    return {" ".join(words[i : i + 8]) for i in range(max(1, len(words) - 7))}


def test_the_pools_hold_enough_distinct_attack_and_benign_cores(generator: ModuleType) -> None:
    attacks = {t for _, t in generator.ATTACKS_EN + generator.ATTACKS_INTL}
    benign = {t for _, t in generator.BENIGN_EN + generator.BENIGN_INTL}
    assert len(attacks) >= 80
    assert len(benign) >= 60
    assert not attacks & benign


def test_japanese_and_chinese_text_appears_under_both_labels(records: list[dict[str, object]]) -> None:
    for label in (0, 1):
        texts = [str(rec["text"]) for rec in records if rec["label"] == label]
        assert any(re.search("[\u3040-\u30ff]", t) for t in texts)  # kana: Japanese
        assert any("请" in t or "用户" in t or "请勿" in t for t in texts)


def test_no_two_documents_in_a_fixed_sample_are_near_copies(records: list[dict[str, object]]) -> None:
    sample = [_grams(str(rec["text"])) for rec in records[::4]]
    worst = max(len(a & b) / len(a | b) for a, b in combinations(sample, 2))
    assert worst < 0.5
