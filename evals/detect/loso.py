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

import dataclasses
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from evals.detect import stacked, training
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


_CODE = (
    "evals/detect/loso.py",
    "evals/detect/training.py",
    "evals/detect/stacked.py",
    "src/weir/detect/injection/features.py",
    "src/weir/detect/injection/segments.py",
    "src/weir/detect/injection/scanner.py",
    "src/weir/detect/injection/patterns.py",
    "src/weir/detect/injection/anchors.py",
    "src/weir/detect/injection/literals.py",
)
"""What a fold's figures depend on besides the data: a change to any of these files is a new key."""
_ROOT = Path(__file__).resolve().parents[2]


VARIANTS = ("shipped", "stacked")
"""``shipped``: the classifier as ``scripts/train_injection.py`` builds it; ``stacked``: its score stacked
with structural signals (:mod:`evals.detect.stacked`), the design attempt of issue 31. One run fits
the classifier once per fold and scores both (each cached under its own key)."""


def fold_key(directory: Path, source: str, epochs: int, variant: str = "shipped") -> str:
    """The digest a fold's result is cached under: every source's data and meta, the code that cuts,
    fits and flags (``_CODE``), the epochs and the left-out source."""
    digest = hashlib.sha256(f"{source}\0{epochs}\0{variant}\0".encode())
    for path in sorted([*directory.glob("*/data.jsonl"), *directory.glob("*/meta.json")]):
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0" + path.read_bytes())
    for name in _CODE:
        digest.update(name.encode() + b"\0" + (_ROOT / name).read_bytes())
    return digest.hexdigest()


def _cached(cache: Path | None, key: str) -> SourceResult | None:
    path = None if cache is None else cache / f"{key}.json"
    if path is None or not path.exists():
        return None
    item = json.loads(path.read_text(encoding="utf-8"))
    return SourceResult(**{**item, "tpr": tuple(item["tpr"]), "fpr": tuple(item["fpr"])})


def _store(cache: Path | None, key: str, result: SourceResult) -> None:
    if cache is None:
        return
    cache.mkdir(parents=True, exist_ok=True)
    (cache / f"{key}.json").write_text(json.dumps(dataclasses.asdict(result)), encoding="utf-8")


def run(
    directory: Path,
    *,
    epochs: int = 60,
    only: str | None = None,
    progress: Callable[[str], None] | None = None,
    cache: Path | None = None,
    variant: str = "shipped",
) -> list[SourceResult]:
    """One fold per source (or only ``only``): train without it, threshold on the others, score it.

    Every document is cut into units once; a fold fits on the bags of the training sources' fitted
    share (and the spliced copies made from that share alone): the units of those bags are taken
    out into a compact copy (:func:`training.subset`), the same fit as on those documents alone,
    without cutting them again per fold. With ``cache``, a fold whose inputs (:func:`fold_key`) were
    scored before is read back, not fitted again; nothing is cut when every fold is cached.
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose from {', '.join(VARIANTS)}")
    sources = load_sources(directory)
    wanted = [s for s in sources if only is None or s.name == only]
    keys = {s.name: fold_key(directory, s.name, epochs, variant) for s in wanted}
    done = {name: _cached(cache, key) for name, key in keys.items()}
    if all(r is not None for r in done.values()):
        return [r for r in done.values() if r is not None]
    docs = [d for s in sources for d in s.documents]
    spliced = training.splice_attacks([d for d in docs if not training.holdout(d)])
    everything = [*docs, *spliced]
    units = training.units(everything)
    patterns = np.array([bool(scan_patterns(d.text)) for d in docs])
    held_out = np.array([training.holdout(d) for d in docs] + [False] * len(spliced))
    origins = [_origins(d) for d in everything]
    signals = stacked.signal_matrix([d.text for d in docs])
    stack_fit = stacked.split_half([d.text for d in docs]) & held_out[: len(docs)]
    results = []
    for held in wanted:
        cached = done[held.name]
        if cached is not None:
            results.append(cached)
            continue
        if progress is not None:
            progress(f"leaving out {held.name} ({len(held.documents)} documents)")
        fitted_docs = np.array([not out and held.name not in o for out, o in zip(held_out, origins, strict=True)])
        keep = fitted_docs[units.bag_doc]
        part = training.subset(units, keep)
        # Each (source, label) cell of the fitted bags weighs the same total.
        weights = training.balanced_weights(
            [int(x) for x in part.bag_label], [everything[i].source for i in part.bag_doc]
        )
        fitted = training.fit(part, weights, epochs=epochs)
        logits = training.doc_scores(units, fitted)[: len(docs)]
        by_variant = {
            "shipped": _result(held, docs, np.where(patterns, np.inf, logits), held_out[: len(docs)]),
            "stacked": _stacked_result(
                held,
                docs,
                logits=logits,
                patterns=patterns,
                signals=signals,
                held_out=held_out[: len(docs)],
                stack_fit=stack_fit,
            ),
        }
        for name, result in by_variant.items():
            _store(cache, fold_key(directory, held.name, epochs, name), result)
        results.append(by_variant[variant])
    return results


def _stacked_result(
    held: Source,
    docs: Sequence[Document],
    *,
    logits: np.ndarray,
    patterns: np.ndarray,
    signals: np.ndarray,
    held_out: np.ndarray,
    stack_fit: np.ndarray,
) -> SourceResult:
    """The left-out source's rates with the stack fitted on half the other sources' calibration share and
    the thresholds chosen on the other half (:mod:`evals.detect.stacked`)."""
    source = np.array([d.source for d in docs])
    labels = np.array([d.label for d in docs], dtype=np.float64)
    fit = stack_fit & (source != held.name)
    weights = training.balanced_weights([int(x) for x in labels[fit]], list(source[fit]))
    coefficients = stacked.fit_stack(logits[fit], signals[fit], labels[fit], weights)
    scores = np.where(patterns, np.inf, stacked.stack_scores(coefficients, logits, signals))
    return _result(held, docs, scores, held_out & ~stack_fit)


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
