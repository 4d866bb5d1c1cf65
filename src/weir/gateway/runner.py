"""Building and running a gateway from a :class:`WeirConfig`: the library behind ``weir gateway``.

Files and the environment are read by the CLI; this module takes typed values. The decision
path is the shared ``weir.guard.Guard`` and the audit trail the ``weir.audit`` store.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from weir.config import WeirConfig
from weir.errors import ConfigError
from weir.gateway.channels import StdioChannel
from weir.gateway.proxy import Gateway
from weir.gateway.stores import default_chain, open_audit, open_pins
from weir.gateway.upstream import Upstream
from weir.gateway.upstream_http import HttpChannel
from weir.guard import Guard
from weir.pipeline import AuditSink, Decider, Recorder

__all__ = ["Listen", "build_gateway", "run_gateway", "upstreams_from_config"]


@dataclass(frozen=True)
class Listen:
    """Where the gateway listens: stdio, or HTTP on host:port."""

    http_host: str | None = None
    """Host for HTTP; ``None`` means stdio."""
    http_port: int = 0
    """Port for HTTP."""


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
    if decider is None:
        decider = Guard(config, chain=default_chain(config, pin_store=open_pins(config)))
    if audit is None:
        audit = open_audit(config)
    upstreams = upstreams_from_config(config)
    return Gateway(config.gateway, upstreams=upstreams, decider=decider, audit=audit, recorder=recorder)


def upstreams_from_config(config: WeirConfig) -> dict[str, Upstream]:
    """An :class:`Upstream` per configured server; a server with neither command nor url is an error."""
    limit = config.gateway.max_message_bytes
    out: dict[str, Upstream] = {}
    for name, server in config.servers.items():
        if server.command:
            out[name] = Upstream(name, partial(StdioChannel, name, list(server.command), dict(server.env), limit=limit))
        elif server.url:
            out[name] = Upstream(name, partial(HttpChannel, name, server.url, dict(server.headers), limit=limit))
        else:
            raise ConfigError(f"servers.{name}: the gateway needs a `command` or a `url`", server=name)
    return out


async def run_gateway(gateway: Gateway, listen: Listen, *, tokens: Sequence[str] = ()) -> list[str]:
    """Serve until the client leaves (stdio) or the task is cancelled (HTTP).

    Returns the upstreams that could not be reached at start (they are retried on demand).
    """
    from weir.gateway.http import check_binding, serve_http
    from weir.gateway.stdio import serve_stdio

    if listen.http_host is not None:
        check_binding(listen.http_host, tokens)
    # The gateway's stages run in threads (weir.pipeline.worker): hand the interpreter lock over
    # every millisecond rather than every five, so a session waiting behind another's megabyte
    # scan gets its turn sooner (measured: scripts/bench isolation).
    sys.setswitchinterval(0.001)
    problems = await gateway.start()
    try:
        if listen.http_host is None:
            await serve_stdio(gateway)
        else:
            await serve_http(gateway, listen.http_host, listen.http_port, tokens=tokens)
    finally:
        await gateway.close()
    return problems


def run(gateway: Gateway, listen: Listen, *, tokens: Sequence[str] = ()) -> list[str]:
    """Blocking form of :func:`run_gateway`."""
    return asyncio.run(run_gateway(gateway, listen, tokens=tokens))
