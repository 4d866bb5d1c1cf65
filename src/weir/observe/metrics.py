"""Metrics in the Prometheus text exposition format (version 0.0.4), written here.

Three kinds, as Prometheus has them: a :class:`Counter` only goes up, a :class:`Gauge` is set,
a :class:`Histogram` counts observations into cumulative buckets. Each metric has fixed label
names; every distinct set of label values is one series. A :class:`Registry` renders them all,
plus what its collectors report at scrape time (values read from elsewhere, such as whether an
upstream is connected).

The core does not depend on ``prometheus_client``: the format is small, and the tests parse
what this module writes with ``prometheus_client``'s own parser. Updates take a lock per metric,
so stages running in worker threads may update them.
"""

from __future__ import annotations

import bisect
import math
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["DEFAULT_BUCKETS", "Counter", "Gauge", "Histogram", "Registry", "Sample"]

DEFAULT_BUCKETS: tuple[float, ...] = (
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 120.0,
)  # fmt: skip
"""Seconds: from half a millisecond (a decision) to two minutes (a confirmation)."""

LabelValues = tuple[str, ...]
_M = TypeVar("_M", bound="_Metric")


@dataclass(frozen=True)
class Sample:
    """One line of output: a metric name, its labels, its value."""

    name: str
    labels: tuple[tuple[str, str], ...]
    value: float


class _Metric:
    kind = "untyped"

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        self.name = name
        self.help = help_text
        self.label_names = tuple(labels)
        self._lock = threading.Lock()

    def _key(self, labels: dict[str, str]) -> LabelValues:
        # On every update of every call: no sets built, one tuple.
        try:
            key = tuple([str(labels[n]) for n in self.label_names])
        except KeyError:
            key = ()
        if len(labels) != len(self.label_names) or len(key) != len(self.label_names):
            raise ValueError(f"{self.name} takes labels {self.label_names}, got {tuple(labels)}")
        return key

    def samples(self) -> list[Sample]:
        """Every series of this metric, as output lines."""
        raise NotImplementedError

    def _labels(self, values: LabelValues, extra: tuple[tuple[str, str], ...] = ()) -> tuple[tuple[str, str], ...]:
        return (*zip(self.label_names, values, strict=True), *extra)


class _Valued(_Metric):
    """A metric holding one value per series (a counter or a gauge)."""

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        super().__init__(name, help_text, labels)
        self._values: dict[LabelValues, float] = {}

    def samples(self) -> list[Sample]:
        with self._lock:
            items = sorted(self._values.items())
        return [Sample(self.name, self._labels(k), v) for k, v in items]


class Counter(_Valued):
    """A count that only goes up (its name ends in ``_total``)."""

    kind = "counter"

    def inc(self, amount: float = 1.0, **labels: str) -> None:
        """Add ``amount`` (not negative) to the series named by ``labels``."""
        if amount < 0:
            raise ValueError("a counter cannot go down")
        key = self._key(labels)
        with self._lock:
            self._values[key] = self._values.get(key, 0.0) + amount

    def value(self, **labels: str) -> float:
        """The current value of one series (0 when it never counted)."""
        with self._lock:
            return self._values.get(self._key(labels), 0.0)


class Gauge(_Valued):
    """A value that is set (it may go down)."""

    kind = "gauge"

    def set(self, value: float, **labels: str) -> None:
        """Set the series named by ``labels``."""
        key = self._key(labels)
        with self._lock:
            self._values[key] = float(value)


