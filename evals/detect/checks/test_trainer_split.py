"""The trainer's split of the fresh set: fresh-train is trained on, fresh-val chooses the threshold.

``scripts/train_injection.py`` is a maintainer tool, not part of Weir; it is loaded from ``scripts/``.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def trainer() -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_injection

    return train_injection


def test_the_halves_are_disjoint_cover_the_set_and_are_stratified_by_carrier_and_label(trainer: ModuleType) -> None:
    train, val = trainer.fresh_split()
    lines = trainer.FRESH.read_text(encoding="utf-8").splitlines()
    assert len(train) + len(val) == len(lines)
    assert not {r["text"] for r in train} & {r["text"] for r in val}
    cells_train = Counter((r["carrier"], r["label"]) for r in train)
    cells_val = Counter((r["carrier"], r["label"]) for r in val)
    assert set(cells_train) == set(cells_val)
    for cell, count in cells_train.items():
        assert count - cells_val[cell] in (0, 1)


def test_the_split_depends_only_on_the_texts_not_on_their_order(trainer: ModuleType, tmp_path: Path) -> None:
    lines = trainer.FRESH.read_text(encoding="utf-8").splitlines()
    shuffled = tmp_path / "shuffled.jsonl"
    shuffled.write_text("\n".join(reversed(lines)) + "\n", encoding="utf-8")
    train, _ = trainer.fresh_split()
    again, _ = trainer.fresh_split(shuffled)
    assert sorted(r["text"] for r in train) == sorted(r["text"] for r in again)


def test_focus_keeps_only_the_top_windows_of_injected_span_less_documents(trainer: ModuleType) -> None:
    train, _ = trainer.fresh_split()
    long_injected = [r for r in train if r["label"] == 1 and len(r["text"]) > 2000][:3]
    examples = trainer.fresh_examples(long_injected) + trainer.short_records(6, seed=1)
    data = trainer.featurize(examples)
    prior = np.random.default_rng(0).normal(size=1 << trainer.BITS)
    focused = trainer.focus_spanless(data, prior, keep=2)
    spanless = (focused["source"] == "fresh") & (focused["y"] == 1)
    assert Counter(focused["doc"][spanless].tolist()) == {0: 2, 1: 2, 2: 2}
    others = data["source"] != "fresh"
    assert (focused["source"] != "fresh").sum() == others.sum()
    # The kept windows are the highest-scoring ones, with their features intact.
    before = np.bincount(data["row"], weights=prior[data["col"]] * data["val"], minlength=data["y"].size)
    after = np.bincount(focused["row"], weights=prior[focused["col"]] * focused["val"], minlength=focused["y"].size)
    for doc in range(3):
        top = np.sort(before[(data["doc"] == doc) & (data["source"] == "fresh")])[-2:]
        assert np.allclose(np.sort(after[spanless & (focused["doc"] == doc)]), top)
