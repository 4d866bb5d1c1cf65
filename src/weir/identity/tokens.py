"""Checking one OAuth access token: a JWT signed by the configured issuer, for this gateway.

In order, each failure an ``invalid_token`` naming what failed: the JWS header is readable and
names an accepted algorithm; the key it names is in the issuer's JWKS (refetched once when it is
not: :class:`weir.identity.keys.KeyCache`); the signature verifies (``joserfc``); ``iss`` is the
issuer exactly; ``aud`` contains the gateway's resource URL (RFC 8707: a token minted for
another server is refused, whatever else it says); ``exp`` is present and not past (with the
configured leeway), ``nbf`` not ahead. Then the scopes: a valid token without a required one is
``insufficient_scope`` (403), never ``invalid_token``. ``joserfc`` is imported here only.
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from weir.identity.config import ResourceServerConfig
from weir.identity.keys import AuthServerError, KeyCache
from weir.identity.principal import Principal

__all__ = ["TokenChecker", "TokenError", "header_of", "scopes_of", "verified"]


@dataclass(frozen=True)
class TokenError(Exception):
    """Why a token is refused: ``error`` is the RFC 6750 code, ``status`` the HTTP status."""

    error: str
    description: str
    status: int = 401
    scope: str = ""
    """For ``insufficient_scope``: the scopes the request needs."""

    def __str__(self) -> str:
        return f"{self.error}: {self.description}"


def scopes_of(claims: Mapping[str, Any]) -> tuple[str, ...]:
    """A token's scopes: ``scope`` (space-separated, RFC 9068) or ``scp`` (a list or text)."""
    raw = claims.get("scope", claims.get("scp", ""))
    if isinstance(raw, str):
        return tuple(sorted(set(raw.split())))
    if isinstance(raw, list):
        return tuple(sorted({s for s in raw if isinstance(s, str)}))
    return ()


def _groups(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(sorted(set(value.split())))
    if isinstance(value, list):
        return tuple(sorted({g for g in value if isinstance(g, str)}))
    return ()


def header_of(token: str) -> dict[str, Any]:
    """The JWS protected header, read without trusting it (only to pick the key and algorithm)."""
    parts = token.split(".")
    if len(parts) != 3:
        raise TokenError("invalid_token", "not a signed JWT (an access token has three dot-separated parts)")
    try:
        text = base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4))
        header = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise TokenError("invalid_token", "the JWT header is not base64url JSON") from exc
    if not isinstance(header, dict):
        raise TokenError("invalid_token", "the JWT header is not a JSON object")
    return header


class TokenChecker:
    """Validates access tokens for one resource server configuration."""

    def __init__(self, config: ResourceServerConfig, keys: KeyCache, *, clock: Callable[[], float] = time.time) -> None:
        self.config = config
        self.keys = keys
        self._clock = clock

    async def check(self, token: str) -> Principal:
        """The principal the token proves (raises :class:`TokenError`; an unreadable authorization
        server is a 401 too — fail closed — with the reason)."""
        header = header_of(token)
        alg = header.get("alg")
        if not isinstance(alg, str) or alg not in self.config.algorithms:
            raise TokenError("invalid_token", f"the token's algorithm {alg!r} is not accepted")
        kid = header.get("kid")
        try:
            jwk = await self.keys.key(kid if isinstance(kid, str) else None)
        except AuthServerError as exc:
            raise TokenError("invalid_token", f"the authorization server's keys cannot be read ({exc})") from exc
        if jwk is None:
            raise TokenError("invalid_token", f"the token is signed with an unknown key ({kid!r})")
        claims = verified(token, jwk, alg)
        self._check_claims(claims)
        return self._principal(claims)

    def require(self, principal: Principal, needed: Sequence[str]) -> None:
        """Raise ``insufficient_scope`` (403) unless the principal holds every scope in ``needed``."""
        missing = [s for s in needed if s not in principal.scopes]
        if missing:
            raise TokenError(
                "insufficient_scope",
                f"the token lacks the scope {' '.join(missing)}",
                status=403,
                scope=" ".join(needed),
            )

    def _check_claims(self, claims: Mapping[str, Any]) -> None:
        if claims.get("iss") != self.config.issuer:
            raise TokenError("invalid_token", "the token was not issued by the configured issuer")
        aud = claims.get("aud")
        audiences = [aud] if isinstance(aud, str) else aud if isinstance(aud, list) else []
        if self.config.resource not in audiences:
            raise TokenError("invalid_token", f"the token is not for this resource ({self.config.resource})")
        now, leeway = self._clock(), self.config.leeway_s
        exp = claims.get("exp")
        if not isinstance(exp, int | float) or isinstance(exp, bool):
            raise TokenError("invalid_token", "the token has no expiry (exp)")
        if exp + leeway < now:
            raise TokenError("invalid_token", "the token has expired")
        nbf = claims.get("nbf")
        if isinstance(nbf, int | float) and not isinstance(nbf, bool) and nbf - leeway > now:
            raise TokenError("invalid_token", "the token is not valid yet (nbf)")

    def _principal(self, claims: Mapping[str, Any]) -> Principal:
        sub = claims.get("sub") if isinstance(claims.get("sub"), str) else ""
        client = claims.get("client_id", claims.get("azp", ""))
        client_id = client if isinstance(client, str) else ""
        who = sub or client_id
        if not who:
            raise TokenError("invalid_token", "the token names no subject (sub) and no client (client_id)")
        exp = claims.get("exp")
        return Principal(
            id=f"oauth:{who}",
            sub=str(sub or ""),
            client_id=client_id,
            scopes=scopes_of(claims),
            groups=_groups(claims.get(self.config.groups_claim)),
            issuer=self.config.issuer,
            expires=float(exp) if isinstance(exp, int | float) else None,
            claims=dict(claims),
        )


def verified(token: str, jwk: Mapping[str, Any], alg: str) -> dict[str, Any]:
    """The token's claims once its signature verifies with ``jwk`` under ``alg``."""
    from joserfc import jwt
    from joserfc.errors import JoseError
    from joserfc.jwk import import_key

    try:
        key = import_key(dict(jwk))
        decoded = jwt.decode(token, key, algorithms=[alg])
    except (JoseError, ValueError, TypeError) as exc:
        raise TokenError("invalid_token", f"the token's signature does not verify ({type(exc).__name__})") from exc
    claims = decoded.claims
    if not isinstance(claims, dict):
        raise TokenError("invalid_token", "the token's payload is not a JSON object")
    return claims
