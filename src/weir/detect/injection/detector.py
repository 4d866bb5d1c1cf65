"""``InjectionDetector``: high-precision patterns plus the shipped classifier, as one detector."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from weir.detect.injection.features import ORDERS, prepare
from weir.detect.injection.model import InjectionModel, WindowScore, load_model
from weir.detect.injection.patterns import Hit
from weir.detect.injection.scanner import scan_patterns
from weir.errors import ConfigError
from weir.labels.finding import Finding, FindingClass

__all__ = ["DEFAULT_CHUNK_CHARS", "DEFAULT_THRESHOLD", "InjectionDetector"]

DEFAULT_THRESHOLD = 0.68
"""The model's probabilities are calibrated (Platt scaling on the 20% of every source that training holds
out); this is the probability at which patterns + model flag at most 5% of those held-out clean
documents, each source weighing the same, rounded to two places (``scripts/train_injection.py`` prints
it and writes it into the model file; a test checks they agree). How it holds on a source training
never saw: ``python -m evals.detect --loso``."""
DEFAULT_CHUNK_CHARS = 256
"""Window length the model was trained on; windows overlap by half. Besides windows, the model scores
every sentence, line and field of the text on its own (``weir.detect.injection.segments``)."""
_SEGMENT = 1 << 20
"""Texts are scored in segments of this many bytes, so memory stays bounded on huge results."""


class InjectionDetector:
    """Finds prompt injection aimed at the model in text that a tool returned.

    ``threshold`` is the classifier probability at or above which a window is reported;
    ``chunk_chars`` the window length (UTF-8 bytes of the text with whitespace runs collapsed, so
    characters for ASCII text); ``patterns`` and ``model`` switch the two halves. Findings have
    ``cls=malicious``; pattern findings carry the pattern's kind (``ignore-previous``,
    ``role-impersonation``, ...), classifier findings kind ``classifier`` with the calibrated
    probability of the highest-scoring window or segment as confidence, and a message that quotes
    the start of the span and names the words that weighed most. Calling it never raises on a ``str``; bad options raise
    ``ConfigError`` and a missing model file ``DetectorError``, both when it is built.
    """

    id = "injection"

    def __init__(
        self,
        threshold: float = DEFAULT_THRESHOLD,
        chunk_chars: int = DEFAULT_CHUNK_CHARS,
        patterns: bool = True,
        model: bool = True,
    ) -> None:
        if not 0.0 < threshold <= 1.0:
            raise ConfigError(f"injection detector: threshold must be in (0, 1], got {threshold}")
        if chunk_chars < 16:
            raise ConfigError(f"injection detector: chunk_chars must be at least 16, got {chunk_chars}")
        self.threshold = threshold
        self.chunk_chars = chunk_chars
        self.patterns = patterns
        self._model: InjectionModel | None = load_model() if model else None

    def __call__(self, text: str) -> list[Finding]:
        """Every finding in ``text``, ordered by start offset; spans index ``text``."""
        if not isinstance(text, str) or not text:
            return []
        findings: list[Finding] = []
        if self.patterns:
            findings.extend(_merge_hits(scan_patterns(text)))
        if self._model is not None:
            findings.extend(self._classify(text))
        findings.sort(key=lambda f: (f.start, f.end, f.kind))
        return findings

    def window_scores(self, text: str, minimum: float = 0.0) -> list[WindowScore]:
        """The classifier's windows scoring at least ``minimum`` (byte spans); empty when the model is off."""
        if self._model is None or not isinstance(text, str):
            return []
        raw = text.encode("utf-8", "surrogatepass")
        overlap = self.chunk_chars
        scores: list[WindowScore] = []
        for seg_start in range(0, max(1, len(raw)), _SEGMENT):
            seg_end = min(len(raw), seg_start + _SEGMENT + overlap)
            for s in self._model.scores(raw[seg_start:seg_end], self.chunk_chars, minimum):
                scores.append(WindowScore(s.start + seg_start, s.end + seg_start, s.probability))
        return scores

    def _classify(self, text: str) -> list[Finding]:
        flagged = self.window_scores(text, self.threshold)
        if not flagged or self._model is None:
            return []
        to_char = _byte_to_char(text)
        spans = [(to_char(start), to_char(end), prob) for start, end, prob in _merge_windows(flagged)]
        weighed = _span_weights(self._model, [text[first:last] for first, last, _ in spans])
        return [
            Finding(
                detector=self.id,
                kind="classifier",
                cls=FindingClass.MALICIOUS,
                start=first,
                end=last,
                confidence=round(prob, 4),
                message=_explain(text[first:last], prob, data, weights),
            )
            for (first, last, prob), (data, weights) in zip(spans, weighed, strict=True)
        ]


