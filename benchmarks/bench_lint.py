"""Lint and docs: how long `weir lint` / `weir docs` take on catalogs of realistic size.

They run in CI on every push, so the budget is per tool: a server with a few hundred tools
should lint and document in well under a second. Fetching over stdio is dominated by starting
the server's interpreter; it is reported next to reading the same catalog from a file.
"""

from __future__ import annotations

import shlex
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import anyio

from weir.catalog import Catalog, fetch_stdio, parse_catalog, read_catalog_file
from weir.catalog.bundled import bundled_catalogs
from weir.docs import safety_rows, to_html
from weir.lint import lint_catalog

Row = tuple[str, str, str, bool]

_SERVER = Path(__file__).resolve().parents[1] / "tests" / "servers" / "catalog_server.py"


def _big_catalog(size: int) -> Catalog:
    """``size`` tools cycled from every bundled catalog (renamed so names stay unique)."""
    pool = [t for p in bundled_catalogs().values() for t in read_catalog_file(p).tools]
    tools = [{**pool[i % len(pool)], "name": f"tool_{i}"} for i in range(size)]
    return parse_catalog(tools, source="bench")


def _median_s(fn: Callable[[], object], rounds: int, clock: Callable[[], float] = time.thread_time) -> float:
    """Median seconds per call. CPU time of this thread by default: on a shared machine the wall
    clock mostly measures the neighbours. Anything that waits on another process passes a wall clock."""
    fn()
    samples = []
    for _ in range(rounds):
        start = clock()
        fn()
        samples.append(clock() - start)
    return statistics.median(samples)


def run(quick: bool) -> list[Row]:
    """Lint, HTML and stdio fetch, measured side by side in one run."""
    size, rounds = (300, 3) if quick else (1000, 7)
    catalog = _big_catalog(size)
    lint_s = _median_s(lambda: lint_catalog(catalog), rounds)
    report = lint_catalog(catalog)
    html_s = _median_s(lambda: to_html([("bench", safety_rows(catalog, report))]), rounds)
    lint_rate, html_rate = size / lint_s, size / html_s
    # Linear in the catalog's size: ten times the tools may take at most fifteen times as long.
    big = _big_catalog(size * 10)
    big_rate = size * 10 / _median_s(lambda: lint_catalog(big), 1)
    scaling = big_rate / lint_rate
    rows: list[Row] = [
        (f"weir lint, {size}-tool catalog", f"{lint_rate:,.0f} tools/s", ">= 2,000 tools/s", lint_rate >= 2000),
        (
            f"weir lint, {size * 10}-tool vs {size}-tool rate",
            f"{scaling:.2f}x",
            ">= 0.67x (linear)",
            scaling >= 0.67,
        ),
        (f"weir docs --html, {size}-tool catalog", f"{html_rate:,.0f} tools/s", ">= 2,000 tools/s", html_rate >= 2000),
    ]
    if _SERVER.is_file():
        files = bundled_catalogs()["files"]
        argv = shlex.join([sys.executable, str(_SERVER), str(files), "--raw-annotations"])
        fetch_s = _median_s(lambda: anyio.run(lambda: fetch_stdio(argv)), 1 if quick else 3, time.perf_counter)
        file_s = _median_s(lambda: read_catalog_file(files), rounds)
        rows.append(
            (
                "catalog over stdio, wall clock (server start-up included)",
                f"{fetch_s * 1000:,.0f} ms",
                "<= 5,000 ms",
                fetch_s <= 5,
            )
        )
        rows.append(("same catalog from a file", f"{file_s * 1000:,.2f} ms", "<= 50 ms", file_s <= 0.05))
    return rows
