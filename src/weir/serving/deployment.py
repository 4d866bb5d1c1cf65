"""A gateway as it is deployed: the gateway, and everything that operates it, built from a weir.yaml.

:func:`build_deployment` wires the production parts together — the Guard over the configured
detectors (tool pins beside the audit trail), the SQLite audit store, the approvals queue and its
webhook (``confirm_fallback: queue``), the metrics and the wrappers that feed them, health, the
operators' console — and hands each its collaborators explicitly. ``weir gateway`` serves what it
builds (:mod:`weir.serving.runner`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import anyio.to_thread

from weir.approvals import ApprovalQueue
from weir.approvals.shared import SharedApprovalQueue
from weir.approvals.webhook import WebhookNotifier
from weir.audit import AuditStore
from weir.config import WeirConfig
from weir.console.app import Console, ConsoleParts
from weir.console.auth import Operators
from weir.console.config import Operator
from weir.console.health import Health, health_routes
from weir.console.live import LiveSessions
from weir.console.pages.status import FleetStatus, Status
from weir.detect.pinning import MemoryPinStore, PinStore
from weir.detect.redact import redact_json
from weir.errors import ConfigError, WeirError
from weir.gateway.config import ConfirmFallback, token_problem
from weir.gateway.downstream.http import Mount
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.channels import StdioChannel
from weir.gateway.upstream.http import HttpChannel, ServerTransport
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard
from weir.identity.resource import ResourceServer
from weir.identity.signin import OidcFlow
from weir.identity.upstream import upstream_auth
from weir.labels.config import Share
from weir.observe.instruments import CallObservation, CallTracer, GatewayMetrics, MeteredAudit, MeteredDecider
from weir.observe.metrics import Gauge, Sample
from weir.observe.models import model_collector
from weir.pipeline import AuditSink, Decider, Recorder
from weir.serving.fleet import open_figures, open_quotas, open_relay, open_request_states, open_shared
from weir.serving.reloading import PolicyReloader
from weir.serving.stores import default_chain, open_audit, open_pins, redaction_chain
from weir.state.ports import SharedSessions

__all__ = ["Deployment", "build_deployment", "check_principals"]


@dataclass
class ConsoleAddress:
    """Where operators reach the console: configured (``console.url``), or set once the listener is known."""

    url: str | None = None

    def link(self, approval_id: str) -> str | None:
        """The console page of one queued call (``None`` while the address is unknown)."""
        return f"{self.url}approvals/{approval_id}" if self.url else None


@dataclass
class Deployment:
    """One gateway and what operates it."""

    config: WeirConfig
    gateway: Gateway
    metrics: GatewayMetrics
    health: Health
    console: Console
    guard: Guard | None = None
    """The production decider (``None`` when another decider was given): what a reload swaps."""
    trail: AuditStore | None = None
    approvals: ApprovalQueue | None = None
    reloader: PolicyReloader | None = None
    shared: SharedSessions | None = None
    """The fleet's shared sessions (``state.redis``), or None."""
    figures: Any = None
    """The fleet-wide figures this replica reports and shows (:class:`weir.serving.fleetmetrics.FleetMetrics`)."""
    holders: Any = None
    """This replica's quota holders in the fleet's store (:class:`weir.state.quotas.RedisQuotaHolders`): its
    heartbeat renews the replica's lease on them."""
    address: ConsoleAddress = field(default_factory=ConsoleAddress)
    resource: ResourceServer | None = None
    """The OAuth resource server admitting access tokens at ``/mcp`` (``auth.resource_server``)."""

    def mounts(self) -> list[Mount]:
        """The routes to serve beside ``/mcp``: the console, health and (when on) metrics."""
        render = self.metrics.render if self.config.observability.metrics else None
        return [self.console.routes, lambda admission: health_routes(admission, self.health, render)]

    async def status(self) -> Status:
        """What the console's status page shows (on a replica of a fleet, the fleet's figures too)."""
        policy = self.reloader.status() if self.reloader is not None else "as configured at start"
        pending = len(self.approvals.pending()) if self.approvals is not None else 0
        fleet = None
        if self.figures is not None:
            # The probes ask the stores (a PostgreSQL query): on a worker thread, as /readyz does.
            probes = sorted(self.health.dependencies.items())
            deps = await anyio.to_thread.run_sync(lambda: {name: probe() for name, probe in probes})
            fleet = FleetStatus(self.figures.replicas, self.figures.figures(), deps)
        return Status(self.health.upstream_states(), pending, self.approvals is not None, policy, fleet)


