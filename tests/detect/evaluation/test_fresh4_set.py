"""The fourth independent injection set is reproducible, balanced, varied and well-formed.

These tests read the committed data file and the generator only; they never run the detector
(the set is validation data and its figures are measured by the integrator).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path
from types import ModuleType

import pytest

from tests.detect.evaluation.scripts import load_script

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "injection_fresh4.py"
DATA = ROOT / "src" / "weir" / "detect" / "evaluation" / "data" / "injection-tools-fresh4.jsonl"

Doc = dict[str, object]


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    return load_script("injection_fresh4")


@pytest.fixture(scope="module")
def docs() -> list[Doc]:
    with DATA.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def _shingles(text: str, n: int = 8) -> set[str]:
    words = text.split()
    return {" ".join(words[i : i + n]) for i in range(max(1, len(words) - n + 1))}


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b)


def test_a_different_seed_gives_a_different_balanced_set(generator: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "other.jsonl"
    generator.main(["--out", str(out), "--seed", "11", "--per-label", "30"])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert Counter(json.loads(line)["label"] for line in lines) == {0: 30, 1: 30}
    assert not set(lines) & set(DATA.read_text(encoding="utf-8").splitlines())


def test_documents_are_between_100_bytes_and_8_kilobytes_with_short_and_long_ones(docs: list[Doc]) -> None:
    sizes = [len(str(doc["text"]).encode()) for doc in docs]
    assert min(sizes) >= 100
    assert max(sizes) <= 8_000
    assert sum(size < 300 for size in sizes) >= 20
    assert sum(size > 3_000 for size in sizes) >= 10


def test_kinds_name_style_and_goal_of_attacks_and_the_topic_of_look_alikes(docs: list[Doc]) -> None:
    attacks = [str(d["kind"]).split("/") for d in docs if d["label"] == 1]
    benign = [str(d["kind"]).split("/") for d in docs if d["label"] == 0]
    assert all(len(parts) == 3 and parts[0] == "attack" for parts in attacks)
    assert all(len(parts) == 2 and parts[0] == "lookalike" for parts in benign)
    assert len({parts[1] for parts in attacks}) >= 15
    assert len({parts[2] for parts in attacks}) >= 12
    assert len({parts[1] for parts in benign}) >= 12


def test_phrase_pools_hold_enough_distinct_cores(generator: ModuleType) -> None:
    pools = sys.modules["_injection_fresh4_text"]
    english = {core for cores in pools.ATTACK_CORES.values() for core in cores}
    foreign = {text for _, text in pools.MULTILINGUAL_ATTACKS}
    benign = {core for cores in pools.BENIGN_CORES.values() for core in cores}
    assert len(english) >= 80
    assert len(foreign) >= 20
    assert len(benign) >= 60


def test_every_attack_core_appears_in_the_set(generator: ModuleType, docs: list[Doc]) -> None:
    pools = sys.modules["_injection_fresh4_text"]
    attack_text = " ".join(str(d["text"]) for d in docs if d["label"] == 1)
    for cores in pools.ATTACK_CORES.values():
        for core in cores:
            # The first three words survive every style except letter spacing, random case and splits.
            opening = " ".join(core.split("{")[0].split()[:3])
            assert opening.lower() in attack_text.lower(), core


def test_look_alikes_never_carry_an_attack_core(generator: ModuleType, docs: list[Doc]) -> None:
    pools = sys.modules["_injection_fresh4_text"]
    cores = [core for group in pools.ATTACK_CORES.values() for core in group]
    cores += [text for _, text in pools.MULTILINGUAL_ATTACKS]
    fragments = [max(core.split("{"), key=len).strip() for core in cores]
    for doc in docs:
        if doc["label"] == 0:
            assert not any(fragment in str(doc["text"]) for fragment in fragments)


def test_no_two_documents_of_a_carrier_are_near_copies(docs: list[Doc]) -> None:
    assert len({doc["text"] for doc in docs}) == len(docs)
    groups: dict[object, list[set[str]]] = defaultdict(list)
    for doc in docs:
        groups[doc["carrier"]].append(_shingles(str(doc["text"])))
    for shingle_sets in groups.values():
        for a, b in itertools.combinations(shingle_sets, 2):
            assert _jaccard(a, b) < 0.5


def test_a_sample_of_documents_across_carriers_has_no_near_copies(docs: list[Doc]) -> None:
    sample = random.Random(0).sample([_shingles(str(doc["text"])) for doc in docs], 300)
    for a, b in itertools.combinations(sample, 2):
        assert _jaccard(a, b) < 0.5