_QUOTE = 60
_PUNCTUATION = b".,;:!?\"'()[]{}<>"


def _span_weights(
    model: InjectionModel, spans: list[str]
) -> list[tuple[npt.NDArray[np.uint8], npt.NDArray[np.float32]]]:
    """Each span's normalised bytes and the summed gram weight starting at each, hashed in one pass.

    The spans are joined with ``max(ORDERS) - 1`` zero bytes between them: a gram that runs past
    a span's end reads zero bytes, as it does when the span is hashed alone, so every weight is
    the one the span alone would give. One pass instead of one per span: a long result with
    hundreds of flagged spans paid more for explaining them than for finding them.
    """
    datas = [prepare(span.encode("utf-8", "surrogatepass")).data for span in spans]
    gap = max(ORDERS) - 1
    starts = np.cumsum([0] + [d.size + gap for d in datas]).tolist()
    joined = np.zeros(starts.pop(), dtype=np.uint8)
    for data, at in zip(datas, starts, strict=True):
        joined[at : at + data.size] = data
    weights = model.position_weights(joined)
    return [(data, weights[at : at + data.size]) for data, at in zip(datas, starts, strict=True)]


def _explain(span: str, prob: float, data: npt.NDArray[np.uint8], weights: npt.NDArray[np.float32]) -> str:
    """Why a span was flagged: its probability, how it starts, and the words whose grams weighed most.

    ``data`` is the span's normalised text (lower case, digits as 0) and ``weights`` the summed
    gram weight at each of its bytes (:func:`_span_weights`); a word's weight is the sum over the
    grams that start in it. Only the top few words are decoded.
    """
    top: list[str] = []
    if data.size:
        prefix = np.concatenate([[0.0], np.cumsum(weights, dtype=np.float64)])
        spaces = np.flatnonzero(data == 0x20)
        starts = np.concatenate([[0], spaces + 1])
        ends = np.concatenate([spaces, [data.size]])
        weight = prefix[ends] - prefix[starts]
        raw = data.tobytes()
        for k in np.argsort(-weight, kind="stable")[:12].tolist():
            word = raw[starts[k] : ends[k]].strip(_PUNCTUATION).decode("utf-8", "replace")
            if weight[k] <= 0 or len(top) == 4:
                break
            if len(word) >= 2 and word not in top:
                top.append(word)
    quote = " ".join(span.split())
    quote = quote if len(quote) <= _QUOTE else quote[: _QUOTE - 1] + "…"
    words = ", ".join(repr(w) for w in top) if top else "none stands out"
    return f"injection classifier probability {prob:.2f} for {quote!r}; strongest words: {words}"


def _merge_hits(hits: Iterable[Hit]) -> list[Finding]:
    """One finding per overlapping run of hits of the same kind (the highest confidence wins)."""
    merged: list[Hit] = []
    for hit in sorted(hits, key=lambda h: (h.kind, h.start)):
        last = merged[-1] if merged else None
        if last is not None and last.kind == hit.kind and hit.start < last.end:
            best = hit if hit.confidence > last.confidence else last
            merged[-1] = Hit(hit.kind, last.start, max(last.end, hit.end), best.confidence, best.message)
        else:
            merged.append(hit)
    return [
        Finding(
            detector=InjectionDetector.id,
            kind=h.kind,
            cls=FindingClass.MALICIOUS,
            start=h.start,
            end=h.end,
            confidence=h.confidence,
            message=h.message,
        )
        for h in merged
    ]


def _merge_windows(scores: list[WindowScore]) -> list[tuple[int, int, float]]:
    """Overlapping flagged windows become one span with their highest probability."""
    spans: list[tuple[int, int, float]] = []
    for s in sorted(scores, key=lambda w: w.start):
        if spans and s.start < spans[-1][1]:
            start, end, prob = spans[-1]
            spans[-1] = (start, max(end, s.end), max(prob, s.probability))
        else:
            spans.append((s.start, s.end, s.probability))
    return spans


def _byte_to_char(text: str) -> _ToChar:
    """A function from UTF-8 byte offsets (of ``surrogatepass`` encoding) to character offsets."""
    if text.isascii():
        return _ToChar(None, len(text))
    raw = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    leads = np.zeros(raw.size + 1, dtype=np.int64)
    np.cumsum((raw & 0xC0) != 0x80, out=leads[1:])
    return _ToChar(leads, len(text))


class _ToChar:
    """Callable byte-offset → character-offset map; characters before the offset are counted."""

    def __init__(self, leads: npt.NDArray[np.int64] | None, length: int) -> None:
        self._leads = leads
        self._length = length

    def __call__(self, offset: int) -> int:
        if self._leads is None:
            return min(offset, self._length)
        return int(self._leads[min(max(offset, 0), self._leads.size - 1)])
