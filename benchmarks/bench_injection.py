"""Throughput of the injection detector: patterns alone, model alone, both -- side by side.

First the mixed tool result of ``python -m evals.detect``'s throughput row (``throughput_text``, 300 KB
of prose, logs, JSON and code with planted secrets): the classifier alone must reach 60 MB/s
there (issue #4), so that the whole chain can make DESIGN.md's 20 MB/s. Then two corpora, both
scanned as tool results of about 64 KB each (how the chain sees them):
- ``tools``: the dev tool-output set (half injections, all of it talking about
  instructions and assistants, so dense in pattern anchors: a hard case);
- ``stdlib``: Python standard-library sources (code, comments, docstrings), ordinary text.

DESIGN.md's budget is ≥ 20 MB/s for all detectors together on a tool result; this detector is
one of several, so we report it against 40 MB/s for both halves together. The detector is
single-threaded, so each figure is judged on CPU time (``thread_time``), which on a shared,
loaded machine is what an idle one would show as wall time; the wall-clock figure is printed too.
"""

from __future__ import annotations

import json
import sysconfig
import time
from pathlib import Path

from evals.detect.scoring import load_set, throughput_text
from weir.detect.injection import InjectionDetector
from weir.detect.injection.model import load_model

Row = tuple[str, str, str, bool]
DATA = Path(__file__).resolve().parents[1] / "evals" / "detect"
"""The evaluation data the texts are drawn from (a checkout's ``evals/detect``)."""
BUDGET_MB_S = 40.0
MODEL_BUDGET_MB_S = 60.0
"""The classifier alone on one mixed tool result (issue #4): the chain's 20 MB/s needs this much."""
RESULT_CHARS = 64_000


def _tools_corpus(megabytes: float) -> str:
    blob = "\n".join(json.dumps({"content": text}) for text, _ in load_set(DATA / "injection-tools-dev.jsonl"))
    return blob * (int(megabytes * 1e6 / len(blob)) + 1)


def _stdlib_corpus(megabytes: float) -> str:
    lib = Path(sysconfig.get_paths()["stdlib"])
    parts: list[str] = []
    size = 0
    for path in sorted(lib.glob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        parts.append(text)
        size += len(text)
        if size >= megabytes * 1e6:
            break
    return "\n".join(parts)


def _results(corpus: str) -> list[str]:
    return [corpus[i : i + RESULT_CHARS] for i in range(0, len(corpus), RESULT_CHARS)]


def _mb_per_s(detector: InjectionDetector, results: list[str], rounds: int) -> tuple[float, float]:
    """(MB per CPU second, MB per wall second), best of ``rounds``."""
    size = sum(len(r.encode("utf-8", "surrogatepass")) for r in results)
    detector(results[0])  # warm up: load the model, compile the regexes
    best_cpu = best_wall = float("inf")
    for _ in range(rounds):
        fresh = [r[:1] + r[1:] for r in results]  # new string objects: nothing may be cached per text
        cpu, wall = time.thread_time(), time.perf_counter()
        for result in fresh:
            detector(result)
        best_cpu = min(best_cpu, time.thread_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return size / best_cpu / 1e6, size / best_wall / 1e6


def run(quick: bool) -> list[Row]:
    """Model load time, then MB/s of each configuration on each corpus, measured in one run."""
    megabytes = 1.0 if quick else 8.0
    rounds = 2 if quick else 3
    start = time.perf_counter()
    load_model.cache_clear()
    load_model()
    load_ms = (time.perf_counter() - start) * 1e3
    rows: list[Row] = [("injection model load", f"{load_ms:.0f} ms", "< 1000 ms", load_ms < 1000)]
    configs = (
        ("patterns only", InjectionDetector(model=False)),
        ("model only", InjectionDetector(patterns=False)),
        ("patterns + model", InjectionDetector()),
    )
    mixed = throughput_text(DATA, 300_000)
    for name, detector in configs[:2]:
        cpu, wall = _mb_per_s(detector, [mixed], rounds * 3)
        budget = MODEL_BUDGET_MB_S if name == "model only" else BUDGET_MB_S
        what = f"injection {name}, one 300 KB mixed tool result"
        rows.append((what, f"{cpu:.1f} MB/s cpu ({wall:.1f} wall)", f">= {budget:.0f} MB/s", cpu >= budget))
    for corpus_name, corpus in (("tools", _tools_corpus(megabytes)), ("stdlib", _stdlib_corpus(megabytes))):
        results = _results(corpus)
        for name, detector in configs:
            cpu, wall = _mb_per_s(detector, results, rounds)
            what = f"injection {name}, {corpus_name} results"
            figure = f"{cpu:.1f} MB/s cpu ({wall:.1f} wall)"
            rows.append((what, figure, f">= {BUDGET_MB_S:.0f} MB/s", cpu >= BUDGET_MB_S))
    return rows
