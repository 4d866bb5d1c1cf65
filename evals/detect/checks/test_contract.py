"""The contract every generated injection set keeps, checked once for all of them.

Each set was written by a different data author with its own generator; the generators are deleted
and the files frozen (``manifest.json``: digest and the generator's last commit; ``test_manifest.py``
holds each file to its digest, ``python -m evals.detect.regenerate`` re-runs a generator from history).
What is particular to a set is checked in ``test_particulars.py``. These checks hold every set to the
common contract, at the strictest bound any author used: every line is an object with exactly text,
label, carrier and kind, in the order its generator wrote them; 1,200 documents, 600 of each label;
100 to 8,000 UTF-8 bytes a document; at least 12 carriers, each holding at least 20 documents of each
label; no text twice; no two documents near copies (each set measured the way its author measured,
on the sample its author chose). They never run the detector.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from evals.detect.checks.sets import GENERATED, records, sample
from evals.detect.generators.own import generate as own
from evals.lib.jsonl import DETECT, Record, write_jsonl
from evals.lib.near import char_grams, near_copies, word_grams

# Our own two sets: another format (ids and spans), from one generator of their own (generators/own/).
OWN = {
    "injection-tools-dev.jsonl": ("eval", own.DEV_SEED),
    "injection-tools-holdout.jsonl": ("holdout", own.HOLDOUT_SEED),
}
DOCUMENTS = 1_200
PER_LABEL = 600
MIN_BYTES = 100
MAX_BYTES = 8_000
MIN_CARRIERS = 12
MIN_PER_CARRIER_AND_LABEL = 20
TEXT_FIRST = ("text", "label", "carrier", "kind")
SORTED_KEYS = ("carrier", "kind", "label", "text")
KEYS = dict.fromkeys(GENERATED, TEXT_FIRST) | dict.fromkeys(
    ("fresh6", "fresh10", "fresh11", "heldout2", "heldout4"), SORTED_KEYS
)
WORD = re.compile(r"\w+")
each_set = pytest.mark.parametrize("name", GENERATED)


def _shape_problems(doc: Record, keys: tuple[str, ...]) -> list[str]:
    """What is wrong with one record's keys and value types; empty when it keeps the contract."""
    problems = []
    if tuple(doc) != keys:
        problems.append(f"keys {list(doc)}, expected {list(keys)}")
    if not isinstance(doc.get("text"), str):
        problems.append("text is not a string")
    label = doc.get("label")
    # A bool is an int to isinstance, and True == 1; the contract is the integers 0 and 1 themselves.
    if type(label) is not int or label not in (0, 1):
        problems.append(f"label {label!r} is not 0 or 1")
    for field in ("carrier", "kind"):
        value = doc.get(field)
        if not isinstance(value, str) or not value:
            problems.append(f"{field} {value!r} is not a non-empty string")
    return problems


def _thin_carriers(docs: tuple[Record, ...] | list[Record]) -> dict[str, tuple[int, int]]:
    """Carriers holding fewer than the minimum of either label, with their (benign, injection) counts."""
    per = Counter((str(doc["carrier"]), doc["label"]) for doc in docs)
    counts = {carrier: (per[carrier, 0], per[carrier, 1]) for carrier, _ in per}
    return {carrier: pair for carrier, pair in counts.items() if min(pair) < MIN_PER_CARRIER_AND_LABEL}


@each_set
def test_every_record_has_exactly_text_label_carrier_and_kind_with_the_right_types(name: str) -> None:
    problems = {n: p for n, doc in enumerate(records(name), 1) if (p := _shape_problems(doc, KEYS[name]))}
    assert not problems, f"{len(problems)} bad lines, first: {next(iter(problems.items()), None)}"


@each_set
def test_the_set_holds_1200_documents_600_of_each_label(name: str) -> None:
    docs = records(name)
    assert len(docs) == DOCUMENTS
    assert Counter(doc["label"] for doc in docs) == {0: PER_LABEL, 1: PER_LABEL}


@each_set
def test_every_document_is_between_100_and_8000_utf8_bytes(name: str) -> None:
    sizes = [len(str(doc["text"]).encode("utf-8")) for doc in records(name)]
    assert min(sizes) >= MIN_BYTES
    assert max(sizes) <= MAX_BYTES


@each_set
def test_at_least_12_carriers_each_hold_at_least_20_documents_of_each_label(name: str) -> None:
    docs = records(name)
    assert len({doc["carrier"] for doc in docs}) >= MIN_CARRIERS
    assert _thin_carriers(docs) == {}


@each_set
def test_no_text_appears_twice(name: str) -> None:
    texts = [str(doc["text"]) for doc in records(name)]
    assert len(set(texts)) == len(texts), f"{len(texts) - len(set(texts))} texts repeat an earlier one"


@pytest.mark.parametrize(("file", "pool"), OWN.items())
def test_our_own_sets_are_exactly_what_their_generator_writes(file: str, pool: tuple[str, int], tmp_path: Path) -> None:
    split, seed = pool
    out = tmp_path / file
    assert write_jsonl(out, own.generate(split, 1000, seed)) == 1000
    assert out.read_bytes() == (DETECT / file).read_bytes()


def test_the_table_names_every_generated_set_in_the_data_folder_once() -> None:
    on_disk = {path.name for path in DETECT.glob("injection-tools-*.jsonl")} - set(OWN)
    assert len(set(GENERATED)) == len(GENERATED)
    assert {f"injection-tools-{name}.jsonl" for name in GENERATED} == on_disk


