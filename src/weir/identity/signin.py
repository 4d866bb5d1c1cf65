"""Operators sign in to the console with OpenID Connect: authorization code with PKCE (RFC 7636).

``GET /console/login/oidc`` sends the browser to the provider's authorization endpoint with a
fresh ``state``, ``nonce`` and S256 code challenge (kept here, in memory, for ten minutes, at most
1 000 at once). The provider sends it back to ``/console/login/oidc/callback`` with a code; the
console exchanges it (with the verifier and its own client secret) for an ID token and checks
that token as strictly as an access token: signed by a key of the issuer's JWKS, ``iss`` exactly
the issuer, ``aud`` naming this client, not expired, and the ``nonce`` of this very attempt.
Only a person in one of ``operator_groups`` (the ``groups_claim``) becomes an operator, named by
``name_claim`` (else ``sub``); anyone else is refused, with the reason, and nothing is opened.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx2

from weir.errors import ConfigError
from weir.identity.config import OperatorSignIn
from weir.identity.keys import AuthServerError, KeyCache
from weir.identity.tokens import TokenError, header_of, verified

__all__ = ["OidcFlow", "SignInRefused"]

_ATTEMPT_S = 600.0
_MAX_ATTEMPTS = 1000
_NAME = re.compile(r"[^A-Za-z0-9._@-]")


class SignInRefused(Exception):
    """Why a sign-in did not happen (shown to the person, logged without any token)."""


@dataclass(frozen=True)
class _Attempt:
    verifier: str
    nonce: str
    started: float


class OidcFlow:
    """One console's OpenID Connect sign-in: where to send the browser, and what comes back."""

    def __init__(
        self,
        config: OperatorSignIn,
        *,
        base: Path,
        keys: KeyCache | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.keys = keys or KeyCache(config)
        self._secret = _secret(config, base)
        self._clock, self._wall = clock, wall
        self._attempts: dict[str, _Attempt] = {}

    async def start(self) -> str:
        """The authorization URL to send the browser to (a new attempt)."""
        metadata = await self.keys.metadata()
        self._expire()
        if len(self._attempts) >= _MAX_ATTEMPTS:
            self._attempts.pop(next(iter(self._attempts)))
        state, verifier, nonce = (secrets.token_urlsafe(32) for _ in range(3))
        self._attempts[state] = _Attempt(verifier, nonce, self._clock())
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
        query = {
            "response_type": "code",
            "client_id": self.config.client_id,
            "redirect_uri": self.config.redirect_url,
            "scope": " ".join(self.config.scopes),
            "state": state,
            "nonce": nonce,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
        return f"{metadata['authorization_endpoint']}?{urlencode(query)}"

    async def finish(self, params: Mapping[str, str]) -> str:
        """The operator's name, from the provider's redirect back (raises :class:`SignInRefused`)."""
        attempt = self._attempts.pop(params.get("state", ""), None)
        if attempt is None or self._clock() - attempt.started > _ATTEMPT_S:
            raise SignInRefused("this sign-in was not started here, or took too long: start again")
        if "error" in params:
            raise SignInRefused(f"the provider refused: {params['error']}")
        code = params.get("code")
        if not code:
            raise SignInRefused("the provider sent no code")
        claims = await self._id_token(await self._exchange(code, attempt.verifier), attempt.nonce)
        return self._operator(claims)

    async def _exchange(self, code: str, verifier: str) -> str:
        metadata = await self.keys.metadata()
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": self.config.redirect_url,
            "code_verifier": verifier,
            "client_id": self.config.client_id,
            "client_secret": self._secret,
        }
        try:
            async with httpx2.AsyncClient(timeout=30.0) as http:
                reply = await http.post(str(metadata["token_endpoint"]), data=form)
            body = reply.json()
        except (httpx2.HTTPError, ValueError, KeyError) as exc:
            raise SignInRefused(f"the token endpoint failed ({type(exc).__name__})") from exc
        token = body.get("id_token") if isinstance(body, dict) else None
        if reply.status_code != 200 or not isinstance(token, str):
            code_ = body.get("error") if isinstance(body, dict) else None
            raise SignInRefused(f"the token endpoint refused the code (HTTP {reply.status_code} {code_ or ''})".strip())
        return token

    async def _id_token(self, token: str, nonce: str) -> dict[str, Any]:
        try:
            header = header_of(token)
            alg = header.get("alg")
            if alg not in ("RS256", "PS256", "ES256", "EdDSA"):
                raise SignInRefused(f"the ID token's algorithm {alg!r} is not accepted")
            kid = header.get("kid")
            jwk = await self.keys.key(kid if isinstance(kid, str) else None)
            if jwk is None:
                raise SignInRefused("the ID token is signed with an unknown key")
            claims = verified(token, jwk, str(alg))
        except (TokenError, AuthServerError) as exc:
            raise SignInRefused(f"the ID token does not verify ({exc})") from exc
        aud = claims.get("aud")
        audiences = [aud] if isinstance(aud, str) else aud if isinstance(aud, list) else []
        exp = claims.get("exp")
        if claims.get("iss") != self.config.issuer or self.config.client_id not in audiences:
            raise SignInRefused("the ID token is not from this provider for this console")
        if not isinstance(exp, int | float) or exp + self.config.leeway_s < self._wall():
            raise SignInRefused("the ID token has expired")
        if claims.get("nonce") != nonce:
            raise SignInRefused("the ID token is not for this sign-in (nonce)")
        return claims

    def _operator(self, claims: Mapping[str, Any]) -> str:
        groups = claims.get(self.config.groups_claim)
        member = set(groups.split() if isinstance(groups, str) else groups if isinstance(groups, list) else [])
        if not member & set(self.config.operator_groups):
            raise SignInRefused("you are not in an operators' group (auth.operators.operator_groups)")
        name = claims.get(self.config.name_claim) or claims.get("sub")
        if not isinstance(name, str) or not name:
            raise SignInRefused("the ID token names nobody (no sub)")
        return "oidc:" + _NAME.sub("_", name)[:58]

    def _expire(self) -> None:
        now = self._clock()
        for state in [s for s, a in self._attempts.items() if now - a.started > _ATTEMPT_S]:
            del self._attempts[state]


def _secret(config: OperatorSignIn, base: Path) -> str:
    if config.client_secret_env is not None:
        value = os.environ.get(config.client_secret_env, "").strip()
        where = f"the variable {config.client_secret_env}"
    else:
        path = base / str(config.client_secret_file)
        try:
            value = path.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise ConfigError(f"auth.operators.client_secret_file: cannot read {path}: {exc.strerror}") from exc
        where = str(path)
    if not value:
        raise ConfigError(f"auth.operators: the console's client secret ({where}) is empty or not set")
    return value
