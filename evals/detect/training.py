"""Fitting the injection classifier in numpy: units, bags, multiple-instance logistic regression, calibration.

The shipped model (:mod:`weir.detect.injection.model`) scores *units* of a text -- its windows of
``chunk`` bytes and its segments (sentences, lines, fields) -- as ``bias + mean(gram weights)`` and
flags a text when any unit scores high. Training fits exactly that: the units of every document are
cut by the same functions, and a document is a *bag* of units whose score is the log-sum-exp of
theirs (a soft maximum). A clean document is a negative bag; an injected one a positive bag -- of
the units that touch the injection when its span is known (the rest of its units form one more
negative bag), of all its units when not. Only the bag's label is needed, so data sets that mark
no span train as well as those that do, and the injected paragraph of a long page is the unit that
learns to score high.

Every document's grams are hashed once into one array of positions; an epoch is two passes over
it (gather the weights, scatter the gradient), so a LOSO run of a dozen folds fits on a laptop.
numpy only; nothing here is imported by the detector at run time.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from weir.detect.injection.features import ORDERS, gram_indices, prepare, windows
from weir.detect.injection.segments import segments

__all__ = [
    "SPLICE_MAX",
    "Document",
    "Fitted",
    "Units",
    "choose_threshold",
    "fit",
    "holdout",
    "platt",
    "splice_attacks",
    "units",
]

Floats = npt.NDArray[np.float64]
CHUNK = 256
BITS = 20
MIN_WINDOW = 64
MAX_BYTES = 1536
"""Training reads at most this many bytes of a document (around its injection when it has one)."""


@dataclass(frozen=True, slots=True)
class Document:
    """One labelled text: ``span`` is the injection's character span when the source marks it."""

    text: str
    label: int
    source: str
    span: tuple[int, int] | None = None
    carrier: str | None = None
    """For an attack spliced into another source's document (:func:`splice_attacks`): that source."""


@dataclass(frozen=True)
class Units:
    """Every document's grams and units, concatenated.

    ``grams`` has one row per n-gram order and one column per position of all documents' normalised
    bytes; unit ``u`` covers positions ``[start[u], end[u])`` and belongs to bag ``bag[u]`` (units of a
    bag are contiguous); bag ``g`` has label ``bag_label[g]`` and comes from document ``bag_doc[g]``.
    """

    grams: npt.NDArray[np.uint32]
    start: npt.NDArray[np.int64]
    end: npt.NDArray[np.int64]
    bag: npt.NDArray[np.int64]
    bag_label: Floats
    bag_doc: npt.NDArray[np.int64]
    doc_count: int


