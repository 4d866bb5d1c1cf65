"""The markerless-request rows of ``python -m evals.detect``: per source and attack family, each signal measured.

Data: ``markerless.jsonl`` of the evaluation folder (``{"text", "label", "source", "domain",
"family"}``, built by ``evals/detect/markerless/generate.py``) and the tool catalog of each domain
(``markerless/catalogs.json``). Each document is scanned with its domain's catalog as the
session's tools, as the Guard scans a tool result. Rows, per source:

- ``<source>/shipped``: the default chain's ``injection`` detector alone (what ships without this
  row's work); TPR per family and FPR;
- ``<source>/requests``: the ``requests`` detector with the catalog; ``.../no-catalog`` without it;
- ``<source>/injection+requests``: both, as the default chain runs them;
- ``<source>/configured``: the chain ``python -m evals.detect --config weir.yaml`` describes (an extra);
- ``signals``: over all sources, how often each signal holds on the injected sentence (the span)
  and on clean documents' sentences, so that each signal's worth is measured, not assumed.

Family A is what the rules were written against; family B was written beside it and not tuned on;
family C was written later, before the rules were extended for B's misses (but their author knew
it: read it as half-tuned); family D was written after those rules and never run before its
figure was taken: the honest column.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from weir.detect.catalog import ScanContext, ToolCatalog
from weir.detect.injection.requests import RequestDetector, signals
from weir.detect.registry import available, resolve
from weir.labels.finding import Finding

__all__ = ["markerless_rows"]

Row = tuple[str, str, float, str]
Scan = Callable[[str, ScanContext], list[Finding]]
_TARGETS = (">= 0.95", "<= 0.05")


def _load(folder: Path) -> tuple[list[dict[str, Any]], dict[str, ToolCatalog]]:
    records = [json.loads(line) for line in (folder / "markerless.jsonl").open(encoding="utf-8") if line.strip()]
    raw = json.loads((folder / "markerless" / "catalogs.json").read_text(encoding="utf-8"))
    return records, {domain: ToolCatalog.from_tools(tools) for domain, tools in raw.items()}


def _scans(configured: Any) -> dict[str, Scan]:
    requests, bare = RequestDetector(), RequestDetector(without_catalog=True)
    scans: dict[str, Scan] = {
        "requests": lambda text, ctx: requests(text, context=ctx),
        "requests/no-catalog": lambda text, _ctx: bare(text),
    }
    if available("injection"):
        injection = resolve("injection")()
        scans["shipped"] = lambda text, _ctx: injection(text)
        scans["injection+requests"] = lambda text, ctx: injection(text) + requests(text, context=ctx)
    if configured is not None:
        scans["configured"] = lambda text, ctx: configured.scan_text(text, context=ctx)
    return scans


def markerless_rows(folder: Path, *, quick: bool = False, configured: Any = None) -> list[Row]:
    """TPR per family and FPR per source for each scan, then the signal rates."""
    path = folder / "markerless.jsonl"
    if not path.exists():
        return []
    records, catalogs = _load(folder)
    if quick:
        records = [r for i, r in enumerate(records) if i % 8 in (0, 1)]
    rows: list[Row] = []
    for name, scan in _scans(configured).items():
        hits: Counter[tuple[str, str]] = Counter()
        totals: Counter[tuple[str, str]] = Counter()
        for r in records:
            key = (r["source"], r["family"] if r["label"] else "clean")
            totals[key] += 1
            hits[key] += bool(scan(r["text"], ScanContext(catalogs[r["domain"]], returns_data=True)))
        rows += _rate_rows(name, hits, totals)
    return rows + _signal_rows(records, catalogs)


def _rate_rows(name: str, hits: Counter[tuple[str, str]], totals: Counter[tuple[str, str]]) -> list[Row]:
    rows: list[Row] = []
    strict = name == "injection+requests"
    for source in sorted({s for s, _ in totals}):
        for family in ("A", "B", "C", "D"):
            if totals[(source, family)]:
                rate = hits[(source, family)] / totals[(source, family)]
                target = _TARGETS[0] if strict and family != "A" else "report"
                rows.append((f"markerless/{source}/{name}", f"TPR family {family}", round(rate, 4), target))
        clean = totals[(source, "clean")]
        fpr = hits[(source, "clean")] / clean if clean else 0.0
        rows.append((f"markerless/{source}/{name}", "FPR", round(fpr, 4), _TARGETS[1] if strict else "report"))
    return rows


def _signal_rows(records: list[dict[str, Any]], catalogs: dict[str, ToolCatalog]) -> list[Row]:
    on: dict[str, Counter[str]] = defaultdict(Counter)
    count: Counter[str] = Counter()
    for r in records:
        catalog = catalogs[r["domain"]]
        if r["label"]:
            start, end = r["span"]
            parts = [("injected sentence", r["text"][start:end])]
        else:
            parts = [("clean sentence", s) for s in r["text"].replace("\n", ". ").split(". ") if s.strip()]
        for where, sentence in parts:
            count[where] += 1
            for signal, holds in signals(sentence, catalog).items():
                on[where][signal] += holds
    return [
        ("markerless/signals", f"{signal} on {where}", round(on[where][signal] / max(1, count[where]), 4), "report")
        for where in ("injected sentence", "clean sentence")
        for signal in ("imperative", "wish", "catalog", "sensitive", "addressee")
    ]
