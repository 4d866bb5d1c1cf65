"""Scoring a detector against a labelled corpus, and measuring its throughput.

A planted span counts as found when any finding overlaps it; a finding that overlaps no planted
span is a false positive. Recall is per planted span (overall and per tag), precision per
finding. Throughput is characters per second over a mixed, realistic text (reported as MB/s of
text, one character ≈ one byte for these mostly-ASCII corpora), in CPU time of the process.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from weir.labels.finding import Finding

__all__ = ["Score", "filler", "mb_per_s", "score"]

Scan = Callable[[str], list[Finding]]


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
