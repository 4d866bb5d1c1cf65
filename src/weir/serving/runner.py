"""Building and running a gateway from a :class:`WeirConfig`: the library behind ``weir gateway``.

Files and the environment are read by the CLI; this module takes typed values. The decision
path is the shared ``weir.guard.Guard`` and the audit trail the ``weir.audit`` store; everything
around them (console, metrics, health, approvals) is :mod:`weir.serving.deployment`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from weir.config import WeirConfig
from weir.errors import UpstreamError, WeirError
from weir.gateway.downstream.admission import Admission, is_loopback
from weir.gateway.downstream.http import Mount
from weir.gateway.proxy import Gateway
from weir.observe.logs import fields
from weir.pipeline import AuditSink, Decider, Recorder
from weir.serving.deployment import Deployment, build_deployment, upstreams_from_config

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from weir.identity.resource import ResourceServer

__all__ = ["Listen", "build_gateway", "run_deployment", "run_gateway", "upstreams_from_config"]

log = logging.getLogger("weir.gateway")


@dataclass(frozen=True)
class Listen:
    """Where the gateway listens: stdio, or HTTP on host:port; and the console's own listener."""

    http_host: str | None = None
    """Host for HTTP; ``None`` means stdio."""
    http_port: int = 0
    """Port for HTTP."""
    console_host: str | None = None
    """A listener of its own for the console, health and metrics (``--console HOST:PORT``): how a
    stdio gateway gets a console, or how an HTTP gateway keeps its console off the MCP address."""
    console_port: int = 0


def build_gateway(
    config: WeirConfig,
    *,
    decider: Decider | None = None,
    audit: AuditSink | None = None,
    recorder: Recorder | None = None,
) -> Gateway:
    """A gateway over the configured servers with the shared decision path and audit store.

    Production wiring: the Guard over the configured detector chain (tool pins kept beside the
    audit trail), and the SQLite audit store redacting payloads with the sensitive detectors.
    """
    return build_deployment(config, decider=decider, audit=audit, recorder=recorder).gateway


async def run_gateway(
    gateway: Gateway,
    listen: Listen,
    *,
    tokens: Sequence[str] = (),
    mounts: Sequence[Mount] = (),
    on_started: Callable[[list[str]], None] | None = None,
    resource: ResourceServer | None = None,
) -> list[str]:
    """Serve until the client leaves (stdio) or the task is cancelled (HTTP).

    Returns the upstreams that could not be reached at start (they are retried on demand).
    ``mounts`` go on the HTTP listener, or on the console's own when ``listen`` names one.
    ``on_started`` gets the unreachable upstreams once they were tried (it may raise to refuse).
    """
    from weir.gateway.downstream.http import check_binding, serve_app, serve_http
    from weir.gateway.downstream.stdio import serve_stdio

    if listen.http_host is not None:
        check_binding(listen.http_host, tokens, oauth=resource is not None)
    # The gateway's stages run in threads (weir.pipeline.worker): hand the interpreter lock over
    # every millisecond rather than every five, so a session waiting behind another's megabyte
    # scan gets its turn sooner (measured: scripts/bench isolation).
    sys.setswitchinterval(0.001)
    problems = await gateway.start()
    side: asyncio.Task[None] | None = None
    try:
        if on_started is not None:
            on_started(problems)
        if listen.console_host is not None:
            admission = Admission(listen.console_host, gateway.settings.allowed_hosts, gateway.settings.allowed_origins)
            app = create_app_without_mcp(admission, mounts)
            side = asyncio.ensure_future(
                serve_app(
                    app,
                    listen.console_host,
                    listen.console_port,
                    on_listening=_said("console", listen),
                    limits=gateway.settings.quotas,
                )
            )
            mounts = ()
        if listen.http_host is None:
            log.info("serving MCP on stdio", extra=fields(upstreams=upstreams_said(len(gateway.upstreams), problems)))
            await serve_stdio(gateway)
        else:
            url = f"http://{_hostport(listen.http_host, listen.http_port)}/mcp"
            upstreams = upstreams_said(len(gateway.upstreams), problems)
            said = _announce("listening", url=url, console=bool(mounts), upstreams=upstreams)
            await serve_http(
                gateway,
                listen.http_host,
                listen.http_port,
                tokens=tokens,
                mounts=mounts,
                on_listening=said,
                resource=resource,
            )
    finally:
        if side is not None:
            side.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await side
        await gateway.close()
    return problems


def create_app_without_mcp(admission: Admission, mounts: Sequence[Mount]) -> Starlette:
    """A Starlette app with only ``mounts`` (the console's own listener)."""
    from starlette.applications import Starlette

    return Starlette(routes=[route for mount in mounts for route in mount(admission)])


