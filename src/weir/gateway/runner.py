"""Building and running a gateway from a :class:`WeirConfig`: the library behind ``weir gateway``.

Files and the environment are read by the CLI; this module takes typed values. The decision
path is the shared ``weir.guard.Guard`` and the audit trail the ``weir.audit`` store.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from weir.config import WeirConfig
from weir.gateway.audit import AuditSink
from weir.gateway.audited import open_audit, open_pins
from weir.gateway.enforcer import Enforcer
from weir.gateway.guarded import GuardEnforcer, default_chain
from weir.gateway.proxy import Gateway

__all__ = ["Listen", "build_gateway", "run_gateway"]


@dataclass(frozen=True)
class Listen:
    """Where the gateway listens: stdio, or HTTP on host:port."""

    http_host: str | None = None
    """Host for HTTP; ``None`` means stdio."""
    http_port: int = 0
    """Port for HTTP."""


def build_gateway(
    config: WeirConfig, *, enforcer: Enforcer | None = None, audit: AuditSink | None = None, recorder: Any = None
) -> Gateway:
    """A gateway over the configured servers with the shared decision path and audit store.

    Production wiring: the detector chain (pins kept beside the audit trail), the Guard over
    it, and the SQLite audit store redacting payloads with the same chain.
    """
    if enforcer is None or audit is None:
        chain = default_chain(config, pin_store=open_pins(config))
        enforcer = enforcer if enforcer is not None else GuardEnforcer(config, chain=chain)
        audit = audit if audit is not None else open_audit(config, chain)
    gateway = Gateway(config, enforcer=enforcer, audit=audit)
    gateway.recorder = recorder
    return gateway


async def run_gateway(gateway: Gateway, listen: Listen, *, tokens: Sequence[str] = ()) -> list[str]:
    """Serve until the client leaves (stdio) or the task is cancelled (HTTP).

    Returns the upstreams that could not be reached at start (they are retried on demand).
    """
    from weir.gateway.http import check_binding, serve_http
    from weir.gateway.stdio import serve_stdio

    if listen.http_host is not None:
        check_binding(listen.http_host, tokens)
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
