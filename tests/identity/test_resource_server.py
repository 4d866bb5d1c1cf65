"""The gateway as an OAuth 2.1 resource server, against a real authorization server (oidc-provider).

Every token here is minted by the provider over HTTP; the gateway discovers the provider's
metadata and keys itself. The MCP SDK's own OAuth client (client credentials) discovers the
gateway's Protected Resource Metadata from its 401, gets a token for the gateway's resource and
calls tools.
"""

from __future__ import annotations

import base64
import json
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.auth import OAuthTokenError
from mcp.client.auth.extensions.client_credentials import ClientCredentialsOAuthProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

from tests.identity.authserver import AuthServer
from tests.identity.conftest import ALICE, BOB, NOSCOPE, STATIC, deployment, serving
from tests.jsonrpc import initialize
from weir.identity.keys import KeyCache
from weir.identity.resource import ResourceServer
from weir.identity.tokens import TokenChecker

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

ACCEPT = "application/json, text/event-stream"


class Memory:
    """The SDK's token storage, in memory."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.info: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.info

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.info = client_info


async def _post(url: str, token: str | None, **kw: Any) -> httpx2.Response:
    headers = {"content-type": "application/json", "accept": ACCEPT}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    headers.update(kw.pop("headers", {}))
    async with httpx2.AsyncClient(timeout=30) as http:
        return await http.post(url, content=json.dumps(initialize()), headers=headers, **kw)


def _challenge(response: httpx2.Response) -> dict[str, str]:
    """The parameters of a ``WWW-Authenticate: Bearer k="v", …`` header."""
    scheme, _, rest = response.headers["www-authenticate"].partition(" ")
    assert scheme == "Bearer"
    out = {}
    for part in rest.split('", '):
        key, _, value = part.partition("=")
        out[key.strip()] = value.strip().strip('"')
    return out


async def test_metadata_and_challenge(authserver: AuthServer, resource: str, gateway_port: int) -> None:
    async with serving(deployment(authserver, resource), gateway_port) as url:
        for path in ("/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"):
            async with httpx2.AsyncClient(timeout=30) as http:
                doc = (await http.get(f"http://127.0.0.1:{gateway_port}{path}")).json()
            assert doc["resource"] == resource
            assert doc["authorization_servers"] == [authserver.issuer]
            assert doc["scopes_supported"] == ["mcp"]
        refused = await _post(url, None)
        assert refused.status_code == 401
        params = _challenge(refused)
        assert params == {
            "resource_metadata": f"http://127.0.0.1:{gateway_port}/.well-known/oauth-protected-resource/mcp",
            "scope": "mcp",
        }
        assert (await _post(url, STATIC)).status_code == 200  # static tokens keep working beside OAuth


async def test_sdk_client_completes_the_flow_and_calls_tools(
    authserver: AuthServer, resource: str, gateway_port: int
) -> None:
    dep = deployment(authserver, resource)
    async with serving(dep, gateway_port) as url:
        auth = ClientCredentialsOAuthProvider(
            url, Memory(), ALICE.client_id, ALICE.secret, "client_secret_post", scope="mcp", issuer=authserver.issuer
        )
        http = httpx2.AsyncClient(auth=auth, timeout=60)
        async with Client(streamable_http_client(url, http_client=http)) as client:
            names = {tool.name for tool in (await client.list_tools()).tools}
            assert "files__read_file" in names
            result = await client.call_tool("files__read_file", {"path": "notes/todo.txt"})
            assert not result.is_error


@pytest.mark.parametrize("case", ["wrong audience", "expired", "missing scope", "forged signature"])
async def test_refused_tokens(authserver: AuthServer, resource: str, gateway_port: int, case: str) -> None:
    dep = deployment(authserver, resource)
    checker = dep.resource.checker if dep.resource is not None else None
    assert checker is not None
    later = None
    if case == "wrong audience":
        token = authserver.token(ALICE.client_id, "http://127.0.0.1:9/other-mcp")
    elif case == "missing scope":
        token = authserver.token(NOSCOPE.client_id, resource, scope="profile")
    else:
        token = authserver.token(ALICE.client_id, resource)
    if case == "expired":  # the provider's real token, judged an hour later (no waiting on a clock)
        later = ResourceServer(
            checker.config, TokenChecker(checker.config, KeyCache(checker.config), clock=lambda: time.time() + 3600)
        )
    if case == "forged signature":
        head, body, _ = token.split(".")
        claims = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        claims["groups"] = ["admins"]
        forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
        token = f"{head}.{forged}.{token.split('.')[2]}"
    async with serving(dep, gateway_port, later) as url:
        refused = await _post(url, token)
    params = _challenge(refused)
    assert params["resource_metadata"].endswith("/.well-known/oauth-protected-resource/mcp")
    if case == "missing scope":
        assert refused.status_code == 403
        assert params["error"] == "insufficient_scope"
        assert params["scope"] == "mcp"
    else:
        assert refused.status_code == 401
        assert params["error"] == "invalid_token"
    expected = {
        "wrong audience": "not for this resource",
        "expired": "expired",
        "missing scope": "lacks the scope mcp",
        "forged signature": "signature does not verify",
    }[case]
    assert expected in params["error_description"]


async def test_malformed_requests_are_400(authserver: AuthServer, resource: str, gateway_port: int) -> None:
    token = authserver.token(ALICE.client_id, resource)
    async with serving(deployment(authserver, resource), gateway_port) as url:
        in_query = await _post(f"{url}?access_token={token}", None)
        empty = await _post(url, None, headers={"authorization": "Bearer"})
        two = await _post(url, None, headers={"authorization": f"Bearer {token} {token}"})
        assert (await _post(url, token)).status_code == 200
    for response in (in_query, empty, two):
        assert response.status_code == 400
        assert _challenge(response)["error"] == "invalid_request"


async def test_key_rotation(authserver: AuthServer, resource: str, gateway_port: int) -> None:
    """A new key is fetched when a token names it; a dropped key's tokens are refused."""
    dep = deployment(authserver, resource)
    async with serving(dep, gateway_port) as url:
        old = authserver.token(ALICE.client_id, resource)
        assert (await _post(url, old)).status_code == 200
        authserver.rotate("key-2")  # the old key is gone from the provider's JWKS
        new = authserver.token(ALICE.client_id, resource)
        assert json.loads(base64.urlsafe_b64decode(new.split(".")[0] + "=="))["kid"] == "key-2"
        assert (await _post(url, new)).status_code == 200
        # The gateway refetched the JWKS for key-2, so it no longer holds key-1.
        refused = await _post(url, old)
        assert refused.status_code == 401
        assert "unknown key" in _challenge(refused)["error_description"]


