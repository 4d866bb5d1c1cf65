"""The contract every generated injection evaluation set keeps, checked once for all of them.

Each set in ``src/weir/detect/evaluation/data/`` was written by a different data author with a generator
in ``scripts/``; what is particular to a set (seeds, phrase pools, kinds, languages, near copies) is tested in
its own ``test_<name>_set.py``. These tests hold every set to the common contract, at the strictest bound any
of those modules used: the committed file is byte for byte what its generator writes (and the generator
returns what it always did); every line is an object with exactly text, label, carrier and kind, in the order
its generator writes them; 1,200 documents, 600 of each label; 100 to 8,000 UTF-8 bytes a document; at least
12 carriers, each holding at least 20 documents of each label; no text twice. They never run the detector.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from tests.detect.evaluation.scripts import SCRIPTS, load_script

DATA_DIR = SCRIPTS.parent / "src" / "weir" / "detect" / "evaluation" / "data"
# Our own sets: written by hand with spans and ids, a different format with its own tests.
NOT_GENERATED = {"injection-tools-dev.jsonl", "injection-tools-holdout.jsonl"}

DOCUMENTS = 1_200
PER_LABEL = 600
MIN_BYTES = 100
MAX_BYTES = 8_000
MIN_CARRIERS = 12
MIN_PER_CARRIER_AND_LABEL = 20

TEXT_FIRST = ("text", "label", "carrier", "kind")
SORTED_KEYS = ("carrier", "kind", "label", "text")

Document = dict[str, object]


def _main_with_path(generator: ModuleType, out: Path) -> object:
    return generator.main([str(out)])


def _main_with_out_option(generator: ModuleType, out: Path) -> object:
    return generator.main(["--out", str(out)])


def _write(generator: ModuleType, out: Path) -> object:
    return generator.write(out)


@dataclass(frozen=True)
class InjectionSet:
    """One generated set: its data file, the script that writes it, and how that script is called."""

    name: str
    data: str
    """File name under ``DATA_DIR``."""
    script: str
    """Module name of the generator under ``scripts/``."""
    rerun: Callable[[ModuleType, Path], object]
    """Writes the set to the given path with the generator's defaults; returns what the generator returns."""
    returns: object
    """What ``rerun`` returns when it has written the set (an exit status, a count, or nothing)."""
    keys: tuple[str, ...]
    """The keys of every record, in the order the generator writes them."""


SETS = (
    InjectionSet("fresh", "injection-tools-fresh.jsonl", "injection_fresh", _main_with_path, None, TEXT_FIRST),
    InjectionSet("fresh3", "injection-tools-fresh3.jsonl", "injection_fresh3", _write, DOCUMENTS, TEXT_FIRST),
    InjectionSet("fresh4", "injection-tools-fresh4.jsonl", "injection_fresh4", _main_with_out_option, 0, TEXT_FIRST),
    InjectionSet("fresh5", "injection-tools-fresh5.jsonl", "injection_fresh5", _main_with_path, 0, TEXT_FIRST),
    InjectionSet("fresh6", "injection-tools-fresh6.jsonl", "injection_fresh6", _main_with_path, 0, SORTED_KEYS),
    InjectionSet("fresh7", "injection-tools-fresh7.jsonl", "injection_fresh7", _main_with_path, 0, TEXT_FIRST),
    InjectionSet("fresh8", "injection-tools-fresh8.jsonl", "injection_fresh8", _main_with_path, 0, TEXT_FIRST),
    InjectionSet("fresh9", "injection-tools-fresh9.jsonl", "injection_fresh9", _main_with_path, 0, TEXT_FIRST),
    InjectionSet("fresh10", "injection-tools-fresh10.jsonl", "injection_fresh10", _main_with_path, 0, SORTED_KEYS),
    InjectionSet("fresh11", "injection-tools-fresh11.jsonl", "injection_fresh11", _main_with_path, 0, SORTED_KEYS),
    InjectionSet("fresh12", "injection-tools-fresh12.jsonl", "injection_fresh12", _main_with_path, 0, TEXT_FIRST),
    InjectionSet("fresh13", "injection-tools-fresh13.jsonl", "injection_fresh13", _main_with_path, 0, TEXT_FIRST),
    InjectionSet(
        "heldout2", "injection-tools-heldout2.jsonl", "injection_heldout2", _main_with_out_option, 0, SORTED_KEYS
    ),
    InjectionSet(
        "heldout3", "injection-tools-heldout3.jsonl", "injection_heldout3", _main_with_out_option, 0, TEXT_FIRST
    ),
    InjectionSet("heldout4", "injection-tools-heldout4.jsonl", "injection_heldout4", _main_with_path, 0, SORTED_KEYS),
)

each_set = pytest.mark.parametrize("spec", SETS, ids=[spec.name for spec in SETS])


