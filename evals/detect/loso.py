"""Leave-one-source-out evaluation of the injection detector: the measure of how it holds on text nobody here wrote.

The data lives outside the package, one directory per independent source (``evals/injection/<source>/``
in the repository: ``data.jsonl`` and ``meta.json``, see its README). For each source, a model is
trained on every *other* source (:mod:`evals.detect.training`), its thresholds are chosen on
a held-out share of those training sources -- the highest scores of their clean documents, each
source weighing the same, at a false-positive rate of 5% and of 1% -- and the left-out source is
scored at those thresholds: the share of its injected documents flagged (TPR) and of its clean ones
(FPR). A document is flagged when the detector's patterns fire or its classifier reaches the
threshold, as ``InjectionDetector`` decides. Sources marked ``imperative`` hold benign text that tells
its reader what to do; their false-positive rate is reported on its own.

``python -m evals.detect --loso [--data evals/injection]`` prints the table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from evals.detect import training
from evals.detect.training import Document, Fitted
from weir.detect.injection.scanner import scan_patterns

__all__ = ["Source", "SourceResult", "format_table", "load_sources", "run", "targets_met"]

TARGETS = (0.05, 0.01)
"""False-positive rates the thresholds are chosen for, on the training sources."""


@dataclass(frozen=True)
class Source:
    """One independent source: its documents and what ``meta.json`` says of it."""

    name: str
    documents: list[Document]
    licence: str
    imperative: bool


@dataclass(frozen=True)
class SourceResult:
    """The left-out source's figures at the thresholds chosen without it (one per target FPR)."""

    name: str
    positives: int
    negatives: int
    tpr: tuple[float, ...]
    fpr: tuple[float, ...]
    imperative: bool


def load_sources(directory: Path) -> list[Source]:
    """Every ``<source>/data.jsonl`` under ``directory``, in name order; raises ``ValueError`` on bad data."""
    found = sorted(p.parent for p in directory.glob("*/data.jsonl"))
    if not found:
        raise ValueError(f"no <source>/data.jsonl under {directory}")
    sources = []
    for folder in found:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        docs = []
        for number, line in enumerate((folder / "data.jsonl").read_text(encoding="utf-8").splitlines(), 1):
            try:
                item = json.loads(line)
                span = (int(item["span"][0]), int(item["span"][1])) if item.get("span") else None
                docs.append(Document(str(item["text"]), int(item["label"]), folder.name, span))
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{folder / 'data.jsonl'}:{number}: {exc}") from exc
        sources.append(Source(folder.name, docs, str(meta.get("licence", "?")), bool(meta.get("imperative"))))
    return sources


def _bag_weights(u: training.Units, docs: Sequence[Document]) -> np.ndarray:
    labels = [int(x) for x in u.bag_label]
    return training.balanced_weights(labels, [docs[i].source for i in u.bag_doc])


def train(docs: Sequence[Document], epochs: int) -> Fitted:
    """A model fitted on ``docs`` and their spliced copies (:func:`training.splice_attacks`), each
    (source, label) cell weighing the same."""
    docs = [*docs, *training.splice_attacks(docs)]
    u = training.units(docs)
    return training.fit(u, _bag_weights(u, docs), epochs=epochs)


def _origins(doc: Document) -> set[str]:
    """The sources a document's text came from (a spliced copy: its attack's and its carrier's)."""
    return {doc.source.removesuffix("+spliced"), *([doc.carrier] if doc.carrier else [])}


