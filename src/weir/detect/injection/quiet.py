"""The classifier's usual answer for a short text -- "no window reaches the threshold" -- cheaply.

:meth:`InjectionModel.scores <weir.detect.injection.model.InjectionModel.scores>` builds arrays
of window starts, ends, lengths, sums and logits for every scale, concatenates them and searches
them: two dozen numpy calls of about a microsecond each, whatever the length, for a text of a few
hundred bytes that has a handful of windows. Here the same windows get the same logits from the
same sums, in Python floats -- IEEE double like numpy's float64, the same operations in the same
order, so the same bits -- and the answer is only ever "below the floor everywhere" (the caller
returns no windows) or "not sure" (the caller scores the text in full, as before). The gram
weights themselves are still summed by numpy: :func:`window_sums` reads them with the reference's
own reductions (``add.reduceat`` over float32 blocks, the float64 ``sum`` of a whole window).

``tests/detect/test_short.py`` compares the windows reported with and without this shortcut on
random, adversarial and corpus texts and on models whose windows often reach the threshold.
"""

from __future__ import annotations

import re

import numpy as np
import numpy.typing as npt

from weir.detect.injection.features import ORDERS

__all__ = ["collapse", "quiet", "window_sums"]

_SPACES = re.compile(b"  +")


def collapse(folded: bytes) -> bytes:
    """Runs of spaces in ``folded`` (bytes already through the classifier's byte table) cut to one:
    :func:`~weir.detect.injection.features.prepare`'s ``data`` without its map of kept bytes."""
    return _SPACES.sub(b" ", folded) if b"  " in folded else folded


def window_sums(values: npt.NDArray[np.float32], chunk: int) -> list[tuple[float, int, int]]:
    """``(sum, start, end)`` of every window of
    :func:`~weir.detect.injection.features.windows`, the sums exactly those of
    :func:`~weir.detect.injection.features.window_sums` (``chunk`` even)."""
    size = values.size
    if size <= chunk:
        return [(float(np.add.reduce(values, dtype=np.float64)), 0, size)]
    stride = chunk // 2
    # float32 block sums, read as Python floats (exact): adding two is numpy's float64 addition.
    blocks: list[float] = np.add.reduceat(values, np.arange(0, size, stride)).tolist()
    regular = (size - chunk) // stride + 1
    sums = [(blocks[i] + blocks[i + 1], i * stride, i * stride + chunk) for i in range(regular)]
    if (regular - 1) * stride + chunk < size:
        sums.append((float(np.add.reduce(values[size - chunk :], dtype=np.float64)), size - chunk, size))
    return sums


def quiet(
    values: npt.NDArray[np.float32], scales: list[tuple[int, float]], min_window: int, bias: float, floor: float
) -> bool:
    """Whether every window of every ``(chunk, margin)`` scale over the gram weights ``values``
    has a logit below ``floor``: ``sum / (max(length, min_window) * len(ORDERS)) + (bias - margin)``,
    as the model computes it."""
    per_gram = float(len(ORDERS))
    for chunk, margin in scales:
        offset = bias - margin
        for total, start, end in window_sums(values, chunk):
            if total / (max(end - start, min_window) * per_gram) + offset >= floor:
                return False
    return True