async def test_unknown_key_ids_refetch_within_the_bound(authserver: AuthServer, resource: str) -> None:
    """Tokens naming made-up key ids refetch the JWKS at most once per ``jwks_refresh_s``."""
    fetched: list[str] = []

    async def count(request: httpx2.Request) -> None:
        fetched.append(str(request.url))

    dep = deployment(authserver, resource, resource_server={"jwks_refresh_s": 3600})
    assert dep.resource is not None
    config = dep.resource.config
    keys = KeyCache(config, client=httpx2.AsyncClient(event_hooks={"request": [count]}, timeout=30))
    checker = TokenChecker(config, keys)
    token = authserver.token(ALICE.client_id, resource)
    assert (await checker.check(token)).groups == ("finance",)
    jwks_reads = [u for u in fetched if "jwks" in u]
    head, body, sig = token.split(".")
    for i in range(20):
        header = json.loads(base64.urlsafe_b64decode(head + "=="))
        header["kid"] = f"made-up-{i}"
        fake = base64.urlsafe_b64encode(json.dumps(header).encode()).decode().rstrip("=")
        with pytest.raises(Exception, match="unknown key"):
            await checker.check(f"{fake}.{body}.{sig}")
    assert [u for u in fetched if "jwks" in u] == jwks_reads  # no refetch within the hour
    assert len(jwks_reads) == 1


async def test_a_revoked_client_gets_no_access(tmp_path: Path, resource: str, gateway_port: int) -> None:
    """Once the provider drops a client, the SDK's flow cannot get a token and the gateway stays shut;
    a JWT it was issued before stays valid until it expires (no introspection: docs/identity.md)."""
    server = AuthServer(tmp_path, [BOB], {resource: "mcp"})
    server.start()
    try:
        dep = deployment(server, resource)
        async with serving(dep, gateway_port) as url:
            earlier = server.token(BOB.client_id, resource)
            server.revoke_client(BOB.client_id)
            auth = ClientCredentialsOAuthProvider(
                url, Memory(), BOB.client_id, BOB.secret, "client_secret_post", scope="mcp", issuer=server.issuer
            )
            with pytest.raises(ExceptionGroup) as refused:  # the SDK raises inside its task group
                async with Client(streamable_http_client(url, http_client=httpx2.AsyncClient(auth=auth, timeout=60))):
                    pass
            assert refused.group_contains(OAuthTokenError, match="invalid_client")  # the provider refused the client
            assert (await _post(url, None)).status_code == 401
            assert (await _post(url, earlier)).status_code == 200  # until its exp
    finally:
        server.stop()
