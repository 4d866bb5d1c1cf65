"""``weir detect eval``: precision, recall and throughput of every detector, as rows.

A row is ``(dataset, metric, value, target)``, the shape the injection evaluation uses too.
The secrets and PII corpora are the held-out JSON Lines files shipped in ``data/`` (written by
``scripts/gen_detect_corpora.py`` from fixed seeds no test uses); the hidden-text and poisoning
corpora are small and generated here from fixed seeds.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any

from weir.detect.chain import Chain
from weir.detect.evaluation.corpus import hidden_corpus, poisoning_corpus
from weir.detect.evaluation.metrics import Score, filler, mb_per_s, score
from weir.detect.registry import available, resolve

__all__ = ["DETECTORS", "Row", "evaluate", "load_corpus", "throughput_text"]

Row = tuple[str, str, float, str]
DETECTORS = ("secrets", "pii", "hidden", "poisoning", "injection", "chain")
"""What ``--detector`` accepts."""
_TARGETS = {"secrets": (0.99, 0.99), "pii": (0.95, 0.95), "hidden": (0.95, 0.95), "poisoning": (0.95, 0.95)}
_MBPS_TARGET = 20.0


def load_corpus(name: str) -> list[dict[str, Any]]:
    """A shipped held-out corpus (``secrets`` or ``pii``) as a list of examples."""
    text = resources.files("weir.detect.evaluation").joinpath("data", f"{name}.jsonl").read_text("utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def throughput_text(size: int, seed: int = 7) -> str:
    """A realistic mixed tool-result text of about ``size`` characters with a few planted values."""
    rng = random.Random(seed)
    planted = [e["text"] for e in load_corpus("secrets")[:40] + load_corpus("pii")[:40]]
    parts = []
    for text in planted:
        parts.append(filler(rng, size // len(planted)))
        parts.append(text)
    return "\n".join(parts)


def _rows(name: str, result: Score, targets: tuple[float, float], *, per_tag: bool) -> list[Row]:
    recall_target, precision_target = targets
    rows: list[Row] = [
        (name, "recall", round(result.recall, 4), f">= {recall_target}"),
        (name, "precision", round(result.precision, 4), f">= {precision_target}"),
        (name, "false positives", float(result.false_positives), "-"),
    ]
    if per_tag:
        for tag in sorted(result.planted_by_tag):
            recall = result.found_by_tag[tag] / result.planted_by_tag[tag]
            rows.append((f"{name}/{tag}", "recall", round(recall, 4), "-"))
    return rows


def _sample(examples: list[dict[str, Any]], quick: bool) -> list[dict[str, Any]]:
    return examples[: max(1, len(examples) // 4)] if quick else examples


def _text_detector(name: str) -> Callable[[str], Any]:
    detector: Callable[[str], Any] = resolve(name)()
    return detector


def _poisoning_rows(quick: bool) -> list[Row]:
    check = resolve("poisoning")()
    items = poisoning_corpus(seed=4104)
    items = items[: len(items) // 2] if quick else items
    flagged = [bool(check.check_tool(item["tool"])) for item in items]
    poisoned = [bool(item["poisoned"]) for item in items]
    tp = sum(f and p for f, p in zip(flagged, poisoned, strict=True))
    fp = sum(f and not p for f, p in zip(flagged, poisoned, strict=True))
    recall = tp / max(1, sum(poisoned))
    precision = tp / max(1, tp + fp)
    return [
        ("poisoning (tools)", "recall", round(recall, 4), ">= 0.95"),
        ("poisoning (tools)", "precision", round(precision, 4), ">= 0.95"),
    ]


def _throughput_rows(names: Sequence[str], quick: bool) -> list[Row]:
    text = throughput_text(250_000 if quick else 2_000_000)
    rows: list[Row] = []
    for name in names:
        if name == "chain":
            scan: Callable[[str], Any] = Chain.from_specs(None).scan_text
        elif name in ("secrets", "pii", "hidden", "injection"):
            scan = _text_detector(name)
        else:
            continue
        rows.append(("throughput", f"{name} MB/s", round(mb_per_s(scan, text, repeat=1 if quick else 3), 1),
                     f">= {_MBPS_TARGET:g}"))  # fmt: skip
    return rows


def evaluate(detector: str | None = None, *, quick: bool = False) -> list[Row]:
    """Rows for one detector (see :data:`DETECTORS`) or, with ``None``, for all of them."""
    if detector is not None and detector not in DETECTORS:
        raise ValueError(f"unknown detector {detector!r}; choose from {', '.join(DETECTORS)}")
    names = [detector] if detector else list(DETECTORS)
    rows: list[Row] = []
    for name in names:
        if name in ("secrets", "pii"):
            result = score(_text_detector(name), _sample(load_corpus(name), quick))
            rows += _rows(name, result, _TARGETS[name], per_tag=not quick)
        elif name == "hidden":
            result = score(_text_detector(name), _sample(hidden_corpus(seed=4103), quick))
            rows += _rows(name, result, _TARGETS[name], per_tag=not quick)
        elif name == "poisoning":
            rows += _poisoning_rows(quick)
        elif name == "injection":
            rows += _injection_rows(quick)
    return rows + _throughput_rows([n for n in names if n != "injection" or available("injection")], quick)


def _injection_rows(quick: bool) -> list[Row]:
    try:
        module = importlib.import_module("weir.detect.evaluation.injection")
    except ImportError:
        return [("injection", "not available in this build", float("nan"), "-")]
    rows: list[Row] = [(str(a), str(b), float(c), str(d)) for a, b, c, d in module.evaluate(quick)]
    return rows
