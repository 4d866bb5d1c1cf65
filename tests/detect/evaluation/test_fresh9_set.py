"""The fresh-9 injection set: reproducible from its generator, balanced, well formed and free of near copies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.detect.evaluation.scripts import load_script

DATA = Path(__file__).resolve().parents[3] / "src/weir/detect/evaluation/data/injection-tools-fresh9.jsonl"


@pytest.fixture(scope="module")
def records() -> list[dict[str, object]]:
    """Every record of the committed file."""
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def test_injection_and_benign_kinds_never_share_a_name(records: list[dict[str, object]]) -> None:
    kinds = {label: {r["kind"] for r in records if r["label"] == label} for label in (0, 1)}
    assert len(kinds[1]) >= 10
    assert len(kinds[0]) >= 10
    assert not kinds[0] & kinds[1]


def test_the_phrase_pools_hold_at_least_80_attack_and_60_benign_cores() -> None:
    attacks = load_script("_injection_fresh9_attacks")
    benign = load_script("_injection_fresh9_benign")
    attack_count = sum(len(c) for c in attacks.ATTACKS.values()) + len(attacks.SPLIT_ATTACKS)
    assert attack_count >= 80
    assert sum(len(c) for c in benign.BENIGN.values()) >= 60


def test_no_two_documents_are_near_copies_by_word_8_gram_jaccard(records: list[dict[str, object]]) -> None:
    generator = load_script("injection_fresh9")
    grams = [generator.shingles(str(r["text"])) for r in records[::2]]
    worst = 0.0
    for i, a in enumerate(grams):
        for b in grams[i + 1 :]:
            shared = len(a & b)
            if shared:
                worst = max(worst, shared / len(a | b))
    assert worst <= generator.MAX_JACCARD


def test_the_near_copy_index_rejects_a_reworded_duplicate_and_accepts_a_different_text() -> None:
    generator = load_script("injection_fresh9")
    index = generator.NearCopyIndex()
    base = "the parcel left the depot in the morning and reached the customer before noon on friday as promised"
    index.add(generator.shingles(base))
    assert index.near_copy(generator.shingles(base + " thanks"))
    assert not index.near_copy(
        generator.shingles("quarterly revenue rose four percent while churn stayed flat overall")
    )
