"""What is particular to each generated injection set: its pools, its kinds, its balance, its own rules.

Each check keeps the bound the set's author chose; none runs the detector.
"""

from __future__ import annotations

import json
import re
import statistics
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from evals.detect.checks.sets import generator, records
from evals.lib.jsonl import Record, write_jsonl

Cores = tuple[set[str] | list[str], set[str] | list[str]]


def _texts(cores: Any, at: int = 1) -> list[str]:
    return [core[at] for core in cores]


def _grouped(groups: dict[str, Any]) -> list[str]:
    return [core for cores in groups.values() for core in cores]


POOLS: dict[str, Callable[[Any], Cores]] = {
    "fresh": lambda g: (
        _grouped(g.T.ATTACKS) + _grouped(g.T.FOREIGN_CORES), _grouped(g.T.BENIGN)),
    "fresh3": lambda g: (
        set(g.T.ATTACK_CORES) | set(g.T.MULTILINGUAL_CORES) | set(g.T.TOOL_CALLS), set(_texts(g.T.BENIGN_CORES))),
    "fresh4": lambda g: (set(_grouped(g.T.ATTACK_CORES)), set(_grouped(g.T.BENIGN_CORES))),
    "fresh5": lambda g: (set(_texts(g.T.ATTACK_CORES)), set(_texts(g.T.BENIGN_CORES))),
    "fresh6": lambda g: (set(_texts(g.P.ATTACKS + g.P.SUBTLE + g.P.MULTILINGUAL)), set(_texts(g.P.BENIGN))),
    "fresh7": lambda g: (_texts(g.P.ATTACKS, 2), _texts(g.P.BENIGN)),
    "fresh8": lambda g: (set(_texts(g.P.ATTACKS_EN + g.P.ATTACKS_INTL)), set(_texts(g.P.BENIGN_EN + g.P.BENIGN_INTL))),
    "fresh9": lambda g: (_grouped(g.P.ATTACKS) + list(g.P.SPLIT_ATTACKS), _grouped(g.P.BENIGN)),
    "fresh10": lambda g: (set(_texts(g.attacks.ATTACKS, 2)), set(_texts(g.benign.BENIGN, 2))),
    "fresh11": lambda g: (set(_texts(g.ATTACK_CORES)), set(_texts(g.BENIGN_CORES))),
    "fresh12": lambda g: (set(_texts(g.P.ATTACKS)), set(_texts(g.P.BENIGN))),
    "heldout2": lambda g: (
        set(_grouped(g.T.ATTACK_CORES)) | set(g.T.MULTILINGUAL_ATTACKS), set(_grouped(g.T.BENIGN_CORES))),
    "heldout3": lambda g: (_texts(g.T.ATTACK_CORES), _texts(g.T.BENIGN_CORES)),
    "heldout4": lambda g: (
        set(_texts(g.ATTACKS, 2)) | {a + b for _, a, b in g.P.SPLIT_ATTACKS}, set(_texts(g.BENIGN))),
}  # fmt: skip
"""Each set's attack and benign cores, counted the way its author counted them."""
DISJOINT = {"fresh6", "fresh8", "heldout4"}
"""Sets whose author also asked that no core be both an attack and a look-alike."""
UNIQUE = {"fresh7", "heldout3"}
"""Sets whose author also asked that no core be written twice."""
COUNTED = {"fresh", "fresh7", "fresh9"}
"""Sets whose author counted cores as written, not distinct ones."""


@pytest.mark.parametrize("name", sorted(POOLS))
def test_the_phrase_pools_hold_at_least_80_attack_and_60_benign_cores(name: str) -> None:
    attacks, benign = POOLS[name](generator(name))
    count: Callable[[Any], int] = len if name in COUNTED else lambda cores: len(set(cores))
    assert count(attacks) >= 80
    assert count(benign) >= 60
    if name in DISJOINT:
        assert not set(attacks) & set(benign)
    if name in UNIQUE:
        assert len(set(attacks)) == len(attacks)
        assert len(set(benign)) == len(benign)


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


