"""The fresh7 injection set (author 8): reproducible, balanced, well-formed and free of near copies."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from tests.detect.evaluation.scripts import load_script

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-fresh7.jsonl"


def _records() -> list[dict[str, object]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def _grams(text: str) -> set[tuple[str, ...]]:
    words = text.lower().split()
    return {tuple(words[i : i + 8]) for i in range(max(1, len(words) - 7))}


def test_the_committed_file_is_exactly_what_the_generator_writes(tmp_path: Path) -> None:
    out = tmp_path / "fresh7.jsonl"
    assert load_script("injection_fresh7").main([str(out)]) == 0
    assert out.read_bytes() == DATA.read_bytes()


def test_every_line_is_a_document_with_text_label_carrier_and_kind() -> None:
    for record in _records():
        assert list(record) == ["text", "label", "carrier", "kind"]
        assert record["label"] in (0, 1)
        assert isinstance(record["text"], str)
        assert isinstance(record["carrier"], str)
        assert isinstance(record["kind"], str)
        assert record["carrier"]
        assert record["kind"]


def test_the_set_has_1200_documents_half_of_them_injections() -> None:
    labels = Counter(record["label"] for record in _records())
    assert labels == {0: 600, 1: 600}


def test_every_document_is_between_100_bytes_and_8_kilobytes() -> None:
    sizes = [len(str(record["text"]).encode()) for record in _records()]
    assert min(sizes) >= 100
    assert max(sizes) <= 8000


def test_each_of_at_least_12_carriers_holds_both_injections_and_benign_look_alikes() -> None:
    by_carrier = Counter((record["carrier"], record["label"]) for record in _records())
    carriers = {carrier for carrier, _ in by_carrier}
    assert len(carriers) >= 12
    for carrier in carriers:
        assert by_carrier[(carrier, 0)] >= 20
        assert by_carrier[(carrier, 1)] >= 20


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


def test_no_two_documents_are_exact_copies() -> None:
    texts = [record["text"] for record in _records()]
    assert len(set(texts)) == len(texts)


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
