"""A design attempt at an injection score that carries across sources (issue 31, item 1): the byte n-gram
classifier's document score stacked with structural signals that say *who is addressed* and *what kind
of text* this is, rather than which words a source happens to use.

The n-gram model learns each training source's vocabulary; a left-out source speaks another one, and
benign text that tells its reader what to do (a manual, a FAQ) shares the imperative words of attacks.
What an injection has that a manual has not is an addressee shift: the text turns from its subject to
the model reading it ("assistant", "AI", "your instructions", "system prompt"), asks it to drop what it
was told ("ignore", "instead", "from now on"), or to hide the request from the user. A manual addresses
a person about a device or a program ("click", "open the settings", "step 3"). Each signal is a count
per 1,000 characters (capped), so a long page and a one-line prompt read alike.

The stack is a weighted logistic regression over ``[classifier logit, signals...]`` fitted, in each LOSO
fold, on half of the training sources' calibration share (each source and label weighing the same); the
fold's thresholds are then chosen on the other half, as ``evals.detect.loso`` chooses them. Nothing here
is imported by Weir at run time: this module measures whether the design moves the LOSO figures.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["SIGNALS", "fit_stack", "signal_matrix", "split_half", "stack_scores"]

Floats = npt.NDArray[np.float64]

_AI = r"(?:assistant|a\.?i\.?|chat\s?bot|chatgpt|gpt|llm|language\s+model|model|agent|bot|copilot|claude|gemini)"
SIGNALS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # The text addresses the model that reads it.
    (
        "addressee",
        re.compile(rf"\b(?:dear|hey|hi|note\s+to(?:\s+the)?|attention|to\s+the)\s+{_AI}\b|\b{_AI}\s*[,:]", re.I),
    ),
    ("you-are", re.compile(r"\byou\s+(?:are|will\s+be|must|should|have\s+to|need\s+to|shall)\s+(?:now\s+)?\w+", re.I)),
    (
        "your-instructions",
        re.compile(
            r"\byour\s+(?:new\s+|real\s+|true\s+|original\s+|previous\s+|initial\s+)?(?:instructions?|task|role|"
            r"rules|guidelines|prompt|programming|directives?|objective|purpose|goal)\b",
            re.I,
        ),
    ),
    (
        "override",
        re.compile(
            r"\b(?:ignore|disregard|forget|override|bypass|skip|drop|abandon)\b[^.\n]{0,40}?\b(?:previous|prior|above|"
            r"earlier|all|any|original|initial|preceding|those|these|the)\b|\b(?:from\s+now\s+on|instead\b|new\s+"
            r"instructions?|the\s+real\s+task)",
            re.I,
        ),
    ),
    (
        "system",
        re.compile(r"\b(?:system\s+(?:prompt|message)|developer\s+mode|jailbreak|dan\b|do\s+anything\s+now)", re.I),
    ),
    (
        "secrecy",
        re.compile(
            r"\b(?:do\s+not|don'?t|never|without)\s+(?:tell|telling|inform|informing|mention|mentioning|alert)", re.I
        ),
    ),
    ("user", re.compile(r"\bthe\s+user(?:'s)?\b", re.I)),
    # What a benign manual or record has instead.
    (
        "device-steps",
        re.compile(
            r"\b(?:click|tap|press|select|choose|open|scroll|toggle|navigate\s+to|go\s+to|restart|reboot|"
            r"install|run|type|enter)\s+(?:the|on|your|a|an)?\s*\w+|\bstep\s+\d",
            re.I,
        ),
    ),
    ("code", re.compile(r"[{}\[\];=<>]|\bdef\s|\bclass\s|\breturn\b|\bimport\b")),
)
"""Each signal's name and pattern (counted per 1,000 characters)."""
_CAP = 20.0


def signal_matrix(texts: Sequence[str]) -> Floats:
    """One row per text: ``log1p`` of each signal's matches per 1,000 characters (capped at ``_CAP``)."""
    out = np.zeros((len(texts), len(SIGNALS)))
    for i, text in enumerate(texts):
        sample = text[:4000]
        per = 1000.0 / max(len(sample), 200)
        for j, (_, pattern) in enumerate(SIGNALS):
            out[i, j] = np.log1p(min(_CAP, len(pattern.findall(sample)) * per))
    return out


def split_half(texts: Sequence[str]) -> npt.NDArray[np.bool_]:
    """Which documents of a calibration share fit the stack (the rest choose thresholds), by a salted hash."""
    salt = b"weir-stack\0"
    return np.array([hashlib.sha256(salt + t.encode("utf-8", "surrogatepass")).digest()[0] < 128 for t in texts])


def _design(logits: Floats, signals: Floats) -> Floats:
    finite = np.where(np.isfinite(logits), logits, np.where(logits > 0, 30.0, -30.0))
    return np.column_stack([np.clip(finite, -30, 30), signals, np.ones(len(logits))])


def fit_stack(logits: Floats, signals: Floats, labels: Floats, weights: Floats, l2: float = 1e-2) -> Floats:
    """Coefficients of the weighted, L2-regularised logistic regression (Newton steps; the bias unpenalised)."""
    x = _design(logits, signals)
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[-1] = 0.0
    sw = weights / weights.sum()
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -60, 60)))
        grad = x.T @ (sw * (p - labels)) + penalty * w
        hess = (x * (sw * p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def stack_scores(coefficients: Floats, logits: Floats, signals: Floats) -> Floats:
    """The stacked logit of each document."""
    scores: Floats = _design(logits, signals) @ coefficients
    return scores
