"""The default chain finds exactly the same with its fast paths as with the reference, on every corpus.

"Fast" is what a user runs: the shipped limits of :mod:`weir.detect.short` (each path switched at
its own measured share of ``LIMIT``), and every path forced on whatever the length. "Reference" is
``short.limit(-1)``: every vectorised path as before the fast ones existed, the pattern scanner's
substring tests and whole-stretch searches included. Compared: every text of every evaluation
corpus in ``evals/detect`` except the held-out injection sets, the generated secrets, PII,
hidden-text and poisoning corpora, and the same texts joined into blocks of several kilobytes, so
the paths of longer texts (the anchored pattern scan, the few-hits anchor check, the classifier's
windows in Python floats) are compared too. Every field of every finding is compared.

Budget by profile (tests/conftest.py): a shipped corpus of over 1 MB (the thirteen generated
injection sets and the markerless set, 24 MB of the 28) is compared on every fourth row under
``ci``, every sixteenth under ``quick`` and on every row under ``thorough``; the smaller corpora are
compared whole under every profile. Measured on the corpora of 2026-12 with branch coverage of
``weir.detect`` and ``weir.text`` under each of the three limits: every fourth row of the large
corpora, with the small ones whole, takes every branch the whole corpora take but four in
``secrets._password_at`` (a placeholder or a type word after ``password=``; shared by both paths,
pinned by tests/detect/test_secrets.py), and yields all 47 (detector, kind) pairs of findings.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from evals.detect.generators.planted import hidden_corpus, pii_corpus, poisoning_corpus, secrets_corpus
from evals.lib.jsonl import DETECT, read_jsonl
from tests.conftest import SCALE
from weir.detect import short
from weir.detect.chain import Chain

pytestmark = pytest.mark.slow

CHAIN = Chain.from_specs(None)
_BLOCK = 6_000  # characters per joined block: above the pattern scanner's 4 K, the classifier's 2 K
LARGE = 1_000_000
"""Bytes on disk above which a shipped corpus is compared on every ``STRIDE``-th row."""
STRIDE = max(1, round(4 / SCALE))
"""``ci`` and ``dev``: every fourth row; ``quick``: every sixteenth; ``thorough``: every row."""


def _shipped(name: str) -> list[str]:
    texts = [str(record["text"]) for record in read_jsonl(DETECT / name)]
    return texts[::STRIDE] if (DETECT / name).stat().st_size > LARGE else texts


def _shipped_names() -> list[str]:
    # The poisoning corpora hold tool definitions, not texts: they are compared as _tool_texts.
    tools = ("poisoning.jsonl", "clean-tools.jsonl", "poisoning-adaptive.jsonl")
    texts = (p.name for p in DETECT.glob("*.jsonl") if p.name not in tools)
    return sorted(name for name in texts if "heldout" not in name)


def _tool_texts() -> list[str]:
    """Each tool definition as the JSON a ``tools/list`` carries, and its description alone."""
    texts = []
    for example in poisoning_corpus(3):
        texts.append(json.dumps(example["tool"]))
        texts.append(str(example["tool"].get("description", "")))
    return texts


def _generated(name: str) -> list[str]:
    if name == "poisoning":
        return _tool_texts()
    make = {"secrets": secrets_corpus, "pii": pii_corpus, "hidden": hidden_corpus}[name]
    return [example["text"] for example in make(11)]


def _blocks(texts: list[str]) -> list[str]:
    blocks, current = [], ""
    for text in texts:
        current += text + "\n\n"
        if len(current) >= _BLOCK:
            blocks.append(current)
            current = ""
    return [*blocks, current] if current else blocks


def _findings(texts: list[str]) -> list[list[dict[str, Any]]]:
    # Each scan gets its own copy of the text: the character arrays are remembered by identity.
    return [[f.model_dump() for f in CHAIN.scan_text("".join(list(text)))] for text in texts]


def _compare(texts: list[str]) -> None:
    with short.limit(-1):
        reference = _findings(texts)
    shipped = _findings(texts)
    with short.limit(10**9):
        forced = _findings(texts)
    assert shipped == reference
    assert forced == reference
    assert any(reference)  # the corpora hold findings: the comparison is not between empty lists


@pytest.mark.parametrize("name", _shipped_names())
def test_the_fast_paths_find_exactly_what_the_reference_finds_on_a_shipped_corpus(name: str) -> None:
    texts = _shipped(name)
    _compare(texts + _blocks(texts))


@pytest.mark.parametrize("name", ["secrets", "pii", "hidden", "poisoning"])
def test_the_fast_paths_find_exactly_what_the_reference_finds_on_a_generated_corpus(name: str) -> None:
    texts = _generated(name)
    _compare(texts + _blocks(texts))


def test_no_held_out_set_is_compared() -> None:
    assert _shipped_names()
    assert not [name for name in _shipped_names() if "heldout" in name]


def test_the_budget_samples_only_the_large_corpora_and_every_row_under_thorough() -> None:
    small = [name for name in _shipped_names() if (DETECT / name).stat().st_size <= LARGE]
    large = [name for name in _shipped_names() if (DETECT / name).stat().st_size > LARGE]
    assert small
    assert large
    for name in small:
        assert len(_shipped(name)) == sum(1 for _ in read_jsonl(DETECT / name))
    rows = sum(1 for _ in read_jsonl(DETECT / large[0]))
    assert len(_shipped(large[0])) == -(-rows // STRIDE)
