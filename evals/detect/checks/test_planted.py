"""The planted corpora (secrets, PII, hidden text, poisoned tools) are what their generator writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.detect.generators.planted import SEEDS, write
from evals.lib.jsonl import DETECT


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_the_committed_corpus_is_exactly_what_its_seed_builds(name: str, tmp_path: Path) -> None:
    out = tmp_path / f"{name}.jsonl"
    assert write(name, out) > 0
    assert out.read_bytes() == (DETECT / f"{name}.jsonl").read_bytes()
