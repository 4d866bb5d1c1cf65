"""The ``auth:`` section of weir.yaml: the gateway as an OAuth 2.1 resource server, and the
credentials it presents to its upstream servers (its own, never a client's)."""

from __future__ import annotations

from urllib.parse import urlsplit

from pydantic import Field, field_validator, model_validator

from weir.labels.base import WeirModel

__all__ = [
    "AuthConfig",
    "ClientCredentials",
    "OperatorSignIn",
    "ResourceServerConfig",
    "UpstreamCredential",
    "url_problem",
]

DEFAULT_ALGORITHMS = ("RS256", "PS256", "ES256", "EdDSA")
"""Signatures accepted on access tokens by default: asymmetric only (an HMAC key would be a
secret shared with every resource server)."""


def url_problem(value: str, *, what: str) -> str | None:
    """Why ``value`` cannot be an issuer or resource URL: it must be absolute, without a fragment,
    and ``https`` unless it is on loopback (tests, local development)."""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return f"{what} must be an absolute http(s) URL, not {value!r}"
    if parts.fragment:
        return f"{what} must not have a fragment"
    host = (parts.hostname or "").lower()
    if parts.scheme == "http" and host not in ("localhost", "127.0.0.1", "::1"):
        return f"{what} must use https beyond loopback (the token travels with every request)"
    return None


class ResourceServerConfig(WeirModel):
    """``weir gateway --http`` validates OAuth access tokens from one authorization server."""

    issuer: str
    """The authorization server's issuer; its metadata (RFC 8414, else OpenID Connect discovery)
    names its JWKS and token endpoint."""
    resource: str
    """The gateway's own resource URL (e.g. ``https://weir.example/mcp``): the audience every
    access token must carry (RFC 8707), and the ``resource`` of its Protected Resource Metadata."""
    scopes: list[str] = Field(default_factory=list)
    """Scopes every request needs; a token without one of them gets 403 ``insufficient_scope``."""
    scopes_supported: list[str] | None = None
    """What the metadata advertises (default: ``scopes``)."""
    groups_claim: str = Field(default="groups", min_length=1)
    """The claim holding the principal's groups (``principal.groups``): a list, or a space-separated text."""
    leeway_s: float = Field(default=30.0, ge=0, le=300)
    """Clock skew allowed on ``exp`` and ``nbf``."""
    algorithms: list[str] = Field(default_factory=lambda: list(DEFAULT_ALGORITHMS), min_length=1)
    """The JWS algorithms accepted (``none`` and HMAC are never)."""
    jwks_refresh_s: float = Field(default=30.0, gt=0)
    """A token signed with a key the cached JWKS lacks refetches it, at most once per this many seconds."""
    jwks_ttl_s: float = Field(default=3600.0, gt=0)
    """The JWKS is refetched this long after it was read, even without an unknown key."""
    metadata_url: str | None = None
    """Where the authorization server's metadata is, when not at the well-known place under ``issuer``."""

    @model_validator(mode="after")
    def _urls(self) -> ResourceServerConfig:
        for what, value in (("issuer", self.issuer), ("resource", self.resource)):
            problem = url_problem(value, what=f"auth.resource_server.{what}")
            if problem is not None:
                raise ValueError(problem)
        return self

    @field_validator("algorithms")
    @classmethod
    def _asymmetric(cls, value: list[str]) -> list[str]:
        bad = [a for a in value if a.lower() == "none" or a.upper().startswith("HS")]
        if bad:
            raise ValueError(f"algorithms {', '.join(bad)} are not accepted on access tokens (asymmetric only)")
        return value


