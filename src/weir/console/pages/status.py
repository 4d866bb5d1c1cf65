"""The status page: upstreams, the queue, the policy, the fleet, and where the machine-readable endpoints are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from weir.console.html import Markup, h, join

__all__ = ["FleetFigure", "FleetStatus", "Status", "status_page"]


@dataclass(frozen=True)
class FleetFigure:
    """One counter summed over every replica of the fleet."""

    title: str
    total: float
    by: Mapping[str, float]
    """The total split by the counter's main label (an outcome, an effect), when it has one."""


@dataclass(frozen=True)
class FleetStatus:
    """What a replica of a fleet (``state.redis``) knows of the whole fleet."""

    replicas: int | None
    """Replicas that reported in the last ten seconds; ``None`` while the fleet's figures cannot be read."""
    figures: Sequence[FleetFigure]
    dependencies: Mapping[str, str | None]
    """Each shared store (``audit``, ``redis``) → ``None`` when it answers, else why not."""


@dataclass(frozen=True)
class Status:
    """The gateway at a glance."""

    upstreams: Mapping[str, str | None]
    """Server → ``None`` when connected, else why not."""
    pending: int
    queue_on: bool
    policy: str
    """What policy is in force (rules, mode; the last reload's outcome)."""
    fleet: FleetStatus | None = None
    """The fleet's figures, on a replica of one (``state.redis``); ``None`` for a single gateway."""


def status_page(status: Status) -> Markup:
    """Upstream health, pending approvals, the policy, the fleet (on a replica of one), and links."""
    rows = [
        h(
            "tr",
            h("td", name),
            h("td", h("span", "connected", class_="ok") if why is None else h("span", why, class_="bad")),
        )
        for name, why in sorted(status.upstreams.items())
    ]
    queue = f"{status.pending} call(s) wait for approval" if status.queue_on else "the approvals queue is off"
    return join(
        [
            h("h2", "Upstream servers"),
            h("table", h("tr", h("th", "server"), h("th", "state")), *rows),
            h("h2", "Approvals"),
            h("p", h("a", queue, href="/console/approvals")),
            h("h2", "Policy"),
            h("p", status.policy, id="policy"),
            fleet_section(status.fleet) if status.fleet is not None else None,
            h("h2", "For machines"),
            h(
                "ul",
                h("li", h("a", "/metrics", href="/metrics"), " — Prometheus"),
                h("li", h("a", "/healthz", href="/healthz"), " — alive"),
                h("li", h("a", "/readyz", href="/readyz"), " — ready to serve"),
            ),
        ]
    )


def fleet_section(fleet: FleetStatus) -> Markup:
    """The fleet's size, its summed counters and each shared store's readiness."""
    deps = [
        h("tr", h("td", name), h("td", h("span", "ok", class_="ok") if why is None else h("span", why, class_="bad")))
        for name, why in sorted(fleet.dependencies.items())
    ]
    if fleet.replicas is None:
        figures = h("p", "The fleet's figures cannot be read now (see the shared stores below).", class_="notice")
    else:
        figures = join(
            [
                h("p", f"{fleet.replicas} replica(s) reported in the last ten seconds.", id="fleet-replicas"),
                h(
                    "table",
                    h("tr", h("th", "fleet-wide"), h("th", "total"), h("th", "by")),
                    *(_figure_row(f) for f in fleet.figures),
                    id="fleet-figures",
                ),
            ]
        )
    return join(
        [
            h("h2", "Fleet"),
            figures,
            h("table", h("tr", h("th", "shared store"), h("th", "state")), *deps, id="fleet-dependencies"),
        ]
    )


def _figure_row(figure: FleetFigure) -> Markup:
    split = ", ".join(f"{key} {_count(value)}" for key, value in sorted(figure.by.items()))
    return h("tr", h("td", figure.title), h("td", _count(figure.total), class_="total"), h("td", split))


def _count(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.3f}"
