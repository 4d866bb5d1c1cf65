"""Who may reach the HTTP listener: where a request comes from (``Host``, ``Origin``, body type),
whether the listener may bind beyond loopback, and the principal a bearer token stands for.

A request must come from where a client can be (the MCP transport's rules against DNS rebinding
and cross-site requests): its ``Host`` names this gateway (on loopback: a loopback name, or one of
``gateway.allowed_hosts``), an ``Origin`` it carries is the gateway's own (the scheme and the very
``Host`` the request names: a page the gateway itself serves) or one of ``gateway.allowed_origins``,
and a POST's body is declared ``application/json`` — a web page elsewhere can send none of these
without the browser asking first, and the gateway never answers yes.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from weir.errors import ConfigError
from weir.gateway.wire import jsonrpc
from weir.identity.resource import static_principal

__all__ = ["Admission", "check_binding", "is_loopback", "principal_of"]


def is_loopback(host: str) -> bool:
    """True for 127.0.0.0/8, ::1 and ``localhost``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_binding(host: str, tokens: Sequence[str], *, oauth: bool = False) -> None:
    """Refuse to listen beyond loopback without bearer tokens or OAuth (raises :class:`ConfigError`)."""
    if not is_loopback(host) and not oauth and not [t for t in tokens if t]:
        raise ConfigError(
            f"refusing to listen on {host}: bearer tokens are required beyond loopback "
            "(set gateway.tokens in the config or WEIR_GATEWAY_TOKENS)"
        )


_LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def _host_name(header: str) -> str:
    """The host of a ``Host`` header, without its port (``[::1]:8080`` → ``[::1]``)."""
    if header.startswith("["):
        return header[: header.find("]") + 1] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class Admission:
    """Where requests may come from: the ``Host`` they name, their ``Origin``, their body's type."""

    def __init__(self, bind_host: str | None, allowed_hosts: Sequence[str], allowed_origins: Sequence[str]) -> None:
        self.loopback = bind_host is None or is_loopback(bind_host)
        hosts = {h.lower() for h in allowed_hosts}
        if self.loopback:
            hosts |= _LOOPBACK_NAMES
        if bind_host and bind_host not in ("0.0.0.0", "::"):
            hosts.add(bind_host.lower())
        self.hosts = frozenset(hosts)
        self.check_host = self.loopback or bool(allowed_hosts)
        self.origins = frozenset(o.rstrip("/").lower() for o in allowed_origins)

    def refusal(self, request: Request, *, body: bool) -> Response | None:
        """The error response for a request that may not come in, or ``None``."""
        host = _host_name(request.headers.get("host", "").strip().lower())
        if self.check_host and host not in self.hosts:
            return _refuse(421, f"Host {host!r} is not this gateway (allowed: {', '.join(sorted(self.hosts))})")
        origin = request.headers.get("origin")
        if origin is not None and not self._origin_allowed(origin, request.headers.get("host", "")):
            return _refuse(403, f"Origin {origin!r} is not allowed (gateway.allowed_origins)")
        if body:
            ctype = request.headers.get("content-type", "").partition(";")[0].strip().lower()
            if ctype != "application/json":
                return _refuse(415, f"a JSON-RPC message must be sent as application/json, not {ctype or 'nothing'!r}")
        return None

    def _origin_allowed(self, origin: str, host: str) -> bool:
        """The gateway's own origin (a page it serves: the scheme and exactly the ``Host`` already
        checked), or one the deployer allowed.

        Where the ``Host`` is not checked (beyond loopback without ``gateway.allowed_hosts``) it is
        whatever the client says — a DNS-rebinding page names its own — so no origin is "own" there.
        """
        value = origin.rstrip("/").lower()
        scheme, sep, authority = value.partition("://")
        own = self.check_host and bool(sep) and scheme in ("http", "https") and authority == host.strip().lower()
        return own or value in self.origins


def _refuse(status: int, why: str) -> Response:
    return JSONResponse(jsonrpc.error(None, jsonrpc.INVALID_REQUEST, why), status_code=status)


def principal_of(token: str) -> str:
    """The principal a bearer token stands for (its fingerprint; ``loopback`` without tokens)."""
    return static_principal(token).id
