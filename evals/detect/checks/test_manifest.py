"""Every data file of ``evals/detect`` is the one ``manifest.json`` describes: frozen, attributed, licensed.

A file whose bytes changed fails here with its name (a result that moved with the data, not with the
detector, would otherwise pass unnoticed). A frozen set's generator must be reachable in the
repository's history at the commit the manifest names, so that ``python -m evals.detect.regenerate``
can re-run it; its module must no longer be in the tree (one source of truth: the data).
"""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess

import pytest

from evals.detect.regenerate import ROOT, entries
from evals.lib.jsonl import DETECT

ENTRIES = entries()
FIELDS = {"file", "sha256", "bytes", "records", "author", "licence", "role"}


def test_every_data_file_is_in_the_manifest_and_every_entry_is_a_file() -> None:
    assert {p.name for p in DETECT.glob("*.jsonl")} == set(ENTRIES)


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_the_file_is_byte_for_byte_the_one_recorded(name: str) -> None:
    entry, data = ENTRIES[name], (DETECT / name).read_bytes()
    assert set(entry) >= FIELDS, sorted(FIELDS - set(entry))
    assert all(isinstance(entry[f], str) and entry[f] for f in ("author", "licence", "role"))
    assert (len(data), hashlib.sha256(data).hexdigest()) == (entry["bytes"], entry["sha256"])
    assert sum(1 for line in data.decode("utf-8").splitlines() if line.strip()) == entry["records"]
    assert ("generator" in entry) != ("regenerate" in entry)  # frozen from history, or rewritten from the tree


FROZEN = sorted(name for name, entry in ENTRIES.items() if "generator" in entry)


@pytest.mark.parametrize("name", FROZEN)
def test_a_frozen_sets_generator_is_in_history_and_no_longer_in_the_tree(name: str) -> None:
    generator = ENTRIES[name]["generator"]
    path = f"{generator['commit']}:{generator['path']}generate.py"
    found = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", path], capture_output=True, check=False)
    assert found.returncode == 0, f"{path} is not in this clone's history"
    assert importlib.util.find_spec(generator["module"].rpartition(".")[0]) is None


def test_fifteen_sets_are_frozen() -> None:
    assert len(FROZEN) == 15
