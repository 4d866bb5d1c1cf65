"""The endpoints for machines: ``/metrics`` (Prometheus), ``/healthz`` (alive), ``/readyz`` (ready).

They sit beside ``/mcp`` (and on the console's own listener) behind the same ``Host``/``Origin``
admission, without a token: what they tell — server and tool names, rule names, counts — is not
the data that flows through the gateway. ``/readyz`` answers 200 once the gateway has started,
its audit trail answers, and its upstreams are connected (at least one; all of them with
``gateway.require_upstreams``), else 503 — each with a JSON body saying why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from weir.gateway.downstream.http import Admission
from weir.gateway.upstream.session import Upstream

__all__ = ["Health", "health_routes"]

METRICS_TYPE = "text/plain; version=0.0.4; charset=utf-8"


@dataclass
class Health:
    """Whether the gateway is up and ready, and why not."""

    upstreams: Mapping[str, Upstream]
    require_all: bool = False
    trail_ok: Callable[[], str | None] = lambda: None
    """``None`` when the audit trail answers, else why not."""
    started: bool = False
    """Set once the gateway has started its upstreams."""
    notes: dict[str, str] = field(default_factory=dict)
    dependencies: dict[str, Callable[[], str | None]] = field(default_factory=dict)
    """Shared stores (``redis``, ...) → why each does not answer now (``None`` when it does)."""

    def upstream_states(self) -> dict[str, str | None]:
        """Server → ``None`` when connected, else why not."""
        return {
            name: None if u.connected else (u.closed_reason or "not connected") for name, u in self.upstreams.items()
        }

    def readiness(self) -> tuple[bool, dict[str, Any]]:
        """Ready or not, and the report that says why."""
        states = self.upstream_states()
        connected = [n for n, why in states.items() if why is None]
        problems: list[str] = []
        if not self.started:
            problems.append("the gateway is starting")
        trail = self.trail_ok()
        if trail is not None:
            problems.append(f"the audit trail does not answer: {trail}")
        if self.require_all and len(connected) < len(states):
            problems.append("gateway.require_upstreams: not every upstream is connected")
        if not connected:
            problems.append("no upstream is connected")
        deps = {name: probe() for name, probe in sorted(self.dependencies.items())}
        problems += [f"{name} does not answer: {why}" for name, why in deps.items() if why is not None]
        report: dict[str, Any] = {"ready": not problems, "problems": problems, "upstreams": states}
        if deps:
            report["dependencies"] = {name: why or "ok" for name, why in deps.items()}
        return not problems, report


def health_routes(admission: Admission, health: Health, render_metrics: Callable[[], str] | None) -> list[BaseRoute]:
    """``/healthz``, ``/readyz`` and (when metrics are on) ``/metrics``, behind ``admission``."""

    def guarded(handler: Callable[[], Response]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            return admission.refusal(request, body=False) or handler()

        return endpoint

    def ready() -> Response:
        ok, report = health.readiness()
        return JSONResponse(report, status_code=200 if ok else 503)

    routes: list[BaseRoute] = [
        Route("/healthz", guarded(lambda: JSONResponse({"status": "ok"})), methods=["GET"]),
        Route("/readyz", guarded(ready), methods=["GET"]),
    ]
    if render_metrics is not None:
        metrics = render_metrics
        routes.append(Route("/metrics", guarded(lambda: Response(metrics(), media_type=METRICS_TYPE)), methods=["GET"]))
    return routes
