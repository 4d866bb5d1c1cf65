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
import zipfile
from dataclasses import dataclass
from importlib import resources

import numpy as np
import numpy.typing as npt

from weir.detect.injection.features import ORDERS, Prepared, gram_indices, prepare, window_sums, windows
from weir.errors import DetectorError

__all__ = ["MODEL_FILE", "InjectionModel", "WindowScore", "load_model"]

MODEL_FILE = "model.npz"


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
    """

    def __init__(
        self,
        weights: npt.NDArray[np.float32],
        bias: float,
        *,
        version: str = "",
        min_window: int = 0,
        short_margin: float | None = None,
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

    def logits(
        self, raw: bytes, chunk: int
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Logit of every window (both scales when ``short_margin`` is set) and its span over the normalised bytes."""
        logit, starts, ends, _ = self._logits(raw, chunk)
        return logit, starts, ends

    def _logits(
        self, raw: bytes, chunk: int
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64], Prepared]:
        prepared = prepare(raw)
        size = prepared.data.size
        if size == 0:
            empty = np.zeros(0, dtype=np.int64)
            return np.zeros(0), empty, empty, prepared
        chunk += chunk % 2  # windows are pairs of half-chunk blocks
        gathered = np.take(self.weights, gram_indices(prepared.data, self.bits))
        per_position = gathered[0]
        for row in gathered[1:]:
            per_position += row
        logit, starts, ends = self._scale(per_position, chunk, 0.0)
        half = (chunk // 2) + (chunk // 2) % 2
        if self.short_margin is not None and size > half >= 16:
            more = self._scale(per_position, half, self.short_margin)
            logit, starts, ends = (np.concatenate([a, b]) for a, b in zip((logit, starts, ends), more, strict=True))
        return logit, starts, ends, prepared

    def _scale(
        self, per_position: npt.NDArray[np.float32], chunk: int, margin: float
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Logits (lowered by ``margin``) and spans of the windows of one length over the summed gram weights."""
        starts, ends = windows(per_position.size, chunk)
        lengths = np.maximum(ends - starts, self.min_window)
        mean = window_sums(per_position, chunk) / (lengths * float(len(ORDERS)))
        return mean + (self.bias - margin), starts, ends

    def scores(self, raw: bytes, chunk: int, minimum: float = 0.0) -> list[WindowScore]:
        """The windows whose probability (sigmoid of the logit) is at least ``minimum``, in order.

        Spans are byte offsets in ``raw``; they are mapped back from the normalised bytes only for
        the windows returned, so a clean text costs no mapping at all.
        """
        logit, starts, ends, prepared = self._logits(raw, chunk)
        prob = 1.0 / (1.0 + np.exp(-np.clip(logit, -60.0, 60.0)))
        chosen = np.flatnonzero(prob >= minimum)
        if chosen.size == 0:
            return []
        origin = prepared.origin()
        return [WindowScore(int(origin[starts[i]]), int(origin[ends[i]]), float(prob[i])) for i in chosen]


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
        margin = meta.get("short_margin")
        short_margin = None if margin is None else float(margin)
    except (OSError, KeyError, ValueError, TypeError, zipfile.BadZipFile) as exc:
        raise DetectorError(f"injection model could not be loaded: {exc}") from exc
    return InjectionModel(weights, bias, version=version, min_window=min_window, short_margin=short_margin)
