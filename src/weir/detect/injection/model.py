"""The shipped injection classifier: a linear model over hashed byte n-grams.

``model.npz`` (next to this module, produced by ``scripts/train_injection.py``) holds the
bucket weights and a bias. Loading is a single ``numpy.load`` of a few MB; scoring a text
gathers one weight per n-gram, takes prefix sums and reads every window's mean off them, so
the cost is a handful of vectorised passes over the bytes whatever the number of windows.
"""

from __future__ import annotations

import functools
import io
import json
import math
import zipfile
from dataclasses import dataclass
from importlib import resources

import numpy as np
import numpy.typing as npt

from weir.detect import short
from weir.detect.injection.features import ORDERS, TABLE_BYTES, Prepared, gram_indices, prepare, window_sums, windows
from weir.detect.injection.quiet import collapse, quiet
from weir.detect.injection.segments import segments
from weir.errors import DetectorError

__all__ = ["MODEL_FILE", "InjectionModel", "WindowScore", "load_model"]

MODEL_FILE = "model.npz"
_BLOCK = 1 << 14
"""Bytes hashed and gathered at a time (see ``InjectionModel.position_weights``)."""
_QUIET_SHARE = 4.0
"""Of ``short.LIMIT``: the texts (in UTF-8 bytes) whose windows :meth:`InjectionModel._quiet` checks
in Python floats first (measured: docs/detect.md, "Speed")."""
_SUM_SHARE = 33.0
"""Of ``short.LIMIT``: the blocks whose gram weights are summed by one reduction, not row by row."""


@dataclass(frozen=True, slots=True)
class WindowScore:
    """One window's probability of being an injection, with its span in UTF-8 byte offsets."""

    start: int
    end: int
    probability: float