class Histogram(_Metric):
    """Observations counted into cumulative buckets, with their sum and count."""

    kind = "histogram"

    def __init__(
        self, name: str, help_text: str, labels: Sequence[str] = (), buckets: Sequence[float] = DEFAULT_BUCKETS
    ) -> None:
        super().__init__(name, help_text, labels)
        self.buckets = tuple(sorted(buckets))
        self._series: dict[LabelValues, list[float]] = {}  # per-bucket counts (not cumulative), then sum

    def observe(self, value: float, **labels: str) -> None:
        """Count one observation (seconds, for the latency histograms)."""
        key = self._key(labels)
        slot = bisect.bisect_left(self.buckets, value)  # the first bound >= value (le is inclusive)
        with self._lock:
            series = self._series.get(key)
            if series is None:
                series = self._series[key] = [0.0] * (len(self.buckets) + 2)
            series[slot] += 1
            series[-1] += value

    def count(self, **labels: str) -> int:
        """How many observations one series has."""
        with self._lock:
            series = self._series.get(self._key(labels))
            return 0 if series is None else int(sum(series[:-1]))

    def samples(self) -> list[Sample]:
        with self._lock:
            items = sorted((k, list(v)) for k, v in self._series.items())
        out: list[Sample] = []
        for key, series in items:
            running = 0.0
            for bound, n in zip((*self.buckets, math.inf), series[:-1], strict=True):
                running += n
                out.append(Sample(f"{self.name}_bucket", self._labels(key, (("le", _number(bound)),)), running))
            out.append(Sample(f"{self.name}_sum", self._labels(key), series[-1]))
            out.append(Sample(f"{self.name}_count", self._labels(key), running))
        return out


Collector = Callable[[], Iterable[tuple[_Metric, Iterable[Sample]]]]
"""Reports metrics read at scrape time: (the metric described, its samples)."""


class Registry:
    """The metrics of one process, rendered together."""

    def __init__(self) -> None:
        self._metrics: dict[str, _Metric] = {}
        self._collectors: list[Collector] = []

    def counter(self, name: str, help_text: str, labels: Sequence[str] = ()) -> Counter:
        """A new counter (its name must end in ``_total``)."""
        if not name.endswith("_total"):
            raise ValueError(f"a counter's name ends in _total: {name}")
        return self._add(Counter(name, help_text, labels))

    def gauge(self, name: str, help_text: str, labels: Sequence[str] = ()) -> Gauge:
        """A new gauge."""
        return self._add(Gauge(name, help_text, labels))

    def histogram(
        self, name: str, help_text: str, labels: Sequence[str] = (), buckets: Sequence[float] = DEFAULT_BUCKETS
    ) -> Histogram:
        """A new histogram."""
        return self._add(Histogram(name, help_text, labels, buckets))

    def collect(self, collector: Collector) -> None:
        """Add a collector called at every scrape."""
        self._collectors.append(collector)

    def counters(self) -> list[Counter]:
        """The registered counters (a fleet sums them over its replicas: weir.serving.fleetmetrics)."""
        return [m for m in self._metrics.values() if isinstance(m, Counter)]

    def _add(self, metric: _M) -> _M:
        if metric.name in self._metrics:
            raise ValueError(f"metric {metric.name} is registered twice")
        self._metrics[metric.name] = metric
        return metric

    def render(self) -> str:
        """Every metric in the text exposition format; a collector that fails is left out."""
        blocks = [_block(m, m.samples()) for m in self._metrics.values()]
        for collector in self._collectors:
            try:
                reported = list(collector())
            except Exception:  # a scrape must not fail because one source is broken
                continue
            blocks.extend(_block(m, list(s)) for m, s in reported)
        return "".join(blocks)


def _block(metric: _Metric, samples: list[Sample]) -> str:
    lines = [f"# HELP {metric.name} {_escape_help(metric.help)}", f"# TYPE {metric.name} {metric.kind}"]
    lines.extend(_line(s) for s in samples)
    return "\n".join(lines) + "\n"


def _line(sample: Sample) -> str:
    if not sample.labels:
        return f"{sample.name} {_number(sample.value)}"
    inner = ",".join(f'{k}="{_escape_value(v)}"' for k, v in sample.labels)
    return f"{sample.name}{{{inner}}} {_number(sample.value)}"


def _number(value: float) -> str:
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if math.isnan(value):
        return "NaN"
    return repr(float(value))


def _escape_value(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _escape_help(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n")
