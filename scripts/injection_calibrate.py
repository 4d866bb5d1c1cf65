"""Choose the margins of the injection classifier's finer scales on validation data.

The long windows (the chunk length) are the model's base scale; its threshold is already folded
into the bias, so a logit >= 0 flags. Each finer scale -- half-length windows, then the text's own
segments (sentences, lines, fields) -- sees a short injection with less dilution but is noisier,
so its logits are lowered by a margin: the smallest multiple of 0.25 at which adding that scale
does not raise the validation false-positive rate at all (``slack`` 0). The scales are added in
that order, each on top of the ones before. Only validation data is ever used here, never a
tool-output evaluation pool.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from weir.detect.injection.model import InjectionModel

Example = tuple[str, int, tuple[int, int] | None, str]
STEP = 0.25
MAX_MARGIN = 6.0


def max_logits(examples: list[Example], model: InjectionModel, chunk: int) -> np.ndarray:
    """The highest window logit of each document, scored by the shipped model code."""
    out = np.full(len(examples), -np.inf)
    for i, (text, _, _, _) in enumerate(examples):
        logit = model.logits(text.encode("utf-8", "replace"), chunk)[0]
        if logit.size:
            out[i] = logit.max()
    return out


def smallest_margin(
    base: np.ndarray, extra: np.ndarray, labels: np.ndarray, name: str, slack: float = 0.0
) -> tuple[float, np.ndarray]:
    """The smallest margin at which ``max(base, extra - margin)`` keeps the FPR of ``base`` (within ``slack``).

    Returns the margin and the combined per-document logits at it.
    """
    before = float((base[labels == 0] >= 0).mean())
    for margin in np.arange(0.0, MAX_MARGIN + 0.01, STEP):
        both = np.maximum(base, extra - margin)
        fpr = float((both[labels == 0] >= 0).mean())
        if fpr <= before + slack:
            tprs = ((base[labels == 1] >= 0).mean(), (both[labels == 1] >= 0).mean())
            shown = f"validation TPR {tprs[0]:.3f} -> {tprs[1]:.3f}, FPR {before:.3f} -> {fpr:.3f}"
            print(f"  {name} margin {margin:.2f}: {shown}")
            return float(margin), both
    return MAX_MARGIN, np.maximum(base, extra - MAX_MARGIN)


def calibrate(
    examples: list[Example], weights: np.ndarray, bias: float, chunk: int, min_window: int, *, segments: bool
) -> dict[str, float]:
    """``short_margin`` (and with ``segments`` ``segment_margin``) for the model file, chosen on validation data."""
    table = weights.astype(np.float16).astype(np.float32)  # exactly what the shipped file holds
    labels = np.array([ex[1] for ex in examples])
    model = InjectionModel(table, bias, min_window=min_window)
    long = max_logits(examples, model, chunk)
    short = max_logits(examples, model, chunk // 2)
    short_margin, base = smallest_margin(long, short, labels, "short-window")
    if not segments:
        return {"short_margin": short_margin}
    # Scored with margin 0 the segment model gives max(long, segments); minus a margin m >= 0 and
    # combined with ``base`` (which holds ``long``), that is exactly max(base, segments - m).
    with_segments = InjectionModel(table, bias, min_window=min_window, segment_margin=0.0)
    segment_margin, _ = smallest_margin(base, max_logits(examples, with_segments, chunk), labels, "segment")
    return {"short_margin": short_margin, "segment_margin": segment_margin}
