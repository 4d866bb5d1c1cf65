"""The status page: upstreams, the queue, the policy, and where the machine-readable endpoints are."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from weir.console.html import Markup, h, join

__all__ = ["Status", "status_page"]


@dataclass(frozen=True)
class Status:
    """The gateway at a glance."""

    upstreams: Mapping[str, str | None]
    """Server → ``None`` when connected, else why not."""
    pending: int
    queue_on: bool
    policy: str
    """What policy is in force (rules, mode; the last reload's outcome)."""


def status_page(status: Status) -> Markup:
    """Upstream health, pending approvals, the policy, and links."""
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
            h("h2", "For machines"),
            h(
                "ul",
                h("li", h("a", "/metrics", href="/metrics"), " — Prometheus"),
                h("li", h("a", "/healthz", href="/healthz"), " — alive"),
                h("li", h("a", "/readyz", href="/readyz"), " — ready to serve"),
            ),
        ]
    )
