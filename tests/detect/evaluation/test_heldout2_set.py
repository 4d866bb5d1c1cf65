"""The second held-out injection set is reproducible, balanced, varied and well-formed.

These tests read the committed data file and the generator only; they never run the detector
(the set's figures are measured once, by the integrator).
"""

from __future__ import annotations

import itertools
import json
import sys
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import pytest

from tests.detect.evaluation.scripts import load_script

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "injection_heldout2.py"
DATA = ROOT / "src" / "weir" / "detect" / "evaluation" / "data" / "injection-tools-heldout2.jsonl"


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    return load_script("injection_heldout2")


@pytest.fixture(scope="module")
def docs() -> list[dict[str, object]]:
    with DATA.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def test_a_different_seed_gives_a_different_set(generator: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "other.jsonl"
    generator.main(["--out", str(out), "--seed", "7", "--per-label", "20"])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 40
    assert not set(lines) & set(DATA.read_text(encoding="utf-8").splitlines())


def test_kinds_name_the_goal_and_style_of_attacks_and_the_topic_of_look_alikes(
    docs: list[dict[str, object]],
) -> None:
    attack_styles = {str(d["kind"]).split("/")[1] for d in docs if d["label"] == 1}
    benign_topics = {str(d["kind"]).split("/")[1] for d in docs if d["label"] == 0}
    assert all(str(d["kind"]).startswith("lookalike/") for d in docs if d["label"] == 0)
    assert not any(str(d["kind"]).startswith("lookalike/") for d in docs if d["label"] == 1)
    assert len(attack_styles) >= 12
    assert len(benign_topics) >= 10


def test_phrase_pools_hold_enough_distinct_cores(generator: ModuleType) -> None:
    pools = sys.modules["_injection_heldout2_text"]
    english = {core for cores in pools.ATTACK_CORES.values() for core in cores}
    benign = {core for cores in pools.BENIGN_CORES.values() for core in cores}
    assert len(english) + len(pools.MULTILINGUAL_ATTACKS) >= 80
    assert len(benign) >= 60


def _shingles(text: str) -> set[str]:
    words = text.split()
    return {" ".join(words[i : i + 5]) for i in range(max(1, len(words) - 4))}


def test_no_two_documents_of_a_carrier_are_near_copies(docs: list[dict[str, object]]) -> None:
    assert len({doc["text"] for doc in docs}) == len(docs)
    groups: dict[object, list[set[str]]] = defaultdict(list)
    for doc in docs:
        groups[doc["carrier"]].append(_shingles(str(doc["text"])))
    for shingle_sets in groups.values():
        for a, b in itertools.combinations(shingle_sets, 2):
            assert len(a & b) / len(a | b) < 0.6
