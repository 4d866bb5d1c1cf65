"""The endpoints for machines: ``/metrics`` (Prometheus), ``/healthz`` (alive), ``/readyz`` (ready).

They sit beside ``/mcp`` (and on the console's own listener) behind the same ``Host``/``Origin``
admission, without a token: what they tell — server and tool names, rule names, counts — is not
the data that flows through the gateway. ``/readyz`` answers 200 once the gateway has started,
every dependency answers — the audit trail (``audit``: its SQLite file or its PostgreSQL
database), and whatever a deployment adds to :attr:`Health.dependencies` (``redis``…) — and its
upstreams are connected (at least one; all of them with ``gateway.require_upstreams``), else 503 —
each with a JSON body saying why (``dependencies``: each name → ``"ok"`` or why not). The probes
run on a worker thread: a database that does not answer never stalls the event loop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import anyio
import anyio.to_thread
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
    """``None`` when the audit trail answers, else why not (the dependency ``audit``)."""
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

    def __post_init__(self) -> None:
        # The audit trail is the first dependency: reported by name like any other store.
        self.dependencies.setdefault("audit", self.trail_ok)

    def readiness(self) -> tuple[bool, dict[str, Any]]:
        """Ready or not, and the report that says why."""
        states = self.upstream_states()
        connected = [n for n, why in states.items() if why is None]
        problems: list[str] = []
        if not self.started:
            problems.append("the gateway is starting")
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

    async def ready(request: Request) -> Response:
        refused = admission.refusal(request, body=False)
        if refused is not None:
            return refused
        ok, report = await anyio.to_thread.run_sync(health.readiness)
        return JSONResponse(report, status_code=200 if ok else 503)

    routes: list[BaseRoute] = [
        Route("/healthz", guarded(lambda: JSONResponse({"status": "ok"})), methods=["GET"]),
        Route("/readyz", ready, methods=["GET"]),
    ]
    if render_metrics is not None:
        metrics = render_metrics
        routes.append(Route("/metrics", guarded(lambda: Response(metrics(), media_type=METRICS_TYPE)), methods=["GET"]))
    return routes