async def run_deployment(
    deployment: Deployment, listen: Listen, *, tokens: Sequence[str] = (), watch_s: float | None = 1.0
) -> list[str]:
    """Serve a deployment: the gateway with its console, metrics and health, its policy reloaded on
    SIGHUP and (every ``watch_s`` seconds, ``None``: never) when its files change."""
    settings = deployment.config.gateway
    if deployment.address.url is None:
        deployment.address.url = _console_url(listen)

    def started(problems: list[str]) -> None:
        deployment.health.started = True
        for problem in problems:
            log.warning("upstream unavailable at start", extra=fields(problem=problem))
        if problems and settings.require_upstreams:
            raise UpstreamError(f"gateway.require_upstreams: not every upstream connected ({'; '.join(problems)})")
        if problems and len(problems) == len(deployment.gateway.upstreams):
            log.error("no upstream could be reached: the gateway serves no tools until one can")

    loop = asyncio.get_running_loop()
    tasks: list[asyncio.Task[None]] = []
    reloader = deployment.reloader
    if reloader is not None:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # no signals off the main thread / on Windows
            loop.add_signal_handler(signal.SIGHUP, lambda: tasks.append(loop.create_task(_reload(reloader, "SIGHUP"))))
        if watch_s is not None:
            tasks.append(loop.create_task(reloader.watch(watch_s)))
    if deployment.shared is not None:  # /readyz tells a Redis that went away even while no call runs
        tasks.append(loop.create_task(_keep_asking(deployment.shared, deployment.figures, deployment.holders)))
    start = getattr(deployment.approvals, "start", None)
    if start is not None:  # a fleet's queue: mirror the other replicas' held calls
        await start()
    try:
        with _stopped_by_sigterm() as terminated:
            return await run_gateway(
                deployment.gateway,
                listen,
                tokens=tokens,
                mounts=deployment.mounts(),
                on_started=started,
                resource=deployment.resource,
            )
        assert terminated()  # the only way here: SIGTERM cancelled the run, and the gateway was closed
        return []
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGHUP)
        if deployment.holders is not None:  # a fleet's: this replica's quota holders are free at once
            await deployment.holders.close()


@contextlib.contextmanager
def _stopped_by_sigterm() -> Iterator[Callable[[], bool]]:
    """SIGTERM (``systemctl stop``, a container's stop) ends the run as end of input or Ctrl-C do:
    the running task is cancelled once, so the ``finally`` blocks close the upstreams and the audit
    store; the cancellation it caused is swallowed here, any other propagates.

    ``signal.signal``, not the loop's handler: uvicorn saves and restores the handler it finds
    around its own, then raises the signal again once it has drained its connections.
    """
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()
    received: list[int] = []

    def on_sigterm(signum: int, _frame: object) -> None:
        if not received and task is not None and not task.done():
            received.append(signum)
            log.info("stopping: SIGTERM")
            task.cancel()
            loop.call_soon_threadsafe(lambda: None)  # wake the loop if it is waiting in select()

    try:
        previous = signal.signal(signal.SIGTERM, on_sigterm)
    except ValueError:  # not the main thread: signals are not ours to take
        yield lambda: False
        return
    try:
        yield lambda: bool(received)
    except asyncio.CancelledError:
        if not received or task is None:
            raise
        task.uncancel()  # the stop was asked for and done: nothing above this is being cancelled
    finally:
        signal.signal(signal.SIGTERM, previous)


async def _keep_asking(shared: object, figures: object = None, holders: object = None, every_s: float = 2.0) -> None:
    """Ask Redis every ``every_s`` (for ``/readyz``), exchange the fleet-wide figures with it and renew
    this replica's lease on its quota holders (sending the give-backs Redis has not taken yet)."""
    ping = getattr(shared, "ping", None)
    report = getattr(figures, "report", None)
    beat = getattr(holders, "beat", None)
    while ping is not None:
        await ping()
        if report is not None:
            await report()
        if beat is not None:
            try:
                await beat()
            except WeirError as exc:  # Redis gone: /readyz says so; the lease is renewed once it is back
                log.debug("quota lease not renewed", extra=fields(problem=exc.message))
        await asyncio.sleep(every_s)


async def _reload(reloader: object, trigger: str) -> None:
    from weir.serving.reloading import PolicyReloader

    if isinstance(reloader, PolicyReloader):
        await asyncio.to_thread(reloader.reload, trigger)


def _console_url(listen: Listen) -> str | None:
    """The console's address, when the listener names a host a browser can use."""
    host, port = (
        (listen.console_host, listen.console_port) if listen.console_host else (listen.http_host, listen.http_port)
    )
    if host is None or host in ("0.0.0.0", "::"):
        return None  # any address: which one operators use is the deployer's to say (console.url)
    return f"http://{_hostport(host, port)}/console/"


def _hostport(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def upstreams_said(total: int, problems: Sequence[str]) -> str:
    """``3``, or ``2, 1 failed: server 'x' closed its output (exit code 1)`` — the start line counts
    the servers that answered, and names the ones that did not (they are retried on demand)."""
    if not problems:
        return str(total)
    return f"{total - len(problems)}, {len(problems)} failed: {'; '.join(problems)}"


def _announce(what: str, **values: object) -> Callable[[], None]:
    def say() -> None:
        log.info(what, extra=fields(**values))

    return say


def _said(what: str, listen: Listen) -> Callable[[], None]:
    host = listen.console_host or ""
    where = f"http://{_hostport(host, listen.console_port)}"
    note = "" if is_loopback(host) else " (beyond loopback: keep it behind TLS)"
    return _announce(f"{what} listening{note}", url=f"{where}/console/", metrics=f"{where}/metrics")


def run(gateway: Gateway, listen: Listen, *, tokens: Sequence[str] = ()) -> list[str]:
    """Blocking form of :func:`run_gateway`."""
    return asyncio.run(run_gateway(gateway, listen, tokens=tokens))