def run(
    directory: Path, *, epochs: int = 60, only: str | None = None, progress: Callable[[str], None] | None = None
) -> list[SourceResult]:
    """One fold per source (or only ``only``): train without it, threshold on the others, score it.

    Every document is cut into units once; a fold fits on the bags of the training sources' fitted
    share (and the spliced copies made from that share alone) by giving every other bag weight 0,
    which is the same fit as on those documents alone, without cutting them again per fold.
    """
    sources = load_sources(directory)
    docs = [d for s in sources for d in s.documents]
    spliced = training.splice_attacks([d for d in docs if not training.holdout(d)])
    everything = [*docs, *spliced]
    units = training.units(everything)
    patterns = np.array([bool(scan_patterns(d.text)) for d in docs])
    held_out = np.array([training.holdout(d) for d in docs] + [False] * len(spliced))
    origins = [_origins(d) for d in everything]
    results = []
    for held in sources:
        if only is not None and held.name != only:
            continue
        if progress is not None:
            progress(f"leaving out {held.name} ({len(held.documents)} documents)")
        fitted_docs = np.array([not out and held.name not in o for out, o in zip(held_out, origins, strict=True)])
        weights = _bag_weights(units, everything) * fitted_docs[units.bag_doc]
        # Re-balance over the bags that are fitted: each (source, label) cell the same total.
        keep = weights > 0
        weights[keep] = training.balanced_weights(
            [int(x) for x in units.bag_label[keep]], [everything[i].source for i in units.bag_doc[keep]]
        )
        fitted = training.fit(units, weights, epochs=epochs)
        scores = np.where(patterns, np.inf, training.doc_scores(units, fitted)[: len(docs)])
        results.append(_result(held, docs, scores, held_out[: len(docs)]))
    return results


def _result(held: Source, docs: Sequence[Document], scores: np.ndarray, held_out: np.ndarray) -> SourceResult:
    """The left-out source's rates at the thresholds chosen on the other sources' held-out clean documents."""
    source = np.array([d.source for d in docs])
    labels = np.array([d.label for d in docs])
    calibration = held_out & (labels == 0) & (source != held.name)
    thresholds = [training.choose_threshold(scores[calibration], list(source[calibration]), t) for t in TARGETS]
    mine = source == held.name
    pos, neg = scores[mine & (labels == 1)], scores[mine & (labels == 0)]
    return SourceResult(
        held.name,
        int(pos.size),
        int(neg.size),
        tuple(float((pos >= t).mean()) if pos.size else float("nan") for t in thresholds),
        tuple(float((neg >= t).mean()) if neg.size else float("nan") for t in thresholds),
        held.imperative,
    )


TPR_TARGET = 0.95
IMPERATIVE_FPR_TARGET = 0.05


def imperative_fpr(results: Sequence[SourceResult]) -> float:
    """The false-positive rate at the 5% threshold on the benign imperative sources, pooled (nan: none)."""
    imperative = [r for r in results if r.imperative and r.negatives]
    total = sum(r.negatives for r in imperative)
    return sum(r.fpr[0] * r.negatives for r in imperative) / total if total else float("nan")


def targets_met(results: Sequence[SourceResult]) -> bool:
    """TPR at the 5% threshold >= 0.95 on every left-out source with injections, and imperative FPR <= 0.05."""
    tprs_ok = all(r.tpr[0] >= TPR_TARGET for r in results if r.positives)
    fpr = imperative_fpr(results)
    return tprs_ok and (np.isnan(fpr) or fpr <= IMPERATIVE_FPR_TARGET)


def _pct(value: float) -> str:
    return "   -  " if np.isnan(value) else f"{value:6.3f}"


def format_table(results: Sequence[SourceResult]) -> list[str]:
    """The LOSO table as lines of text: per source TPR and FPR at both thresholds, then the summaries."""
    lines = [
        f"{'left-out source':<26} {'pos':>5} {'neg':>5}  {'TPR@5%':>6} {'TPR@1%':>6}  {'FPR@5%':>6} {'FPR@1%':>6}",
    ]
    for r in results:
        mark = " (benign imperative)" if r.imperative else ""
        lines.append(
            f"{r.name:<26} {r.positives:>5} {r.negatives:>5}  {_pct(r.tpr[0])} {_pct(r.tpr[1])}"
            f"  {_pct(r.fpr[0])} {_pct(r.fpr[1])}{mark}"
        )
    with_pos = [r for r in results if r.positives]
    if with_pos:
        worst = min(r.tpr[0] for r in with_pos)
        lines.append(f"lowest TPR at FPR<=5% over left-out sources: {worst:.3f} (target >= {TPR_TARGET})")
    fpr = imperative_fpr(results)
    if not np.isnan(fpr):
        lines.append(f"FPR on benign imperative text (left out), at the 5% threshold: {fpr:.3f} (target <= 0.05)")
    return lines
