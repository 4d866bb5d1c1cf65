"""A window head over WordLlama features, trained per document (multiple instance), in numpy only.

The training sets mark no span, so a document's label belongs to the document, not to any one
window. The head gives each window a logit ``z``; during training a document's logit is the
log-sum-exp of its windows' (a smooth maximum, so every window of a document gets some gradient,
the highest the most), and the loss is the cross-entropy of that against the document's label.
At scoring time a document's logit is the plain maximum over its windows, as a detector reports
the window that carries the evidence. ``hidden=0`` is a logistic head; ``hidden>0`` adds one ReLU
layer. Full-batch Adam with L2; features standardised with the training rows' mean and spread.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Head:
    """Trained head: standardisation, layers, and the bias shift that calibrates it."""

    mean: np.ndarray
    scale: np.ndarray
    layers: list[np.ndarray]
    shift: float = 0.0

    def window_logits(self, x: np.ndarray) -> np.ndarray:
        """Logit of every window row of ``x``."""
        h = (x - self.mean) / self.scale
        if len(self.layers) == 4:
            h = np.maximum(h @ self.layers[0] + self.layers[1], 0.0)
        return h @ self.layers[-2] + self.layers[-1][0] - self.shift

    def doc_logits(self, x: np.ndarray, doc: np.ndarray, docs: int) -> np.ndarray:
        """Per document: its highest window logit (``doc`` numbers each row's document, 0..docs-1)."""
        out = np.full(docs, -np.inf)
        np.maximum.at(out, doc, self.window_logits(x))
        return out


def _softmax_by_doc(z: np.ndarray, doc: np.ndarray, docs: int) -> tuple[np.ndarray, np.ndarray]:
    """``(log-sum-exp per document, each row's softmax weight within its document)``."""
    top = np.full(docs, -np.inf)
    np.maximum.at(top, doc, z)
    e = np.exp(z - top[doc])
    total = np.bincount(doc, weights=e, minlength=docs)
    return top + np.log(total), e / total[doc]


def fit(
    x: np.ndarray,
    doc: np.ndarray,
    y: np.ndarray,
    weight: np.ndarray,
    *,
    hidden: int = 0,
    epochs: int = 200,
    lr: float = 0.01,
    l2: float = 1e-3,
    seed: int = 0,
) -> Head:
    """A head fitted on window rows ``x`` of documents ``doc`` with labels ``y`` and document weights."""
    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-6
    h0 = ((x - mean) / scale).astype(np.float32)
    dim = h0.shape[1]
    if hidden:
        layers = [
            (rng.standard_normal((dim, hidden)) / np.sqrt(dim)).astype(np.float32),
            np.zeros(hidden, dtype=np.float32),
            (rng.standard_normal(hidden) / np.sqrt(hidden)).astype(np.float32),
            np.zeros(1, dtype=np.float32),
        ]
    else:
        layers = [np.zeros(dim, dtype=np.float32), np.zeros(1, dtype=np.float32)]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in layers]
    docs = y.size
    w = (weight / weight.sum()).astype(np.float64)
    for step in range(1, epochs + 1):
        if hidden:
            pre = h0 @ layers[0] + layers[1]
            act = np.maximum(pre, 0.0)
            z = act @ layers[2] + layers[3][0]
        else:
            z = h0 @ layers[0] + layers[1][0]
        s, soft = _softmax_by_doc(z.astype(np.float64), doc, docs)
        ds = w * (1.0 / (1.0 + np.exp(-s)) - y)
        dz = (ds[doc] * soft).astype(np.float32)
        if hidden:
            dact = np.outer(dz, layers[2]) * (pre > 0)
            grads = [h0.T @ dact, dact.sum(axis=0), act.T @ dz, np.array([dz.sum()], dtype=np.float32)]
        else:
            grads = [h0.T @ dz, np.array([dz.sum()], dtype=np.float32)]
        for i, (param, grad) in enumerate(zip(layers, grads, strict=True)):
            decayed = grad + l2 * param if i % 2 == 0 else grad  # weights decay, biases do not
            m, v = moments[i]
            m *= 0.9
            m += 0.1 * decayed
            v *= 0.999
            v += 0.001 * decayed * decayed
            param[...] -= lr * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return Head(mean, scale, layers)


def calibrate(head: Head, x: np.ndarray, doc: np.ndarray, y: np.ndarray, fpr: float = 0.01) -> Head:
    """The head with its bias shifted so that logit 0 flags ``fpr`` of the benign documents given."""
    head.shift = 0.0
    logits = head.doc_logits(x, doc, y.size)
    head.shift = float(np.quantile(logits[y == 0], 1 - fpr))
    return head
