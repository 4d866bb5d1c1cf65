"""Fleet-wide figures on every replica's ``/metrics``: the replicas' counters summed in Redis.

Each replica of a fleet (``state.redis``) reports, every two seconds, how much each of its counters
grew since its last report (:class:`weir.state.figures.RedisFigures`), and reads back the fleet's
sums. Its ``/metrics`` then shows, beside its own series, every counter once more with the fleet's
sum: ``weir_tool_calls_total`` becomes ``weir_fleet_tool_calls_total`` (same labels), plus
``weir_fleet_replicas`` (replicas that reported in the last ten seconds). So any replica — the
one a scraper or an operator happens to reach behind the load balancer — answers for the fleet.
The figures are as old as the last report (two seconds at most while Redis answers); while Redis
does not answer, no fleet series is shown (rather than stale ones), and the increments wait for
the next report that succeeds.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from weir.console.pages.status import FleetFigure
from weir.observe.metrics import Counter, Gauge, Registry, Sample, _Metric
from weir.state.figures import RedisFigures
from weir.state.ports import StateError

__all__ = ["FleetMetrics"]

_PREFIX = "weir_"
SHOWN = (
    ("weir_tool_calls_total", "tool calls answered", "outcome"),
    ("weir_decisions_total", "decisions", "effect"),
    ("weir_confirmations_total", "confirmations answered", "outcome"),
    ("weir_approvals_total", "queued calls decided", "outcome"),
    ("weir_audit_events_total", "audit events committed", "phase"),
    ("weir_audit_failures_total", "audit appends failed", None),
)
"""The counters the console's status page shows fleet-wide: name, title, the label it splits them by."""


class FleetMetrics:
    """Reports this replica's counters to the fleet and shows the fleet's sums on its registry."""

    def __init__(self, registry: Registry, figures: RedisFigures) -> None:
        self._registry = registry
        self._figures = figures
        self._reported: dict[str, float] = {}
        """Series key → the value already added to the fleet's sums."""
        self._sums: dict[str, float] | None = None
        self._replicas = 0
        registry.collect(self._collect)

    async def report(self) -> None:
        """Add what grew since the last report; keep the fleet's sums for the next scrape."""
        counted = self._counted()
        increments = {k: v - self._reported.get(k, 0.0) for k, v in counted.items() if v > self._reported.get(k, 0.0)}
        try:
            self._sums, self._replicas = await self._figures.report(increments)
        except StateError:
            self._sums = None  # no fleet series while the figures cannot be read
            return
        self._reported.update({k: counted[k] for k in increments})

    @property
    def replicas(self) -> int | None:
        """Replicas that reported in the last ten seconds; ``None`` while the sums cannot be read."""
        return None if self._sums is None else self._replicas

    def figures(self) -> list[FleetFigure]:
        """The :data:`SHOWN` counters' fleet-wide sums, as of the last report (empty while none could be read)."""
        if self._sums is None:
            return []
        split: dict[str, dict[str, float]] = {name: {} for name, _, _ in SHOWN}
        by = {name: label for name, _, label in SHOWN}
        for key, value in self._sums.items():
            name, labels = json.loads(key)
            if name in split:
                part = dict(labels).get(by[name] or "", "")
                split[name][part] = split[name].get(part, 0.0) + value
        return [
            FleetFigure(title, sum(split[name].values()), {k: v for k, v in split[name].items() if label})
            for name, title, label in SHOWN
        ]

    def _counted(self) -> dict[str, float]:
        """Every counter series of this replica, by key (its name and labels, as JSON)."""
        return {
            json.dumps([s.name, s.labels]): s.value for counter in self._registry.counters() for s in counter.samples()
        }

    def _collect(self) -> Iterable[tuple[_Metric, Iterable[Sample]]]:
        sums = self._sums
        if sums is None:
            return []
        helps = {c.name: c for c in self._registry.counters()}
        grouped: dict[str, list[Sample]] = {}
        for key, value in sorted(sums.items()):
            name, labels = json.loads(key)
            if name in helps:  # a counter this version does not have (another version's replica): left out
                fleet = _fleet_name(name)
                grouped.setdefault(name, []).append(Sample(fleet, tuple((k, v) for k, v in labels), value))
        out: list[tuple[_Metric, Iterable[Sample]]] = [
            (Counter(_fleet_name(n), f"The fleet's sum of {n}: {helps[n].help}", helps[n].label_names), samples)
            for n, samples in grouped.items()
        ]
        replicas = Gauge("weir_fleet_replicas", "Replicas of this fleet that reported in the last ten seconds.")
        out.append((replicas, [Sample("weir_fleet_replicas", (), float(self._replicas))]))
        return out


def _fleet_name(name: str) -> str:
    return "weir_fleet_" + name.removeprefix(_PREFIX)