@cache
def _documents(data: str) -> tuple[Document, ...]:
    """The parsed lines of a committed set, read once per test session (every line must be an object)."""
    lines = (DATA_DIR / data).read_text(encoding="utf-8").splitlines()
    parsed = [json.loads(line) for line in lines]
    strays = [number for number, value in enumerate(parsed, 1) if not isinstance(value, dict)]
    assert not strays, f"{data}: lines {strays[:5]} are not JSON objects"
    return tuple(parsed)


def _shape_problems(doc: Document, keys: tuple[str, ...]) -> list[str]:
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


def _thin_carriers(docs: tuple[Document, ...] | list[Document]) -> dict[str, tuple[int, int]]:
    """Carriers holding fewer than the minimum of either label, with their (benign, injection) counts."""
    per = Counter((str(doc["carrier"]), doc["label"]) for doc in docs)
    carriers = {carrier for carrier, _ in per}
    counts = {carrier: (per[carrier, 0], per[carrier, 1]) for carrier in carriers}
    return {carrier: pair for carrier, pair in counts.items() if min(pair) < MIN_PER_CARRIER_AND_LABEL}


@each_set
def test_the_committed_file_is_exactly_what_its_generator_writes(spec: InjectionSet, tmp_path: Path) -> None:
    out = tmp_path / spec.data
    assert spec.rerun(load_script(spec.script), out) == spec.returns
    assert out.read_bytes() == (DATA_DIR / spec.data).read_bytes()


@each_set
def test_every_record_has_exactly_text_label_carrier_and_kind_with_the_right_types(spec: InjectionSet) -> None:
    problems = {n: p for n, doc in enumerate(_documents(spec.data), 1) if (p := _shape_problems(doc, spec.keys))}
    assert not problems, f"{len(problems)} bad lines, first: {next(iter(problems.items()), None)}"


@each_set
def test_the_set_holds_1200_documents_600_of_each_label(spec: InjectionSet) -> None:
    docs = _documents(spec.data)
    assert len(docs) == DOCUMENTS
    assert Counter(doc["label"] for doc in docs) == {0: PER_LABEL, 1: PER_LABEL}


@each_set
def test_every_document_is_between_100_and_8000_utf8_bytes(spec: InjectionSet) -> None:
    sizes = [len(str(doc["text"]).encode("utf-8")) for doc in _documents(spec.data)]
    assert min(sizes) >= MIN_BYTES
    assert max(sizes) <= MAX_BYTES


@each_set
def test_at_least_12_carriers_each_hold_at_least_20_documents_of_each_label(spec: InjectionSet) -> None:
    docs = _documents(spec.data)
    assert len({doc["carrier"] for doc in docs}) >= MIN_CARRIERS
    assert _thin_carriers(docs) == {}


@each_set
def test_no_text_appears_twice(spec: InjectionSet) -> None:
    texts = [str(doc["text"]) for doc in _documents(spec.data)]
    assert len(set(texts)) == len(texts), f"{len(texts) - len(set(texts))} texts repeat an earlier one"


def test_the_table_names_every_generated_set_in_the_data_folder_once() -> None:
    on_disk = {path.name for path in DATA_DIR.glob("injection-tools-*.jsonl")} - NOT_GENERATED
    in_table = [spec.data for spec in SETS]
    assert len(set(in_table)) == len(in_table)
    assert len({spec.name for spec in SETS}) == len(SETS)
    assert set(in_table) == on_disk


def test_the_shape_check_names_each_way_a_record_can_break_the_contract() -> None:
    good: Document = {"text": "x" * 120, "label": 1, "carrier": "email", "kind": "attack"}
    assert _shape_problems(good, TEXT_FIRST) == []
    assert _shape_problems(good, SORTED_KEYS) == [f"keys {list(TEXT_FIRST)}, expected {list(SORTED_KEYS)}"]
    broken: Document = {"text": 7, "label": True, "carrier": "", "kind": None}
    assert _shape_problems(broken, TEXT_FIRST) == [
        "text is not a string",
        "label True is not 0 or 1",
        "carrier '' is not a non-empty string",
        "kind None is not a non-empty string",
    ]
    assert _shape_problems({"text": "t", "label": 0, "carrier": "c"}, TEXT_FIRST)[0].startswith("keys")


def test_the_carrier_check_reports_a_carrier_short_of_either_label() -> None:
    full: list[Document] = [
        {"carrier": "a", "label": label} for label in (0, 1) for _ in range(MIN_PER_CARRIER_AND_LABEL)
    ]
    thin: list[Document] = [{"carrier": "b", "label": 0}] * MIN_PER_CARRIER_AND_LABEL + [{"carrier": "b", "label": 1}]
    assert _thin_carriers(full) == {}
    assert _thin_carriers(full + thin) == {"b": (MIN_PER_CARRIER_AND_LABEL, 1)}
