"""What the model detectors share: a gate, a budget, a cache, a failure policy, and their figures.

A model a deployer plugs in (an ONNX classifier, an LLM judge) costs milliseconds to seconds per
text, so it never reads everything: the shipped injection detector -- its classifier windows at
``gate`` or above, and its patterns -- marks the stretches worth a second opinion, and only those
(with ``context`` characters either side, merged when they touch) go to the model. Each verdict:

- runs in a worker thread under ``budget_s`` seconds (the caller, often the gateway's event loop
  handing a result to the Guard, is never blocked longer than that);
- is cached by the SHA-256 of the stretch (``cache_size`` entries, least recently used dropped);
- becomes a finding of the model's ``kind`` with the model's score as confidence, the stretch as
  span and the latency in the message (the audit stores findings, so it shows them);
- when the model fails or runs out of time, **fails closed**: a ``model-unavailable`` finding,
  malicious, over the stretch -- unless ``fail_open`` is set (the judge allows it), in which case
  nothing is reported and the failure is logged at ERROR, every time.

``stats`` counts calls, cache hits, failures, timeouts and total latency for ``/metrics``.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field

from weir.detect.registry import resolve
from weir.errors import ConfigError
from weir.labels.finding import Finding, FindingClass

__all__ = ["GatedModel", "ModelStats", "Verdict"]

log = logging.getLogger("weir.detect.models")


@dataclass(frozen=True, slots=True)
class Verdict:
    """A model's answer on one stretch: the probability it is an injection, and why (free text)."""

    score: float
    reason: str = ""


@dataclass
class ModelStats:
    """What a model detector did since it was built (read by ``/metrics`` collectors)."""

    calls: int = 0
    cache_hits: int = 0
    failures: int = 0
    timeouts: int = 0
    flagged: int = 0
    seconds: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, **counts: float) -> None:
        with self._lock:
            for name, value in counts.items():
                setattr(self, name, getattr(self, name) + value)


class GatedModel:
    """Base of the model detectors: subclasses set ``id``/``kind`` and implement :meth:`judge`."""

    id = "model"
    kind = "model"

    def __init__(
        self,
        *,
        threshold: float = 0.5,
        gate: float = 0.3,
        context: int = 200,
        budget_s: float = 2.0,
        cache_size: int = 4096,
        fail_open: bool = False,
        gate_with: Callable[[str], list[tuple[int, int]]] | None = None,
    ) -> None:
        if not 0.0 < threshold <= 1.0 or not 0.0 <= gate <= 1.0:
            raise ConfigError(f"{self.id}: threshold must be in (0, 1] and gate in [0, 1]")
        if budget_s <= 0 or cache_size < 0 or context < 0:
            raise ConfigError(f"{self.id}: budget_s must be positive, cache_size and context not negative")
        self.threshold, self.gate, self.context = threshold, gate, context
        self.budget_s, self.fail_open = budget_s, fail_open
        self.stats = ModelStats()
        self._cache: OrderedDict[str, Verdict] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix=f"weir-{self.id}")
        self._gate = gate_with or _injection_gate(gate)

    def judge(self, text: str) -> Verdict:
        """The model's verdict on one stretch; may raise (a failure) or take long (a timeout)."""
        raise NotImplementedError

    def __call__(self, text: str) -> list[Finding]:
        """Findings over the gated stretches of ``text`` the model scores at ``threshold`` or above."""
        if not isinstance(text, str) or not text:
            return []
        found = []
        for start, end in self.stretches(text):
            finding = self._verdict(text, start, end)
            if finding is not None:
                found.append(finding)
        return found

    def stretches(self, text: str) -> list[tuple[int, int]]:
        """The spans the gate marks, widened by ``context`` and merged where they touch."""
        merged: list[tuple[int, int]] = []
        for first, last in sorted(self._gate(text)):
            start, end = max(0, first - self.context), min(len(text), last + self.context)
            if merged and start <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
            else:
                merged.append((start, end))
        return merged

    def _verdict(self, text: str, start: int, end: int) -> Finding | None:
        stretch = text[start:end]
        digest = hashlib.sha256(stretch.encode("utf-8", "surrogatepass")).hexdigest()
        began = time.perf_counter()
        verdict = self._cached(digest)
        if verdict is None:
            verdict, failure = self._run(stretch)
            if verdict is None:
                return self._failed(start, end, failure, time.perf_counter() - began)
            self._store(digest, verdict)
        elapsed = time.perf_counter() - began
        self.stats.add(seconds=elapsed)
        if verdict.score < self.threshold:
            return None
        self.stats.add(flagged=1)
        why = f": {verdict.reason[:160]}" if verdict.reason else ""
        return self._finding(
            self.kind, start, end, verdict.score, f"score {verdict.score:.3f}, {elapsed * 1e3:.1f} ms{why}"
        )

    def _run(self, stretch: str) -> tuple[Verdict | None, str]:
        self.stats.add(calls=1)
        future = self._pool.submit(self.judge, stretch)
        try:
            verdict = future.result(timeout=self.budget_s)
        except FutureTimeout:
            future.cancel()
            self.stats.add(timeouts=1)
            return None, f"no verdict within {self.budget_s:g} s"
        except Exception as exc:  # any failure of the model is a failure to decide
            self.stats.add(failures=1)
            return None, f"{type(exc).__name__}: {exc}"
        return Verdict(min(1.0, max(0.0, float(verdict.score))), verdict.reason), ""

    def _failed(self, start: int, end: int, why: str, elapsed: float) -> Finding | None:
        if self.fail_open:
            log.error("%s failed OPEN (the text passes unjudged, as configured): %s", self.id, why)
            return None
        log.warning("%s failed closed: %s", self.id, why)
        return self._finding("model-unavailable", start, end, 1.0, f"{why} ({elapsed * 1e3:.0f} ms): failing closed")

    def _finding(self, kind: str, start: int, end: int, confidence: float, message: str) -> Finding:
        return Finding(
            detector=self.id,
            kind=kind,
            cls=FindingClass.MALICIOUS,
            start=start,
            end=end,
            confidence=confidence,
            message=f"{self.id}: {message}",
        )

    def _cached(self, digest: str) -> Verdict | None:
        with self._cache_lock:
            verdict = self._cache.get(digest)
            if verdict is not None:
                self._cache.move_to_end(digest)
                self.stats.add(cache_hits=1)
            return verdict

    def _store(self, digest: str, verdict: Verdict) -> None:
        if not self._cache_size:
            return
        with self._cache_lock:
            self._cache[digest] = verdict
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)


def _injection_gate(gate: float) -> Callable[[str], list[tuple[int, int]]]:
    """Spans the shipped injection detector marks: its patterns, and classifier windows at ``gate``."""
    detector = resolve("injection")(threshold=max(gate, 1e-6))

    def spans(text: str) -> list[tuple[int, int]]:
        return [(f.start, f.end) for f in detector(text)]

    return spans
