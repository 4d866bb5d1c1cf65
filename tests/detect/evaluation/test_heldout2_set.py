"""The second held-out injection set is reproducible, balanced, varied and well-formed.

These tests read the committed data file and the generator only; they never run the detector
(the set's figures are measured once, by the integrator).
"""

from __future__ import annotations

import itertools
import json
import sys
from collections import Counter, defaultdict
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


def test_committed_file_is_exactly_what_the_generator_writes(generator: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "heldout2.jsonl"
    generator.main(["--out", str(out)])
    assert out.read_bytes() == DATA.read_bytes()


def test_a_different_seed_gives_a_different_set(generator: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "other.jsonl"
    generator.main(["--out", str(out), "--seed", "7", "--per-label", "20"])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 40
    assert not set(lines) & set(DATA.read_text(encoding="utf-8").splitlines())


def test_every_line_has_exactly_the_four_fields_with_the_right_types(docs: list[dict[str, object]]) -> None:
    for doc in docs:
        assert set(doc) == {"text", "label", "carrier", "kind"}
        assert isinstance(doc["text"], str)
        assert doc["label"] in (0, 1)
        assert isinstance(doc["carrier"], str)
        assert isinstance(doc["kind"], str)


def test_the_set_has_at_least_a_thousand_documents_half_of_them_injections(docs: list[dict[str, object]]) -> None:
    labels = Counter(doc["label"] for doc in docs)
    assert len(docs) >= 1_000
    assert labels[0] == labels[1]


def test_documents_are_between_100_bytes_and_8_kilobytes(docs: list[dict[str, object]]) -> None:
    sizes = [len(str(doc["text"]).encode()) for doc in docs]
    assert min(sizes) >= 100
    assert max(sizes) <= 8_000


def test_at_least_twelve_carriers_each_holding_both_labels(docs: list[dict[str, object]]) -> None:
    by_carrier: dict[object, Counter[object]] = defaultdict(Counter)
    for doc in docs:
        by_carrier[doc["carrier"]][doc["label"]] += 1
    assert len(by_carrier) >= 12
    for counts in by_carrier.values():
        assert counts[0] >= 20
        assert counts[1] >= 20


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