class ClientCredentials(WeirModel):
    """The gateway's own OAuth client (RFC 6749 client credentials, or RFC 8693 token exchange)."""

    token_url: str
    """The authorization server's token endpoint."""
    client_id: str = Field(min_length=1)
    client_secret_env: str | None = None
    """The environment variable holding the client secret (secrets never sit in weir.yaml)."""
    client_secret_file: str | None = None
    """Or a file holding it (trailing whitespace dropped)."""
    scope: str | None = None
    resource: str | None = None
    """The upstream's resource URL (RFC 8707): the audience of the token the gateway gets for it."""
    subject_token_env: str | None = None
    """Token exchange (RFC 8693): the environment variable holding the gateway's own subject token
    (never a client's); without it, the client-credentials grant is used."""

    @model_validator(mode="after")
    def _secret(self) -> ClientCredentials:
        if (self.client_secret_env is None) == (self.client_secret_file is None):
            raise ValueError("give exactly one of client_secret_env and client_secret_file")
        problem = url_problem(self.token_url, what="token_url")
        if problem is not None:
            raise ValueError(problem)
        return self


class UpstreamCredential(WeirModel):
    """What the gateway presents to one upstream server (exactly one source)."""

    env: str | None = None
    """An environment variable holding a bearer token."""
    file: str | None = None
    """A file holding a bearer token (read at start and again when it changes)."""
    oauth: ClientCredentials | None = None
    """A token the gateway obtains itself, cached until shortly before it expires."""

    @model_validator(mode="after")
    def _one(self) -> UpstreamCredential:
        given = [k for k in ("env", "file", "oauth") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"give exactly one of env, file, oauth (got {', '.join(given) or 'none'})")
        return self


class OperatorSignIn(WeirModel):
    """Operators sign in to the console with OpenID Connect (authorization code + PKCE)."""

    issuer: str
    """The OpenID provider (its discovery document names the endpoints and keys)."""
    client_id: str = Field(min_length=1)
    client_secret_env: str | None = None
    """The console client's secret, from this variable (or ``client_secret_file``)."""
    client_secret_file: str | None = None
    redirect_url: str
    """This console's callback as the provider knows it: ``https://weir.example/console/login/oidc/callback``."""
    scopes: list[str] = Field(default_factory=lambda: ["openid", "profile"])
    groups_claim: str = Field(default="groups", min_length=1)
    """The ID token claim listing the person's groups."""
    operator_groups: list[str] = Field(min_length=1)
    """Members of any of these groups may operate (approve held calls, re-approve tools); nobody else."""
    name_claim: str = "preferred_username"
    """The claim the operator is named by in the console and the audit trail (``sub`` when absent)."""
    leeway_s: float = Field(default=30.0, ge=0, le=300)
    metadata_url: str | None = None
    jwks_refresh_s: float = Field(default=30.0, gt=0)
    jwks_ttl_s: float = Field(default=3600.0, gt=0)

    @model_validator(mode="after")
    def _checked(self) -> OperatorSignIn:
        if (self.client_secret_env is None) == (self.client_secret_file is None):
            raise ValueError("give exactly one of client_secret_env and client_secret_file")
        for what, value in (("issuer", self.issuer), ("redirect_url", self.redirect_url)):
            problem = url_problem(value, what=f"auth.operators.{what}")
            if problem is not None:
                raise ValueError(problem)
        if not self.redirect_url.endswith("/console/login/oidc/callback"):
            raise ValueError("auth.operators.redirect_url must end with /console/login/oidc/callback")
        if "openid" not in self.scopes:
            raise ValueError("auth.operators.scopes must include openid")
        return self


class AuthConfig(WeirModel):
    """Who may call the gateway over HTTP, and how the gateway proves itself upstream."""

    resource_server: ResourceServerConfig | None = None
    """OAuth 2.1 access tokens at ``/mcp`` (static ``gateway.tokens`` keep working beside them)."""
    upstreams: dict[str, UpstreamCredential] = Field(default_factory=dict)
    """Per upstream server (its name under ``servers``): the gateway's own credential for it."""
    operators: OperatorSignIn | None = None
    """Operators sign in to the console with OIDC, beside their tokens (``console.operators``)."""
