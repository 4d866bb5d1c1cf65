"""The authorization server's metadata and signing keys, fetched once and kept.

The metadata is read from the issuer's well-known address (RFC 8414's
``/.well-known/oauth-authorization-server``, else OpenID Connect's
``/.well-known/openid-configuration``) and must name the configured issuer exactly. Its
``jwks_uri`` is read when first needed and kept for ``jwks_ttl_s``; a token signed with a key id
the kept set lacks (the server rotated its keys) refetches it — at most once per
``jwks_refresh_s``, so tokens with made-up key ids cannot make the gateway hammer the server.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx2

from weir.identity.config import OperatorSignIn, ResourceServerConfig

__all__ = ["AuthServerError", "KeyCache", "metadata_urls"]


class AuthServerError(Exception):
    """The authorization server could not be read (its metadata or keys): tokens cannot be checked."""


def metadata_urls(issuer: str) -> list[str]:
    """Where an issuer's metadata may be, in the order RFC 8414 and OpenID Connect say to try."""
    parts = urlsplit(issuer)
    path = parts.path.rstrip("/")
    base = (parts.scheme, parts.netloc)
    out = [urlunsplit((*base, f"/.well-known/oauth-authorization-server{path}", "", ""))]
    out.append(urlunsplit((*base, f"/.well-known/openid-configuration{path}", "", "")))
    if path:
        out.append(urlunsplit((*base, f"{path}/.well-known/openid-configuration", "", "")))
    return out


class KeyCache:
    """The issuer's metadata and JWKS (raw JWK dicts by key id), refreshed within bounds."""

    def __init__(
        self,
        config: ResourceServerConfig | OperatorSignIn,
        *,
        client: httpx2.AsyncClient | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._config = config
        self._client = client
        self._clock = clock
        self._metadata: dict[str, Any] | None = None
        self._keys: dict[str, dict[str, Any]] = {}
        self._anonymous: list[dict[str, Any]] = []
        self._read_at: float | None = None
        self._lock = asyncio.Lock()

    async def metadata(self) -> Mapping[str, Any]:
        """The authorization server's metadata (read once)."""
        if self._metadata is None:
            self._metadata = await self._read_metadata()
        return self._metadata

    async def key(self, kid: str | None) -> dict[str, Any] | None:
        """The JWK with this key id (``None``: the only key of a set without ids), or ``None``."""
        found = self._find(kid)
        now = self._clock()
        stale = self._read_at is None or now - self._read_at >= self._config.jwks_ttl_s
        may_refresh = self._read_at is None or now - self._read_at >= self._config.jwks_refresh_s
        if (found is None and may_refresh) or stale:
            async with self._lock:
                if self._read_at is None or self._clock() - self._read_at >= self._config.jwks_refresh_s:
                    await self._read_keys()
            found = self._find(kid)
        return found

    def _find(self, kid: str | None) -> dict[str, Any] | None:
        if kid is not None:
            return self._keys.get(kid)
        return self._anonymous[0] if len(self._anonymous) == 1 and not self._keys else None

    async def _read_metadata(self) -> dict[str, Any]:
        urls = [self._config.metadata_url] if self._config.metadata_url else metadata_urls(self._config.issuer)
        problems: list[str] = []
        for url in urls:
            try:
                doc = await self._get_json(url)
            except AuthServerError as exc:
                problems.append(str(exc))
                continue
            if doc.get("issuer") != self._config.issuer:
                raise AuthServerError(f"{url} names issuer {doc.get('issuer')!r}, not {self._config.issuer!r}")
            if not isinstance(doc.get("jwks_uri"), str):
                raise AuthServerError(f"{url} names no jwks_uri")
            return doc
        raise AuthServerError("no authorization server metadata: " + "; ".join(problems))

    async def _read_keys(self) -> None:
        uri = str((await self.metadata())["jwks_uri"])
        doc = await self._get_json(uri)
        keys = doc.get("keys")
        if not isinstance(keys, list):
            raise AuthServerError(f"{uri} is not a JWK set (no `keys` list)")
        usable = [k for k in keys if isinstance(k, dict) and k.get("use", "sig") == "sig"]
        self._keys = {str(k["kid"]): k for k in usable if isinstance(k.get("kid"), str)}
        self._anonymous = [k for k in usable if not isinstance(k.get("kid"), str)]
        self._read_at = self._clock()

    async def _get_json(self, url: str) -> dict[str, Any]:
        client = self._client or httpx2.AsyncClient(timeout=10.0)
        try:
            response = await client.get(url, headers={"accept": "application/json"})
        except httpx2.HTTPError as exc:
            raise AuthServerError(f"{url}: {type(exc).__name__}: {exc}") from exc
        finally:
            if self._client is None:
                await client.aclose()
        if response.status_code != 200:
            raise AuthServerError(f"{url}: HTTP {response.status_code}")
        try:
            doc = response.json()
        except ValueError as exc:
            raise AuthServerError(f"{url}: not JSON") from exc
        if not isinstance(doc, dict):
            raise AuthServerError(f"{url}: not a JSON object")
        return doc