def check_principals(gateway_tokens: Sequence[str], operators: Sequence[Operator], *, from_env: int = 0) -> None:
    """Refuse (ConfigError) a weak gateway token (:func:`weir.gateway.config.token_problem`) and an
    operator token that is also an MCP client's: different principals. The last ``from_env`` tokens
    came from ``WEIR_GATEWAY_TOKENS`` (named so in the message)."""
    first_env = len(gateway_tokens) - from_env
    for i, token in enumerate(gateway_tokens):
        why = token_problem(token)
        if why is not None:
            where = f"WEIR_GATEWAY_TOKENS[{i - first_env}]" if i >= first_env else f"gateway.tokens[{i}]"
            raise ConfigError(f"{where} {why}: the gateway does not start with a token anyone could guess")
    shared = sorted(o.name for o in operators if o.token in set(gateway_tokens))
    if shared:
        raise ConfigError(
            f"the operator token of {', '.join(shared)} is also a gateway token (gateway.tokens or "
            "WEIR_GATEWAY_TOKENS): operators and MCP clients never share a token"
        )


def build_deployment(
    config: WeirConfig,
    *,
    operators: Sequence[Operator] | None = None,
    decider: Decider | None = None,
    audit: AuditSink | None = None,
    recorder: Recorder | None = None,
    tracer: CallTracer | None = None,
    upstreams: Mapping[str, Upstream] | None = None,
) -> Deployment:
    """Everything ``weir gateway`` runs, from a config. ``operators``: the console's (default: the
    config's); ``decider``/``audit``/``upstreams``: replace the production Guard, SQLite store and
    configured servers (tests, the demo, in-process servers)."""
    metrics = GatewayMetrics()
    pins: PinStore = open_pins(config) or MemoryPinStore()
    guard = Guard(config, chain=default_chain(config, pin_store=pins)) if decider is None else None
    shared = open_shared(config, guard.sessions) if guard is not None else None
    trail = open_audit(config) if audit is None else (audit if isinstance(audit, AuditStore) else None)
    sink = MeteredAudit(audit if audit is not None else _required(trail), metrics)
    address = ConsoleAddress(config.console.url)
    approvals = _approvals(config, sink, metrics, address.link, open_relay(config, shared))
    quotas, rate, holders = open_quotas(config, shared)  # a fleet's: each principal's quotas count on every replica
    gateway = Gateway(
        config.gateway,
        upstreams=upstreams if upstreams is not None else upstreams_from_config(config),
        decider=MeteredDecider(guard if guard is not None else _required(decider), metrics),
        audit=sink,
        recorder=recorder,
        approvals=approvals,
        observer=CallObservation(metrics, tracer),
        shared=shared,
        request_states=open_request_states(config, shared),
        quotas=quotas,
        rate=rate,
    )
    health = Health(gateway.upstreams, require_all=config.gateway.require_upstreams, trail_ok=_trail_probe(trail))
    if shared is not None:
        health.dependencies["redis"] = shared.problem
    sessions = LiveSessions(gateway.calls.sessions.known, guard.sessions, gateway.pipeline.worker) if guard else None
    status = _StatusOf()
    parts = ConsoleParts(trail=trail, pins=pins, approvals=approvals, sessions=sessions, status=status)
    chosen = list(config.console.operators if operators is None else operators)
    signin = config.auth.operators
    oidc = OidcFlow(signin, base=config.base_dir or Path.cwd()) if signin is not None else None
    console = Console(Operators(chosen), parts, session_ttl_s=config.console.session_ttl_s, oidc=oidc)
    deployment = Deployment(
        config,
        gateway,
        metrics,
        health,
        console,
        guard=guard,
        trail=trail,
        approvals=approvals,
        address=address,
        shared=shared,
        figures=open_figures(config, shared, metrics.registry),
        holders=holders,
    )
    status.of = deployment
    if config.auth.resource_server is not None:
        deployment.resource = ResourceServer(config.auth.resource_server)
    metrics.registry.collect(_collector(gateway.upstreams, approvals))
    if guard is not None:  # the model detectors' figures (onnx, judge), when the chain has any
        metrics.registry.collect(model_collector(guard.chain))
    return deployment