@dataclass(frozen=True)
class NearCopyCheck:
    """How one author checked a set for near copies: which documents, shingled how, and the bound."""

    name: str
    pick: Callable[[tuple[Record, ...]], list[Record]]
    """The documents compared (every one, a fixed sample, every n-th)."""
    shingle: Callable[[str], frozenset[Any]]
    limit: float
    at_limit: bool = True
    """Whether a pair exactly at ``limit`` already counts as a near copy."""
    per_carrier: bool = False
    """Compare only documents of the same carrier."""
    common: int | None = None
    """Shingles held by more documents than this are boilerplate (see ``near_copies``)."""


def _all(docs: tuple[Record, ...]) -> list[Record]:
    return list(docs)


NEAR_COPY_CHECKS = (
    NearCopyCheck("fresh", _all, lambda t: word_grams(t, 5, words=WORD), 0.6, common=40),
    NearCopyCheck("fresh3", lambda d: sample(d, 3, 500), word_grams, 0.5),
    NearCopyCheck("fresh4", _all, lambda t: word_grams(t, lower=False), 0.5, per_carrier=True),
    NearCopyCheck("fresh4-sample", lambda d: sample(d, 0, 300), lambda t: word_grams(t, lower=False), 0.5),
    NearCopyCheck("fresh5", lambda d: sample(d, 5, 350), lambda t: word_grams(t, words=WORD, short=False), 0.5),
    NearCopyCheck("fresh6", lambda d: sample(d, 6, 300), word_grams, 0.5, at_limit=False),
    NearCopyCheck("fresh7", lambda d: sample(d, 8, 400), word_grams, 0.5),
    NearCopyCheck("fresh8", lambda d: list(d[::4]), lambda t: word_grams(t, words=WORD), 0.5),
    NearCopyCheck("fresh9", lambda d: list(d[::2]), lambda t: word_grams(t, words=WORD), 0.4, at_limit=False),
    NearCopyCheck("fresh10", lambda d: sample(d, 7, 400), word_grams, 0.6),
    NearCopyCheck("fresh11", lambda d: list(d[::3]), lambda t: word_grams(t, short=False), 0.6),
    NearCopyCheck("fresh12", lambda d: sample(d, 14, 260), lambda t: word_grams(t, words=WORD, short=False), 0.5),
    NearCopyCheck("fresh13", lambda d: sample(d, 13, 260), char_grams, 0.5),
    NearCopyCheck("fresh13-words", lambda d: sample(d, 13, 260), lambda t: word_grams(t, lower=False), 0.5),
    NearCopyCheck("heldout2", _all, lambda t: word_grams(t, 5, lower=False), 0.6, per_carrier=True),
    NearCopyCheck("heldout3", lambda d: list(d[::2]), word_grams, 0.5),
    NearCopyCheck("heldout4", lambda d: list(d[::3]), word_grams, 0.5, at_limit=False),
)


def test_every_set_has_a_near_copy_check() -> None:
    assert {check.name.split("-")[0] for check in NEAR_COPY_CHECKS} == set(GENERATED)


@pytest.mark.parametrize("check", NEAR_COPY_CHECKS, ids=[check.name for check in NEAR_COPY_CHECKS])
def test_no_two_documents_are_near_copies(check: NearCopyCheck) -> None:
    docs = check.pick(records(check.name.split("-")[0]))
    groups: dict[object, list[Record]] = {}
    for doc in docs:
        groups.setdefault(doc["carrier"] if check.per_carrier else None, []).append(doc)
    for group in groups.values():
        shingled = [check.shingle(str(doc["text"])) for doc in group]
        pairs = near_copies(shingled, check.limit, at_limit=check.at_limit, common=check.common)
        assert pairs == [], [(group[a]["text"][:200], group[b]["text"][:200]) for a, b in pairs[:1]]


def test_the_shape_check_names_each_way_a_record_can_break_the_contract() -> None:
    good: Record = {"text": "x" * 120, "label": 1, "carrier": "email", "kind": "attack"}
    assert _shape_problems(good, TEXT_FIRST) == []
    assert _shape_problems(good, SORTED_KEYS) == [f"keys {list(TEXT_FIRST)}, expected {list(SORTED_KEYS)}"]
    broken: Record = {"text": 7, "label": True, "carrier": "", "kind": None}
    assert _shape_problems(broken, TEXT_FIRST) == [
        "text is not a string",
        "label True is not 0 or 1",
        "carrier '' is not a non-empty string",
        "kind None is not a non-empty string",
    ]
    assert _shape_problems({"text": "t", "label": 0, "carrier": "c"}, TEXT_FIRST)[0].startswith("keys")


def test_the_carrier_check_reports_a_carrier_short_of_either_label() -> None:
    full: list[Record] = [
        {"carrier": "a", "label": label} for label in (0, 1) for _ in range(MIN_PER_CARRIER_AND_LABEL)
    ]
    thin: list[Record] = [{"carrier": "b", "label": 0}] * MIN_PER_CARRIER_AND_LABEL + [{"carrier": "b", "label": 1}]
    assert _thin_carriers(full) == {}
    assert _thin_carriers(full + thin) == {"b": (MIN_PER_CARRIER_AND_LABEL, 1)}
