"""The gateway's own credential toward an upstream server — never the client's token.

A client's ``Authorization`` header ends at the gateway (the MCP authorization specification
forbids passing it through: the token's audience is the gateway, and an upstream that accepted it
would be a confused deputy). Toward each HTTP upstream the gateway presents what ``auth.upstreams``
names for it: a bearer token from the environment or a file, or a token it obtains itself from an
authorization server — the client-credentials grant, or token exchange (RFC 8693) of a subject
token of its own — for that upstream's resource (RFC 8707), kept until shortly before it expires.
A 401 from the upstream drops the kept token and asks once more.

Secrets are never logged, audited or put in an error: messages name the variable, the file or the
token endpoint, and the authorization server's ``error`` code, never a value.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncGenerator, Callable
from pathlib import Path

import httpx2

from weir.errors import ConfigError, UpstreamError
from weir.identity.config import ClientCredentials, UpstreamCredential

__all__ = ["CredentialAuth", "TokenSource", "upstream_auth"]

_EARLY_S = 30.0
"""A kept token is renewed this long before it expires."""
_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
_ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token"


class TokenSource:
    """Where one upstream's bearer token comes from."""

    async def token(self, *, fresh: bool = False) -> str:
        """The token to present (``fresh``: the upstream refused the last one)."""
        raise NotImplementedError


class _Env(TokenSource):
    def __init__(self, name: str, server: str) -> None:
        self._name, self._server = name, server
        if not os.environ.get(name, "").strip():
            raise ConfigError(f"auth.upstreams.{server}.env: the variable {name} is not set", server=server)

    async def token(self, *, fresh: bool = False) -> str:
        return os.environ.get(self._name, "").strip()


class _File(TokenSource):
    """A token in a file, read again when the file changes (a rotated secret needs no restart)."""

    def __init__(self, path: Path, server: str) -> None:
        self._path, self._server = path, server
        self._seen: tuple[float, str] | None = None
        self._read()

    def _read(self) -> str:
        try:
            mtime = self._path.stat().st_mtime
            if self._seen is None or self._seen[0] != mtime:
                self._seen = (mtime, self._path.read_text(encoding="utf-8").strip())
        except OSError as exc:
            raise ConfigError(f"auth.upstreams.{self._server}.file: cannot read {self._path}: {exc.strerror}") from exc
        if not self._seen[1]:
            raise ConfigError(f"auth.upstreams.{self._server}.file: {self._path} is empty", server=self._server)
        return self._seen[1]

    async def token(self, *, fresh: bool = False) -> str:
        return self._read()


class _OAuth(TokenSource):
    """A token the gateway gets from the authorization server itself, kept until near its expiry."""

    def __init__(self, config: ClientCredentials, server: str, base: Path, clock: Callable[[], float]) -> None:
        self._config, self._server, self._clock = config, server, clock
        self._secret = _secret(config, server, base)
        self._kept: tuple[str, float] | None = None
        self._lock = asyncio.Lock()

    async def token(self, *, fresh: bool = False) -> str:
        async with self._lock:
            if fresh or self._kept is None or self._kept[1] <= self._clock():
                self._kept = await self._obtain()
            return self._kept[0]

    def _form(self) -> dict[str, str]:
        c = self._config
        form = {"client_id": c.client_id, "client_secret": self._secret}
        if c.subject_token_env is not None:
            subject = os.environ.get(c.subject_token_env, "").strip()
            if not subject:
                raise UpstreamError(f"token exchange: {c.subject_token_env} is not set", server=self._server)
            form |= {"grant_type": _EXCHANGE, "subject_token": subject, "subject_token_type": _ACCESS_TOKEN}
        else:
            form["grant_type"] = "client_credentials"
        if c.scope:
            form["scope"] = c.scope
        if c.resource:
            form["resource"] = c.resource
        return form

    async def _obtain(self) -> tuple[str, float]:
        url = self._config.token_url
        try:
            async with httpx2.AsyncClient(timeout=30.0) as http:
                reply = await http.post(url, data=self._form(), headers={"accept": "application/json"})
            body = reply.json()
        except (httpx2.HTTPError, ValueError) as exc:
            raise UpstreamError(f"the token endpoint {url} failed: {type(exc).__name__}", server=self._server) from exc
        token = body.get("access_token") if isinstance(body, dict) else None
        if reply.status_code != 200 or not isinstance(token, str) or not token:
            code = body.get("error") if isinstance(body, dict) else None
            raise UpstreamError(f"the token endpoint {url} refused: HTTP {reply.status_code} {code or ''}".strip())
        expires = body.get("expires_in")
        life = float(expires) if isinstance(expires, int | float) and not isinstance(expires, bool) else 300.0
        return token, self._clock() + max(life - _EARLY_S, 0.0)


def _secret(config: ClientCredentials, server: str, base: Path) -> str:
    where = f"auth.upstreams.{server}.oauth"
    if config.client_secret_env is not None:
        value = os.environ.get(config.client_secret_env, "").strip()
        if not value:
            raise ConfigError(f"{where}.client_secret_env: the variable {config.client_secret_env} is not set")
        return value
    path = base / str(config.client_secret_file)
    try:
        value = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise ConfigError(f"{where}.client_secret_file: cannot read {path}: {exc.strerror}") from exc
    if not value:
        raise ConfigError(f"{where}.client_secret_file: {path} is empty")
    return value


class CredentialAuth(httpx2.Auth):
    """Sets the upstream's ``Authorization`` on every request, whatever else asked for one."""

    def __init__(self, source: TokenSource) -> None:
        self.source = source

    async def async_auth_flow(self, request: httpx2.Request) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        request.headers["authorization"] = f"Bearer {await self.source.token()}"
        response = yield request
        if response.status_code == 401:
            request.headers["authorization"] = f"Bearer {await self.source.token(fresh=True)}"
            yield request


def upstream_auth(
    credential: UpstreamCredential | None, server: str, *, base: Path, clock: Callable[[], float] = time.monotonic
) -> CredentialAuth | None:
    """The auth for one upstream (``None``: it gets no credential); ConfigError for a missing secret."""
    if credential is None:
        return None
    if credential.env is not None:
        return CredentialAuth(_Env(credential.env, server))
    if credential.file is not None:
        return CredentialAuth(_File(base / credential.file, server))
    assert credential.oauth is not None  # the config allows exactly one source
    return CredentialAuth(_OAuth(credential.oauth, server, base, clock))