def _lines(docs: list[Record], tmp_path: Path) -> list[str]:
    out = tmp_path / "other.jsonl"
    write_jsonl(out, docs)
    return out.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize(
    ("name", "other"),
    [("fresh", {"seed": 1, "per_label": 20}), ("fresh4", {"seed": 11, "per_label": 30}),
     ("heldout2", {"seed": 7, "per_label": 20})],
)  # fmt: skip
def test_another_seed_gives_another_balanced_set(name: str, other: dict[str, int], tmp_path: Path) -> None:
    build = generator(name).build
    lines = _lines(build(**other), tmp_path)
    assert Counter(json.loads(line)["label"] for line in lines) == {0: other["per_label"], 1: other["per_label"]}
    assert not set(lines) & {json.dumps(doc, ensure_ascii=False) for doc in records(name)}
    assert lines == _lines(build(**other), tmp_path)


def test_heldout3_another_seed_gives_another_set() -> None:
    build = generator("heldout3").build
    assert [d["text"] for d in build(seed=1)[:20]] != [d["text"] for d in build(seed=2)[:20]]


def test_fresh_kinds_are_attack_styles_for_injections_and_genres_for_look_alikes() -> None:
    gen, docs = generator("fresh"), records("fresh")
    assert {d["kind"] for d in docs if d["label"] == 1} == set(gen.GENERIC_STYLES) | set(gen.CARRIER_STYLES)
    assert {d["kind"] for d in docs if d["label"] == 0} == set(gen.T.BENIGN)
    assert len(gen.T.FILLER) >= 50


def test_fresh_markup_styles_only_appear_in_carriers_that_can_hold_them() -> None:
    styles = generator("fresh").CARRIER_STYLES
    for doc in records("fresh"):
        where = styles.get(doc["kind"])
        if doc["label"] == 1 and where is not None:
            assert doc["carrier"] in where


def test_fresh3_uses_every_style_and_its_length_does_not_give_the_label_away() -> None:
    docs = records("fresh3")
    assert {d["kind"] for d in docs if d["label"] == 1} == set(generator("fresh3").STYLES)
    medians = [statistics.median(len(d["text"]) for d in docs if d["label"] == label) for label in (0, 1)]
    assert max(medians) / min(medians) < 1.5


def test_fresh3_a_template_with_an_unknown_slot_is_rejected() -> None:
    fill = generator("fresh3").fill
    with pytest.raises(KeyError):
        fill("send it to {nonexistent_slot}", {"email": "x@example.com"})
    assert fill("keep {chat_history} for {email}", {"email": "a@b.c"}) == "keep {chat_history} for a@b.c"


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
    assert len({text for _, text in generator("fresh4").T.MULTILINGUAL_ATTACKS}) >= 20


def test_fresh4_every_attack_core_appears_and_no_look_alike_carries_one() -> None:
    pools, docs = generator("fresh4").T, records("fresh4")
    attack_text = " ".join(str(d["text"]) for d in docs if d["label"] == 1).lower()
    cores = [core for group in pools.ATTACK_CORES.values() for core in group]
    for core in cores:
        # The first three words survive every style except letter spacing, random case and splits.
        assert " ".join(core.split("{")[0].split()[:3]).lower() in attack_text, core
    fragments = [
        max(core.split("{"), key=len).strip() for core in [*cores, *(t for _, t in pools.MULTILINGUAL_ATTACKS)]
    ]
    for doc in docs:
        if doc["label"] == 0:
            assert not any(fragment in str(doc["text"]) for fragment in fragments)


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


def test_fresh10_cores_come_in_six_languages_under_both_labels() -> None:
    gen = generator("fresh10")
    assert {lang for _, lang, _ in gen.attacks.ATTACKS} == {"en", "de", "fr", "es", "pl", "tr"}
    assert {lang for _, lang, _ in gen.benign.BENIGN} == {"en", "de", "fr", "es", "pl", "tr"}


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


def test_heldout3_benign_documents_never_carry_an_attacker_domain_and_styles_are_many() -> None:
    domains, docs = generator("heldout3").T.ATK_DOMAIN, records("heldout3")
    # Attacker domains appear only in attack cores, so a hit means an attack leaked into a label-0 document.
    for doc in docs:
        if doc["label"] == 0:
            assert not any(domain in doc["text"] for domain in domains), doc["text"][:200]
    attack_kinds = Counter(d["kind"] for d in docs if d["label"] == 1)
    for kind in ("split", "speaker_turn", "signature", "policy", "workflow_note", "multilingual", "obfuscated"):
        assert attack_kinds[kind] >= 3, kind