class _StatusOf:
    """The console's status source: the deployment, once it is built."""

    of: Deployment | None = None

    async def __call__(self) -> Status:
        if self.of is None:
            return Status({}, 0, False, "starting")
        return await self.of.status()


def upstreams_from_config(config: WeirConfig) -> dict[str, Upstream]:
    """An :class:`Upstream` per configured server; a server with neither command nor url is an error.

    ``python`` (or ``python3``) as a stdio server's command means the interpreter running Weir, so
    ``command: [python, -m, my_server]`` works whether or not a virtual environment is active
    (:meth:`weir.labels.config.ServerConfig.argv`, which `weir config check` names).
    """
    limit, start = config.gateway.max_message_bytes, config.gateway.upstream_start_timeout_s
    base = config.base_dir or Path.cwd()
    unknown = sorted(set(config.auth.upstreams) - set(config.servers))
    if unknown:
        raise ConfigError(f"auth.upstreams names servers that are not configured: {', '.join(unknown)}")
    out: dict[str, Upstream] = {}
    for name, server in config.servers.items():
        credential = config.auth.upstreams.get(name)
        if server.command:
            if credential is not None:
                raise ConfigError(f"auth.upstreams.{name}: only an HTTP server (`url`) takes a credential", server=name)
            stop = config.gateway.upstream_stop_timeout_s
            stdio = partial(StdioChannel, name, server.argv(), dict(server.env), limit=limit, stop_timeout=stop)
            out[name] = Upstream(name, stdio, start_timeout=start, shared=server.share is Share.PER_PRINCIPAL)
        elif server.url:
            auth = upstream_auth(credential, name, base=base)
            shared = ServerTransport()  # one connection pool per server, whatever the number of clients
            channel = partial(
                HttpChannel, name, server.url, dict(server.headers), limit=limit, shared=shared, auth=auth
            )
            out[name] = Upstream(name, channel, start_timeout=start, shared=server.share is Share.PER_PRINCIPAL)
        else:
            raise ConfigError(f"servers.{name}: the gateway needs a `command` or a `url`", server=name)
    return out


def _approvals(
    config: WeirConfig, sink: AuditSink, metrics: GatewayMetrics, link: Any, relay: Any = None
) -> ApprovalQueue | None:
    settings = config.gateway
    if settings.confirm_fallback is not ConfirmFallback.QUEUE:
        return None
    notifier = None
    if settings.approval_webhook is not None:
        notifier = WebhookNotifier(
            settings.approval_webhook, on_result=lambda ok: metrics.webhooks.inc(outcome="ok" if ok else "failed")
        )
    sensitive = redaction_chain(config)

    def shown(value: Any) -> Any:
        # The whole value at once, as the audit's redactor does: a value under a secret-named key
        # (`{"DB_PASSWORD": …}`) is a secret by its name, which no single string shows.
        findings = sensitive.scan_json(value)
        return redact_json(value, findings) if findings else value

    parts: dict[str, Any] = {
        "audit": sink,
        "notifier": notifier,
        "redact": shown,
        "link": link,
        "on_outcome": lambda outcome: metrics.approvals.inc(outcome=outcome),
    }
    if relay is not None:  # a fleet: every replica's operators see and decide every held call
        return SharedApprovalQueue(settings.queue_timeout_s, relay=relay, **parts)
    return ApprovalQueue(settings.queue_timeout_s, **parts)


def _collector(upstreams: dict[str, Upstream], approvals: ApprovalQueue | None) -> Any:
    up = Gauge("weir_upstream_up", "1 when the upstream server is connected, else 0.", ["server"])
    pending = Gauge("weir_approvals_pending", "Calls waiting for an operator's decision.")

    def collect() -> list[tuple[Gauge, list[Sample]]]:
        ups = [
            Sample(up.name, (("server", name),), 1.0 if u.connected else 0.0) for name, u in sorted(upstreams.items())
        ]
        waiting = [Sample(pending.name, (), float(len(approvals.pending()) if approvals is not None else 0))]
        return [(up, ups), (pending, waiting)]

    return collect


def _trail_probe(trail: AuditStore | None) -> Any:
    def probe() -> str | None:
        if trail is None:
            return None
        try:
            trail.head()
        except WeirError as exc:
            return str(exc)
        return None

    return probe


def _required(value: Any) -> Any:
    if value is None:
        raise ConfigError("the gateway needs an audit sink and a decider")
    return value
