"""The default chain finds exactly the same with its fast paths as with the reference, on every corpus.

"Fast" is what a user runs: the shipped limits of :mod:`weir.detect.short` (each path switched at
its own measured share of ``LIMIT``), and every path forced on whatever the length. "Reference" is
``short.limit(-1)``: every vectorised path as before the fast ones existed, the pattern scanner's
substring tests and whole-stretch searches included. Compared: every text of every evaluation
corpus in ``evals/detect`` except the held-out injection sets, the generated secrets, PII,
hidden-text and poisoning corpora, and the same texts joined into blocks of several kilobytes, so
the paths of longer texts (the anchored pattern scan, the few-hits anchor check, the classifier's
windows in Python floats) are compared too. Every field of every finding is compared.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from evals.detect.generators.planted import hidden_corpus, pii_corpus, poisoning_corpus, secrets_corpus
from evals.lib.jsonl import DETECT, read_jsonl
from weir.detect import short
from weir.detect.chain import Chain

pytestmark = pytest.mark.slow

CHAIN = Chain.from_specs(None)
_BLOCK = 6_000  # characters per joined block: above the pattern scanner's 4 K, the classifier's 2 K


def _shipped(name: str) -> list[str]:
    return [str(record["text"]) for record in read_jsonl(DETECT / name)]


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
