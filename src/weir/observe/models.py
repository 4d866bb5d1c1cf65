"""``/metrics`` for the model detectors (``onnx``, ``judge``): what each did, read at scrape time.

A model detector keeps its own figures (:class:`weir.detect.models.gated.ModelStats`); this
collector reads every detector of a chain that has them, so the core never imports a model
runtime to report on one: a chain without model detectors reports nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from weir.observe.metrics import Collector, Counter, Sample

__all__ = ["model_collector"]

_EVENTS = ("calls", "cache_hits", "failures", "timeouts", "flagged")


def model_collector(chain: Any) -> Collector:
    """A collector of ``weir_model_detector_events_total{detector, event}`` and
    ``weir_model_detector_seconds_total{detector}`` over the detectors of ``chain`` with ``stats``."""
    events = Counter(
        "weir_model_detector_events_total",
        "Model detector events (calls, cache_hits, failures, timeouts, flagged), by detector.",
        ["detector", "event"],
    )
    seconds = Counter("weir_model_detector_seconds_total", "Time model detectors spent on verdicts.", ["detector"])
    models = [d for d in getattr(chain, "detectors", ()) if hasattr(d, "stats")]

    def collect() -> Iterable[tuple[Counter, list[Sample]]]:
        if not models:
            return []
        counted, timed = [], []
        for d in models:
            for event in _EVENTS:
                counted.append(
                    Sample(events.name, (("detector", d.id), ("event", event)), float(getattr(d.stats, event)))
                )
            timed.append(Sample(seconds.name, (("detector", d.id),), float(d.stats.seconds)))
        return [(events, counted), (seconds, timed)]

    return collect
