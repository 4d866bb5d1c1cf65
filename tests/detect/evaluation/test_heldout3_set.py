"""The third held-out injection set (author 6) is what its generator writes, balanced and varied.

The generator lives in ``scripts/``; it is loaded by path because scripts are not a package.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.detect.evaluation.scripts import load_script

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src/weir/detect/evaluation/data/injection-tools-heldout3.jsonl"


def load_generator() -> ModuleType:
    """Import scripts/injection_heldout3.py (and, through it, its phrase pools)."""
    return load_script("injection_heldout3")


@pytest.fixture(scope="module")
def gen() -> ModuleType:
    return load_generator()


@pytest.fixture(scope="module")
def docs() -> list[dict[str, Any]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def test_phrase_pools_have_enough_distinct_attack_and_benign_cores(gen: ModuleType) -> None:
    attacks = [text for _kind, text in gen.T.ATTACK_CORES]
    benign = [text for _kind, text in gen.T.BENIGN_CORES]
    assert len(set(attacks)) == len(attacks) >= 80
    assert len(set(benign)) == len(benign) >= 60


def test_benign_documents_never_carry_an_attacker_domain(gen: ModuleType, docs: list[dict[str, Any]]) -> None:
    # Attacker domains appear only in attack cores, so a hit means an attack leaked into a label-0 document.
    for doc in docs:
        if doc["label"] == 0:
            assert not any(domain in doc["text"] for domain in gen.T.ATK_DOMAIN), doc["text"][:200]


def test_injections_use_many_styles_and_benign_documents_many_look_alike_kinds(docs: list[dict[str, Any]]) -> None:
    attack_kinds = Counter(d["kind"] for d in docs if d["label"] == 1)
    benign_kinds = Counter(d["kind"] for d in docs if d["label"] == 0)
    assert len(attack_kinds) >= 15
    assert len(benign_kinds) >= 15
    for kind in ("split", "speaker_turn", "signature", "policy", "workflow_note", "multilingual", "obfuscated"):
        assert attack_kinds[kind] >= 3, kind


def test_no_two_documents_are_near_copies_by_word_8gram_jaccard(gen: ModuleType, docs: list[dict[str, Any]]) -> None:
    sample = docs[::2]
    grams = [gen.ngrams(d["text"]) for d in sample]
    worst = 0.0
    for i, a in enumerate(grams):
        for b in grams[i + 1 :]:
            if a & b:
                worst = max(worst, gen.jaccard(a, b))
    assert worst < 0.5


def test_a_different_seed_gives_a_different_set(gen: ModuleType) -> None:
    first = gen.build(seed=1)[:20]
    assert [d["text"] for d in first] != [d["text"] for d in gen.build(seed=2)[:20]]
