"""No token passthrough: an HTTP upstream behind Weir sees Weir's own credential, never the client's.

The upstream is a real MCP server (the SDK's, streamable HTTP on 127.0.0.1) that notes the
``Authorization`` header of every request it receives. The client signs in to the gateway with
its own access token (audience: the gateway); the gateway gets a token of its own from the same
authorization server (client credentials, audience: the upstream), keeps it, and presents that.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx2
import mcp_types as types
import pytest
import uvicorn
from mcp import Client
from mcp.client.auth.extensions.client_credentials import ClientCredentialsOAuthProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.server import Server, ServerRequestContext

from tests.identity.authserver import AuthServer
from tests.identity.conftest import ALICE, GATEWAY, deployment, serving
from tests.identity.test_resource_server import Memory
from weir.audit import MemoryAudit

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


def _claims(token: str) -> dict[str, Any]:
    body = token.split(".")[1]
    return dict(json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))


@contextlib.asynccontextmanager
async def _upstream(port: int) -> AsyncIterator[list[str]]:
    """A real MCP server on ``port``; yields the Authorization headers it has received."""
    seen: list[str] = []

    async def list_tools(ctx: ServerRequestContext[Any], params: Any) -> Any:
        return types.ListToolsResult(
            tools=[types.Tool(name="ledger", input_schema={"type": "object"}, annotations={"readOnlyHint": True})]
        )

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> Any:
        return types.CallToolResult(content=[types.TextContent(type="text", text="balance: 42")])

    app = Server("ledger", on_list_tools=list_tools, on_call_tool=call_tool).streamable_http_app(host="127.0.0.1")

    async def noting(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            seen.append(dict(scope["headers"]).get(b"authorization", b"").decode())  # "" when it has none
        await app(scope, receive, send)

    server = uvicorn.Server(uvicorn.Config(noting, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            await asyncio.sleep(0.02)
        yield seen
    finally:
        server.should_exit = True
        await task


async def _call_through(url: str, authserver: AuthServer) -> str:
    auth = ClientCredentialsOAuthProvider(
        url, Memory(), ALICE.client_id, ALICE.secret, "client_secret_post", "mcp", authserver.issuer
    )
    async with Client(streamable_http_client(url, http_client=httpx2.AsyncClient(auth=auth, timeout=60))) as client:
        assert "ledger__ledger" in {t.name for t in (await client.list_tools()).tools}
        result = await client.call_tool("ledger__ledger", {})
        assert not result.is_error
        assert "balance: 42" in result.content[0].text  # type: ignore[union-attr]
        tokens = await auth.context.storage.get_tokens()
        assert tokens is not None
        return tokens.access_token


async def test_the_upstream_gets_the_gateways_own_oauth_token(  # noqa: PLR0917 - fixtures
    authserver: AuthServer,
    resource: str,
    gateway_port: int,
    upstream_port: int,
    upstream_resource: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("WEIR_TEST_LEDGER_SECRET", GATEWAY.secret)
    credential = {
        "oauth": {
            "token_url": f"{authserver.issuer}/token",
            "client_id": GATEWAY.client_id,
            "client_secret_env": "WEIR_TEST_LEDGER_SECRET",
            "scope": "upstream",
            "resource": upstream_resource,
        }
    }
    audit = MemoryAudit()
    dep = deployment(
        authserver,
        resource,
        audit,
        servers={"ledger": {"url": upstream_resource, "trust": "trusted"}},
        auth_upstreams={"ledger": credential},
    )
    async with _upstream(upstream_port) as seen, serving(dep, gateway_port) as url:
        client_token = await _call_through(url, authserver)
    assert seen, "the upstream received no request"
    assert client_token not in {h.removeprefix("Bearer ") for h in seen}
    presented = {h.removeprefix("Bearer ") for h in seen}
    assert len(presented) == 1  # one token, obtained once and kept
    claims = _claims(presented.pop())
    assert claims["aud"] == upstream_resource
    assert claims["client_id"] == GATEWAY.client_id
    assert _claims(client_token)["aud"] == resource
    dumped = json.dumps([e.model_dump(mode="json") for e in audit.events])
    assert client_token not in dumped
    assert GATEWAY.secret not in dumped


async def test_a_token_from_a_file(  # noqa: PLR0917 - fixtures
    authserver: AuthServer, resource: str, gateway_port: int, upstream_port: int, upstream_resource: str, tmp_path: Path
) -> None:
    (tmp_path / "ledger.token").write_text("ledger-static-credential-81f2\n", encoding="utf-8")
    dep = deployment(
        authserver,
        resource,
        servers={"ledger": {"url": upstream_resource, "trust": "trusted"}},
        auth_upstreams={"ledger": {"file": str(tmp_path / "ledger.token")}},
    )
    async with _upstream(upstream_port) as seen, serving(dep, gateway_port) as url:
        await _call_through(url, authserver)
    assert set(seen) == {"Bearer ledger-static-credential-81f2"}
