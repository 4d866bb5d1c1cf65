"""What is particular to each frozen injection set: its kinds, its balance, its own rules.

Each check keeps the bound the set's author chose, on the committed records; none runs the detector.
The checks of a generator's own internals (its phrase pools, another seed's output, its template
filler) were retired with the generators: they held at the commit ``manifest.json`` names.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter

import pytest

from evals.detect.checks.sets import records

KINDS = {"fresh3": (1, 15), "fresh5": (12, 12), "fresh6": (10, 10), "fresh7": (10, 15), "fresh9": (10, 10)}
KINDS |= {"fresh12": (10, 8), "heldout3": (15, 15)}
"""How many kinds each set names at least: (attack styles or goals, benign topics)."""
SHARED_KINDS = {"heldout3"}
"""Sets where a benign document may carry a style's name (a signature, an alt text) as its kind."""


@pytest.mark.parametrize("name", sorted(KINDS))
def test_attack_and_benign_kinds_are_many_and_never_share_a_name(name: str) -> None:
    kinds = {label: {doc["kind"] for doc in records(name) if doc["label"] == label} for label in (0, 1)}
    least_attack, least_benign = KINDS[name]
    assert len(kinds[1]) >= least_attack
    assert len(kinds[0]) >= least_benign
    assert name in SHARED_KINDS or not kinds[0] & kinds[1]


BALANCE = {"fresh": 2, "fresh5": 1, "fresh12": 0, "heldout4": 0}
"""Sets whose carriers hold both labels in (near) equal numbers: the largest difference allowed."""


@pytest.mark.parametrize("name", sorted(BALANCE))
def test_every_carrier_holds_both_labels_in_near_equal_numbers(name: str) -> None:
    per = Counter((doc["carrier"], doc["label"]) for doc in records(name))
    for carrier in {carrier for carrier, _ in per}:
        assert abs(per[carrier, 0] - per[carrier, 1]) <= BALANCE[name], carrier


def test_fresh3_length_does_not_give_the_label_away() -> None:
    docs = records("fresh3")
    medians = [statistics.median(len(d["text"]) for d in docs if d["label"] == label) for label in (0, 1)]
    assert max(medians) / min(medians) < 1.5


def test_fresh4_has_short_and_long_documents_and_kinds_name_style_goal_and_topic() -> None:
    docs = records("fresh4")
    sizes = [len(str(doc["text"]).encode()) for doc in docs]
    assert sum(size < 300 for size in sizes) >= 20
    assert sum(size > 3_000 for size in sizes) >= 10
    attacks = [str(d["kind"]).split("/") for d in docs if d["label"] == 1]
    benign = [str(d["kind"]).split("/") for d in docs if d["label"] == 0]
    assert all(len(parts) == 3 and parts[0] == "attack" for parts in attacks)
    assert all(len(parts) == 2 and parts[0] == "lookalike" for parts in benign)
    assert len({parts[1] for parts in attacks}) >= 15
    assert len({parts[2] for parts in attacks}) >= 12
    assert len({parts[1] for parts in benign}) >= 12


def test_fresh6_leaves_no_slot_unfilled_and_fresh13_no_placeholder() -> None:
    assert not [d for d in records("fresh6") if re.search(r"<<\w+>>", str(d["text"]))]
    for doc in records("fresh13"):
        assert "{mail}" not in doc["text"]
        assert "{amt}" not in doc["text"]
        assert "||" not in doc["text"]


def test_fresh8_japanese_and_chinese_text_appears_under_both_labels() -> None:
    for label in (0, 1):
        texts = [str(doc["text"]) for doc in records("fresh8") if doc["label"] == label]
        assert any(re.search("[\u3040-\u30ff]", t) for t in texts)  # kana: Japanese
        assert any("请" in t or "用户" in t or "请勿" in t for t in texts)


def test_fresh13_most_documents_are_written_mainly_in_a_script_other_than_latin() -> None:
    def non_latin_share(text: str) -> float:
        letters = [ch for ch in text if ch.isalpha()]
        return sum(not ch.isascii() for ch in letters) / max(1, len(letters))

    shares = [non_latin_share(str(doc["text"])) for doc in records("fresh13")]
    assert sum(share > 0.5 for share in shares) >= 0.75 * len(shares)


def test_heldout2_kinds_name_the_goal_and_style_of_attacks_and_the_topic_of_look_alikes() -> None:
    docs = records("heldout2")
    assert all(str(d["kind"]).startswith("lookalike/") for d in docs if d["label"] == 0)
    assert not any(str(d["kind"]).startswith("lookalike/") for d in docs if d["label"] == 1)
    assert len({str(d["kind"]).split("/")[1] for d in docs if d["label"] == 1}) >= 12
    assert len({str(d["kind"]).split("/")[1] for d in docs if d["label"] == 0}) >= 10


def test_heldout3_attack_styles_are_many() -> None:
    docs = records("heldout3")
    attack_kinds = Counter(d["kind"] for d in docs if d["label"] == 1)
    for kind in ("split", "speaker_turn", "signature", "policy", "workflow_note", "multilingual", "obfuscated"):
        assert attack_kinds[kind] >= 3, kind