def _clip(doc: Document) -> tuple[bytes, tuple[int, int] | None]:
    """The document's UTF-8 bytes, cut to ``MAX_BYTES`` around its injection, and the injection's byte span."""
    raw = doc.text.encode("utf-8", "surrogatepass")
    span = None
    if doc.span is not None:
        lo = len(doc.text[: doc.span[0]].encode("utf-8", "surrogatepass"))
        span = (lo, lo + len(doc.text[doc.span[0] : doc.span[1]].encode("utf-8", "surrogatepass")))
    if len(raw) <= MAX_BYTES:
        return raw, span
    first = 0 if span is None else max(0, min(span[0] - MAX_BYTES // 4, len(raw) - MAX_BYTES))
    cut = raw[first : first + MAX_BYTES].decode("utf-8", "ignore").encode("utf-8", "surrogatepass")
    if span is not None:
        span = (span[0] - first, min(span[1] - first, len(cut)))
    return cut, span


def _doc_units(
    raw: bytes,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Normalised bytes, unit spans over them, and each position's offset in ``raw`` (sentinel last)."""
    prepared = prepare(raw)
    size = prepared.data.size
    w_start, w_end = windows(size, CHUNK)
    s_start, s_end = segments(raw, prepared)
    return prepared.data, np.concatenate([w_start, s_start]), np.concatenate([w_end, s_end]), prepared.origin()


def units(docs: Sequence[Document], bits: int = BITS) -> Units:
    """Hash every document's grams and cut its units into bags (see the module docstring)."""
    grams, starts, ends, bag_of_unit, labels, bag_doc = [], [], [], [], [], []
    offset = bags = 0
    for index, doc in enumerate(docs):
        raw, span = _clip(doc)
        data, lo, hi, origin = _doc_units(raw)
        if data.size == 0:
            continue
        grams.append(gram_indices(data, bits))
        groups: list[tuple[npt.NDArray[np.bool_], int]]
        if doc.label and span is not None:
            touches = (origin[hi] > span[0]) & (origin[lo] < span[1])
            groups = [(touches, 1), (~touches, 0)]
        else:
            groups = [(np.ones(lo.size, dtype=bool), int(doc.label))]
        for mask, label in groups:
            if not mask.any():
                continue
            starts.append(lo[mask] + offset)
            ends.append(hi[mask] + offset)
            bag_of_unit.append(np.full(int(mask.sum()), bags, dtype=np.int64))
            labels.append(label)
            bag_doc.append(index)
            bags += 1
        offset += data.size
    return Units(
        grams=np.concatenate(grams, axis=1),
        start=np.concatenate(starts),
        end=np.concatenate(ends),
        bag=np.concatenate(bag_of_unit),
        bag_label=np.array(labels, dtype=np.float64),
        bag_doc=np.array(bag_doc, dtype=np.int64),
        doc_count=len(docs),
    )


def unit_logits(u: Units, weights: Floats, bias: float) -> Floats:
    """Every unit's logit, ``bias + sum of its gram weights / (max(length, MIN_WINDOW) * orders)``."""
    gathered = weights.astype(np.float32).take(u.grams)  # float32: half the memory traffic of the gather
    per_position = gathered[0].astype(np.float64)
    for row in gathered[1:]:
        per_position += row
    prefix = np.concatenate([[0.0], np.cumsum(per_position)])
    lengths = np.maximum(u.end - u.start, MIN_WINDOW) * float(len(ORDERS))
    result: Floats = (prefix[u.end] - prefix[u.start]) / lengths + bias
    return result


def _bag_softmax(z: Floats, bag: npt.NDArray[np.int64], bags: int) -> tuple[Floats, Floats]:
    """Each bag's log-sum-exp of its units' logits, and each unit's softmax weight within its bag
    (a bag's units are contiguous and every bag has one)."""
    first = np.flatnonzero(np.diff(bag, prepend=-1))
    top = np.maximum.reduceat(z, first)
    e = np.exp(z - top[bag])
    total = np.add.reduceat(e, first)
    return top + np.log(total), e / total[bag]


@dataclass(frozen=True)
class Fitted:
    """Gram weights and the bias they were fitted with."""

    weights: Floats
    bias: float


def fit(
    u: Units,
    sample_weight: Floats,
    *,
    epochs: int = 60,
    lr: float = 0.2,
    l2: float = 1e-7,
    bias: float = -4.0,
    bits: int = BITS,
) -> Fitted:
    """Full-batch Adam on the weighted log loss of the bags, the bias held fixed.

    With a fixed negative bias, grams never seen in training weigh 0 and text unlike anything in
    training scores ``bias`` -- benign -- instead of the class prior; only grams seen in injections
    lift a unit. ``sample_weight`` has one weight per bag.

    The fit runs over the grams that occur in ``u`` alone, numbered densely, and is scattered into
    the ``2 ** bits`` weights at the end: every other weight has a zero gradient, so Adam leaves it
    at exactly 0, and each kept weight sees the same arithmetic in the same order as in a fit over
    all ``2 ** bits`` (the result is bit for bit the same), without an epoch's passes over a million
    weights (most of a small fit's cost: a LOSO fold of a few hundred documents, a test's fit).
    """
    present, compact = np.unique(u.grams, return_inverse=True)
    fitted = _fit_dense(
        dataclasses.replace(u, grams=compact.reshape(u.grams.shape).astype(np.uint32)),
        sample_weight,
        epochs=epochs,
        lr=lr,
        l2=l2,
        bias=bias,
        size=present.size,
    )
    weights = np.zeros(1 << bits)
    weights[present] = fitted.weights
    return Fitted(weights, bias)


def _fit_dense(u: Units, sample_weight: Floats, *, epochs: int, lr: float, l2: float, bias: float, size: int) -> Fitted:
    """:func:`fit` over ``size`` weights, every gram index of ``u`` below ``size``."""
    bags = u.bag_label.size
    w = np.zeros(size)
    m, v = np.zeros(size), np.zeros(size)
    lengths = np.maximum(u.end - u.start, MIN_WINDOW) * float(len(ORDERS))
    positions = u.grams.shape[1]
    scale = sample_weight / sample_weight.sum()
    for t in range(1, epochs + 1):
        z = unit_logits(u, w, bias)
        pooled, share = _bag_softmax(z, u.bag, bags)
        p = 1.0 / (1.0 + np.exp(-np.clip(pooled, -60, 60)))
        r = (share * ((p - u.bag_label) * scale)[u.bag]) / lengths
        delta = np.bincount(u.start, weights=r, minlength=positions + 1)
        delta -= np.bincount(u.end, weights=r, minlength=positions + 1)
        per_position = np.cumsum(delta)[:positions]
        grad = l2 * w
        for row in u.grams:  # one scatter per order: no tiled copy of the positions
            grad += np.bincount(row, weights=per_position, minlength=size)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= lr * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return Fitted(w, bias)


def subset(u: Units, keep: npt.NDArray[np.bool_]) -> Units:
    """The units of the bags ``keep`` marks, with only the positions they cover, renumbered.

    A fit on the subset is the fit on all bags with weight 0 on the others (their gradient is 0),
    for the cost of the kept positions alone. ``doc_count`` and ``bag_doc`` are kept as they were.
    """
    chosen = keep[u.bag]
    start, end = u.start[chosen], u.end[chosen]
    size = u.grams.shape[1]
    edges = np.bincount(start, minlength=size + 1)[: size + 1] - np.bincount(end, minlength=size + 1)[: size + 1]
    covered = np.cumsum(edges)[:size] > 0
    index = np.concatenate([[0], np.cumsum(covered)])  # new position of every old position (and the end)
    old_bags = u.bag[chosen]
    renumber = np.cumsum(keep) - 1
    return Units(
        grams=u.grams[:, covered],
        start=index[start],
        end=index[end],
        bag=renumber[old_bags],
        bag_label=u.bag_label[keep],
        bag_doc=u.bag_doc[keep],
        doc_count=u.doc_count,
    )


def doc_scores(u: Units, fitted: Fitted) -> Floats:
    """Each document's highest unit logit (``-inf`` for a document with no unit)."""
    z = unit_logits(u, fitted.weights, fitted.bias)
    pooled_max = np.maximum.reduceat(z, np.flatnonzero(np.diff(u.bag, prepend=-1)))
    best = np.full(u.doc_count, -np.inf)
    np.maximum.at(best, u.bag_doc, pooled_max)
    return best


SPLICE_MAX = 1500
"""Attacks longer than this many characters are not spliced (a carrier would be a footnote to them)."""
SPLICE_CARRIER = 512
"""Characters of the carrier kept around a spliced attack (its start): enough context, little cost."""
_BOUNDARY = re.compile(r"(?<=[.!?])\s+|\n+")


def splice_attacks(docs: Sequence[Document]) -> list[Document]:
    """Each attack that came without a carrier (a positive with no span), planted in a clean document.

    Sources that hold only attacks (chat-prompt corpora) and sources that hold only clean text
    (documentation, records) differ in style as well as in label; a model fitted on them as they are
    learns the style. Planting every such attack at a sentence or line boundary of a clean document
    of another source, with its span, gives a positive bag of the units that touch it and a negative
    bag of the carrier's other units: the same text on both sides of the boundary, so only the attack
    can tell them apart. The copy keeps the attack's source (``<source>+spliced``). Which carrier and
    where are chosen by hashing the attack's text, so the copies are the same on every run.
    """
    carriers = sorted({d.text for d in docs if d.label == 0 and len(d.text) >= 40})
    sources = {d.text: d.source for d in docs if d.label == 0}
    out = []
    for doc in docs:
        if doc.label != 1 or doc.span is not None or len(doc.text) > SPLICE_MAX or not carriers:
            continue
        seed = int.from_bytes(hashlib.sha256(doc.text.encode("utf-8", "surrogatepass")).digest()[:8], "big")
        pool = [c for c in (carriers[(seed + k * 7919) % len(carriers)] for k in range(8)) if sources[c] != doc.source]
        if not pool:
            continue
        carrier = pool[0][:SPLICE_CARRIER]
        cuts = [0, len(carrier), *(m.end() for m in _BOUNDARY.finditer(carrier))]
        at = sorted(set(cuts))[(seed >> 20) % len(set(cuts))]
        head, tail = carrier[:at], carrier[at:]
        text = f"{head}\n{doc.text}\n{tail}" if head else f"{doc.text}\n{tail}"
        start = len(head) + 1 if head else 0
        out.append(Document(text, 1, f"{doc.source}+spliced", (start, start + len(doc.text)), sources[pool[0]]))
    return out


def balanced_weights(labels: Sequence[int], sources: Sequence[str]) -> Floats:
    """One weight per item so that each (source, label) cell weighs the same in total."""
    cells: dict[tuple[str, int], int] = {}
    for key in zip(sources, labels, strict=True):
        cells[key] = cells.get(key, 0) + 1
    return np.array([1.0 / cells[key] for key in zip(sources, labels, strict=True)])


def holdout(doc: Document, share: float = 0.2) -> bool:
    """Whether ``doc`` is in the calibration share of its source (by a salted hash of its text: reproducible,
    and independent of the plain SHA-256 order the data's build scripts sample by)."""
    digest = hashlib.sha256(b"weir-holdout\0" + doc.text.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:4], "big") < share * 2**32


def choose_threshold(scores: Floats, sources: Sequence[str], max_fpr: float) -> float:
    """The lowest threshold at which the negatives' false-positive rate, each source weighing the same,
    is at most ``max_fpr``: scores of clean documents only."""
    weights = balanced_weights([0] * len(sources), sources)
    order = np.argsort(-scores, kind="stable")
    flagged = np.cumsum(weights[order]) / weights.sum()
    # Flagging the k highest costs flagged[k - 1]; ties move together, so cut between distinct scores.
    ranked = scores[order]
    for k in range(ranked.size, 0, -1):
        if flagged[k - 1] <= max_fpr and (k == ranked.size or ranked[k - 1] > ranked[k]):
            return float(ranked[k - 1])
    # Not even the highest may be flagged: just above it (above every score when there is none).
    return float(np.nextafter(ranked[0], math.inf)) if ranked.size else -math.inf


def platt(scores: Floats, labels: Floats, weights: Floats, iterations: int = 500) -> tuple[float, float]:
    """``(a, b)`` of the weighted logistic fit ``P(injection) = sigmoid(a * score + b)`` (Newton steps)."""
    a, b = 1.0, 0.0
    finite = np.isfinite(scores)
    x, y, sw = scores[finite], labels[finite], weights[finite]
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(a * x + b, -60, 60)))
        g = np.array([np.sum(sw * (p - y) * x), np.sum(sw * (p - y))])
        h = p * (1 - p) * sw
        hess = np.array([[np.sum(h * x * x), np.sum(h * x)], [np.sum(h * x), np.sum(h)]]) + 1e-9 * np.eye(2)
        step = np.linalg.solve(hess, g)
        a, b = a - step[0], b - step[1]
        if np.abs(step).max() < 1e-10:
            break
    return float(a), float(b)
