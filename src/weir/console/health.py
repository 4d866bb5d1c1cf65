"""The endpoints for machines: ``/metrics`` (Prometheus), ``/healthz`` (alive), ``/readyz`` (ready).

They sit beside ``/mcp`` (and on the console's own listener) behind the same ``Host``/``Origin``
admission, without a token: what they tell — server and tool names, rule names, counts — is not
the data that flows through the gateway. ``/readyz`` answers 200 once the gateway has started,
every dependency answers (the audit trail — its SQLite file or its PostgreSQL database — and
whatever else a deployment registers in :attr:`Health.dependencies`, e.g. a state store), and its
upstreams are connected (at least one; all of them with ``gateway.require_upstreams``), else 503 —
each with a JSON body saying why: ``dependencies`` maps each name to ``null`` (answers) or why
not. The probes run on a worker thread: a database that does not answer never stalls the loop.
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
    """``None`` when the audit trail answers, else why not (reported as the dependency ``audit``)."""
    dependencies: dict[str, Callable[[], str | None]] = field(default_factory=dict)
    """More dependencies by name (e.g. ``redis``): each probe returns ``None`` when it answers, else
    why not (a message that names no secret). Register one with :meth:`depend`."""
    started: bool = False
    """Set once the gateway has started its upstreams."""
    notes: dict[str, str] = field(default_factory=dict)

    def upstream_states(self) -> dict[str, str | None]:
        """Server → ``None`` when connected, else why not."""
        return {
            name: None if u.connected else (u.closed_reason or "not connected") for name, u in self.upstreams.items()
        }

    def depend(self, name: str, probe: Callable[[], str | None]) -> None:
        """Report ``name`` in ``/readyz``; the gateway is not ready while ``probe()`` returns a reason."""
        self.dependencies[name] = probe

    def dependency_states(self) -> dict[str, str | None]:
        """Each dependency → ``None`` when it answers, else why not (a probe that raises: its error)."""
        states: dict[str, str | None] = {}
        for name, probe in {"audit": self.trail_ok, **self.dependencies}.items():
            try:
                states[name] = probe()
            except Exception as exc:  # a probe that fails says so: not ready, never a 500
                states[name] = f"{type(exc).__name__}: {exc}"
        return states

    def readiness(self) -> tuple[bool, dict[str, Any]]:
        """Ready or not, and the report that says why."""
        states = self.upstream_states()
        connected = [n for n, why in states.items() if why is None]
        problems: list[str] = []
        if not self.started:
            problems.append("the gateway is starting")
        dependencies = self.dependency_states()
        for name, why in dependencies.items():
            if why is not None:
                what = "the audit trail" if name == "audit" else f"the dependency {name!r}"
                problems.append(f"{what} does not answer: {why}")
        if self.require_all and len(connected) < len(states):
            problems.append("gateway.require_upstreams: not every upstream is connected")
        if not connected:
            problems.append("no upstream is connected")
        report = {"ready": not problems, "problems": problems, "upstreams": states, "dependencies": dependencies}
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