class InjectionModel:
    """Bucket weights plus a bias; ``scores`` maps bytes to per-window probabilities.

    ``min_window`` is the length floor of the window mean: a window of fewer positions is averaged
    as if padded with unseen (zero-weight) grams up to it, so a handful of grams in a short text
    ("nothing to see here", a tiny JSON record) cannot carry the score the way they would if they
    were the whole evidence. The trainer uses the same floor; it is read from the model file.

    ``short_margin``, when set, adds a second, finer scale: windows of half the chunk, whose logit
    is lowered by that margin. A short injection inside a long benign window is diluted by the
    mean; the half windows see it with half the dilution, and the margin (chosen by the trainer on
    validation data so that the false-positive rate does not rise) pays for their noisier mean.
    ``None`` scores the one scale only.

    ``segment_margin``, when set, adds a third scale: every sentence, line and field of the text
    (``weir.detect.injection.segments``) is a window of its own, its logit lowered by that margin
    (also chosen on validation data). A planted sentence is then read with no benign neighbours.
    """

    def __init__(
        self,
        weights: npt.NDArray[np.float32],
        bias: float,
        *,
        version: str = "",
        min_window: int = 0,
        short_margin: float | None = None,
        segment_margin: float | None = None,
    ) -> None:
        size = weights.size
        if size < 2 or size & (size - 1):
            raise DetectorError(f"injection model: weight table size {size} is not a power of two")
        if min_window < 0:
            raise DetectorError(f"injection model: min_window must be >= 0, got {min_window}")
        self.weights = weights.astype(np.float32)
        self.bias = float(bias)
        self.bits = size.bit_length() - 1
        self.version = version
        self.min_window = min_window
        self.short_margin = short_margin
        self.segment_margin = segment_margin

    def logits(
        self, raw: bytes, chunk: int
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Logit of every window (of every scale the model has) and its span over the normalised bytes."""
        logit, starts, ends, _ = self._logits(raw, chunk)
        return logit, starts, ends

    def _logits(
        self, raw: bytes, chunk: int, prepared: Prepared | None = None
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64], Prepared]:
        prepared = prepare(raw) if prepared is None else prepared
        size = prepared.data.size
        if size == 0:
            empty = np.zeros(0, dtype=np.int64)
            return np.zeros(0), empty, empty, prepared
        chunk += chunk % 2  # windows are pairs of half-chunk blocks
        per_position = self.position_weights(prepared.data)
        logit, starts, ends = self._scale(per_position, chunk, 0.0)
        half = (chunk // 2) + (chunk // 2) % 2
        scales = [(logit, starts, ends)]
        # A scale added here must also be added to (or rule out) _quiet for the texts it scores.
        if self.short_margin is not None and self._half_scale(size, chunk):
            scales.append(self._scale(per_position, half, self.short_margin))
        if self.segment_margin is not None:
            scales.append(self._segments(raw, prepared, per_position, self.segment_margin))
        if len(scales) > 1:
            logit, starts, ends = (np.concatenate(parts) for parts in zip(*scales, strict=True))
        return logit, starts, ends, prepared

    def _half_scale(self, size: int, chunk: int) -> bool:
        """Whether a text of ``size`` normalised bytes is scored in half windows too (``chunk`` even)."""
        half = (chunk // 2) + (chunk // 2) % 2
        return self.short_margin is not None and size > half >= 16

    def _quiet(self, raw: bytes, chunk: int, minimum: float) -> bool:
        """Whether no window of a short text can reach ``minimum`` (:mod:`weir.detect.injection.quiet`).

        ``False`` means "not shown": the caller then scores the text in full. Texts with segments
        (a third scale, cut by the raw bytes) always are.
        """
        floor = _logit_floor(minimum)
        if self.segment_margin is not None or floor == -np.inf or not short.within(len(raw), _QUIET_SHARE):
            return False
        data = np.frombuffer(collapse(raw.translate(TABLE_BYTES)), dtype=np.uint8)
        if data.size == 0:
            return False
        chunk += chunk % 2
        scales = [(chunk, 0.0)]
        if self.short_margin is not None and self._half_scale(data.size, chunk):
            scales.append(((chunk // 2) + (chunk // 2) % 2, self.short_margin))
        return quiet(self.position_weights(data), scales, self.min_window, self.bias, floor)

    def position_weights(self, data: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
        """The summed weight of the grams (one per order) starting at each normalised byte.

        Computed in blocks of ``_BLOCK`` bytes: the hashes and gathered weights of one block are
        small enough to stay in cache and to be recycled by the allocator, where whole-text
        temporaries (tens of bytes per input byte) would each be fresh pages from the kernel.
        A block reads the ``max(ORDERS) - 1`` bytes after it, so its grams are the whole text's.
        """
        if data.size <= _BLOCK:  # one block: the same sums without the bookkeeping
            # The methods and ufunc themselves, not np.take / ndarray.sum: their Python wrappers
            # cost more than the work on a short text.
            gathered = self.weights.take(gram_indices(data, self.bits), mode="clip")
            if short.within(data.size, _SUM_SHARE):
                # One reduction over the rows: out = row 0, then += each next row, in float32
                # as below (a reduction along the outer axis adds whole rows, in order).
                summed: npt.NDArray[np.float32] = np.add.reduce(gathered, axis=0)
                return summed
            total: npt.NDArray[np.float32] = gathered[0].copy()
            for row in gathered[1:]:
                total += row
            return total
        out = np.empty(data.size, dtype=np.float32)
        lookahead = max(ORDERS) - 1
        for lo in range(0, data.size, _BLOCK):
            hi = min(lo + _BLOCK, data.size)
            indices = gram_indices(data[lo : hi + lookahead], self.bits)[:, : hi - lo]
            # Every index is below the table size by construction, so ``clip`` never clips: it
            # only spares numpy the bounds check that ``raise`` would do per element.
            gathered = np.take(self.weights, indices, mode="clip")
            block = out[lo:hi]
            np.copyto(block, gathered[0])
            for row in gathered[1:]:
                block += row
        return out

    def _scale(
        self, per_position: npt.NDArray[np.float32], chunk: int, margin: float
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Logits (lowered by ``margin``) and spans of the windows of one length over the summed gram weights."""
        starts, ends = windows(per_position.size, chunk)
        lengths = np.maximum(ends - starts, self.min_window)
        mean = window_sums(per_position, chunk) / (lengths * float(len(ORDERS)))
        return mean + (self.bias - margin), starts, ends

    def _segments(
        self, raw: bytes, prepared: Prepared, per_position: npt.NDArray[np.float32], margin: float
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Logits (lowered by ``margin``) and spans of the text's segments; they tile it: one ``reduceat`` sums them."""
        starts, ends = segments(raw, prepared)
        sums = np.add.reduceat(per_position, starts).astype(np.float64)
        lengths = np.maximum(ends - starts, self.min_window)
        return sums / (lengths * float(len(ORDERS))) + (self.bias - margin), starts, ends

    def scores(self, raw: bytes, chunk: int, minimum: float = 0.0) -> list[WindowScore]:
        """The windows whose probability (sigmoid of the logit) is at least ``minimum``, in order.

        Spans are byte offsets in ``raw``; they are mapped back from the normalised bytes only for
        the windows returned, so a clean text costs no mapping at all.
        """
        if self._quiet(raw, chunk, minimum):
            return []  # the usual answer for a short text, at a fraction of the cost
        logit, starts, ends, prepared = self._logits(raw, chunk)
        # Only windows near or above the threshold need their probability: the sigmoid is monotonic,
        # so the logit floor (a little below the exact boundary) loses none; the exact test follows.
        candidates = np.flatnonzero(logit >= _logit_floor(minimum))
        if candidates.size == 0:
            return []  # the usual answer: nothing left to compute
        prob = 1.0 / (1.0 + np.exp(-np.clip(logit[candidates], -60.0, 60.0)))
        keep = prob >= minimum
        chosen, prob = candidates[keep], prob[keep]
        if chosen.size == 0:
            return []
        first, last = prepared.origin_at(np.stack([starts[chosen], ends[chosen]]))
        return [WindowScore(int(a), int(b), float(p)) for a, b, p in zip(first, last, prob, strict=True)]


def _logit_floor(minimum: float) -> float:
    """A logit below which no window can reach probability ``minimum`` (with room for rounding)."""
    if minimum <= 0.0:
        return -np.inf
    if minimum >= 1.0:
        return 30.0  # the float64 sigmoid rounds to 1.0 only above a logit of about 36.7
    floor = math.log(minimum / (1.0 - minimum)) - 1e-3
    return -np.inf if floor < -60.0 else floor  # logits are clipped to -60 before the sigmoid


@functools.cache
def load_model() -> InjectionModel:
    """The model shipped in the package, loaded once per process; no network, ever.

    Raises ``DetectorError`` if the file is missing or unreadable (a broken install).
    """
    try:
        blob = resources.files("weir.detect.injection").joinpath(MODEL_FILE).read_bytes()
        with np.load(io.BytesIO(blob), allow_pickle=False) as npz:
            weights = npz["weights"].astype(np.float32)
            bias = float(npz["bias"])
            version = str(npz["version"]) if "version" in npz.files else ""
        meta = json.loads(version) if version.startswith("{") else {}
        min_window = int(meta.get("min_window", 0))
        short_margin, segment_margin = (
            None if meta.get(key) is None else float(meta[key]) for key in ("short_margin", "segment_margin")
        )
    except (OSError, KeyError, ValueError, TypeError, zipfile.BadZipFile) as exc:
        raise DetectorError(f"injection model could not be loaded: {exc}") from exc
    return InjectionModel(
        weights,
        bias,
        version=version,
        min_window=min_window,
        short_margin=short_margin,
        segment_margin=segment_margin,
    )
