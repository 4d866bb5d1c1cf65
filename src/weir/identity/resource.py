"""The gateway's HTTP edge as an OAuth 2.1 resource server (the MCP authorization specification).

It publishes its Protected Resource Metadata (RFC 9728) at
``/.well-known/oauth-protected-resource`` and at the path-specific address of its resource URL
(``/.well-known/oauth-protected-resource/mcp``), and answers every request to ``/mcp`` that does
not prove a principal, as RFC 6750 and the specification say:

- no credentials: ``401`` with ``WWW-Authenticate: Bearer resource_metadata="…"`` (and the
  ``scope`` the gateway needs), no error code — the client discovers the authorization server;
- a malformed request (a token in the query, ``Bearer`` without a token, two credentials):
  ``400`` ``invalid_request``;
- a token that is not valid here (signature, issuer, audience, expiry): ``401`` ``invalid_token``;
- a valid token without a required scope: ``403`` ``insufficient_scope`` with ``scope``.

Static ``gateway.tokens`` still admit (loopback, tests, programs): they are compared first, in
constant time, and stand for ``token:<fingerprint>`` principals with no claims.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from weir.identity.config import ResourceServerConfig
from weir.identity.keys import KeyCache
from weir.identity.principal import Principal
from weir.identity.tokens import TokenChecker, TokenError

__all__ = ["PRM_PATH", "ResourceServer", "static_principal"]

PRM_PATH = "/.well-known/oauth-protected-resource"

_UNSAFE = re.compile(r"[^\x20\x21\x23-\x5b\x5d-\x7e]")
"""What RFC 6750 does not allow inside an ``error_description`` (quotes, backslashes, controls)."""


def static_principal(token: str) -> Principal:
    """The principal of a static bearer token: its fingerprint (``loopback`` for no token)."""
    return Principal(f"token:{hashlib.sha256(token.encode()).hexdigest()[:16]}" if token else "loopback")


class ResourceServer:
    """Admits requests carrying a valid access token (or a static token) and publishes its metadata."""

    def __init__(self, config: ResourceServerConfig, checker: TokenChecker | None = None) -> None:
        self.config = config
        self.checker = checker or TokenChecker(config, KeyCache(config))
        parts = urlsplit(config.resource)
        path = parts.path.rstrip("/")
        self.metadata_url = urlunsplit((parts.scheme, parts.netloc, PRM_PATH + path, "", ""))
        """The path-specific metadata address named in every challenge."""
        self._paths = sorted({PRM_PATH, PRM_PATH + path})

    def document(self) -> dict[str, Any]:
        """The Protected Resource Metadata (RFC 9728)."""
        scopes = self.config.scopes_supported if self.config.scopes_supported is not None else self.config.scopes
        return {
            "resource": self.config.resource,
            "authorization_servers": [self.config.issuer],
            "scopes_supported": list(scopes),
            "bearer_methods_supported": ["header"],
            "resource_name": "Weir MCP gateway",
        }

    def routes(self) -> list[BaseRoute]:
        """The metadata's routes (GET), served without authentication as the RFC requires."""

        async def metadata(_: Request) -> Response:
            return JSONResponse(self.document(), headers={"cache-control": "max-age=300"})

        return [Route(path, metadata, methods=["GET"]) for path in self._paths]

    async def authenticate(self, request: Request, tokens: Sequence[bytes]) -> Principal | Response:
        """The principal a request proves, or the response refusing it (400, 401, 403)."""
        token = self._credential(request)
        if isinstance(token, Response):
            return token
        presented = token.encode()
        if any(hmac.compare_digest(presented, t) for t in tokens):
            return static_principal(token)
        try:
            principal = await self.checker.check(token)
            self.checker.require(principal, self.config.scopes)
        except TokenError as exc:
            return self.refusal(exc)
        return principal

    def _credential(self, request: Request) -> str | Response:
        """The bearer token a request presents, or the 400/401 for one that presents none (right)."""
        if "access_token" in request.query_params:
            return self.refusal(TokenError("invalid_request", "access tokens are not accepted in the URL", 400))
        header = request.headers.getlist("authorization")
        if len(header) > 1:
            return self.refusal(TokenError("invalid_request", "more than one Authorization header", 400))
        scheme, _, token = header[0].strip().partition(" ") if header else ("", "", "")
        if scheme.lower() != "bearer":
            return self.challenge()
        token = token.strip()
        if not token or " " in token:
            return self.refusal(TokenError("invalid_request", "a Bearer credential needs exactly one token", 400))
        return token

    def challenge(self) -> Response:
        """401 for a request without credentials: where to learn how to get some."""
        params = [f'resource_metadata="{self.metadata_url}"']
        if self.config.scopes:
            params.append(f'scope="{" ".join(self.config.scopes)}"')
        body = {"error": "unauthorized", "error_description": "an access token is required"}
        return JSONResponse(body, status_code=401, headers={"www-authenticate": "Bearer " + ", ".join(params)})

    def refusal(self, error: TokenError) -> Response:
        """The response for a refused credential, with its RFC 6750 error in the challenge."""
        description = _UNSAFE.sub("?", error.description)
        params = [f'error="{error.error}"', f'error_description="{description}"']
        if error.scope:
            params.append(f'scope="{error.scope}"')
        params.append(f'resource_metadata="{self.metadata_url}"')
        body = {"error": error.error, "error_description": error.description}
        headers = {"www-authenticate": "Bearer " + ", ".join(params)}
        return JSONResponse(body, status_code=error.status, headers=headers)
