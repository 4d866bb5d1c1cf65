"""A real authorization server (oidc-provider) and a real gateway (the Guard, the demo servers)
behind ``auth.resource_server``, both on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from tests.identity.authserver import AuthServer, Client
from tests.ports import free_port
from weir.audit import MemoryAudit
from weir.config import WeirConfig
from weir.demo_servers import files, mail, web
from weir.gateway.downstream.http import create_app
from weir.gateway.upstream.session import Upstream
from weir.identity.resource import ResourceServer
from weir.serving.deployment import Deployment, build_deployment, upstreams_from_config
from weir.testing import MemoryChannel

STATIC = "static-token-4f9c2a7e81b3"

ALICE = Client("alice", "alice-secret-5d1e9b0c7a", groups=["finance"])
BOB = Client("bob", "bob-secret-8c2f4e6a1d", groups=["interns"])
NOSCOPE = Client("carol", "carol-secret-3b7d9f1e5c", scope="profile")
TS = Client("ts-agent", "ts-agent-secret-2c8e5a9f1b", groups=["interns"], auth_method="client_secret_basic")
"""The TypeScript SDK's client (HTTP Basic at the token endpoint, as the SDK does)."""
GATEWAY = Client("weir-gateway", "gateway-secret-9e4a7c2b6f", scope="upstream")
"""The gateway's own OAuth client, for the tokens it presents upstream."""


@pytest.fixture(scope="module")
def gateway_port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def resource(gateway_port: int) -> str:
    return f"http://127.0.0.1:{gateway_port}/mcp"


@pytest.fixture(scope="module")
def upstream_port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def upstream_resource(upstream_port: int) -> str:
    """The URL of an upstream MCP server that is itself a resource server (its tokens' audience)."""
    return f"http://127.0.0.1:{upstream_port}/mcp"


@pytest.fixture(scope="module")
def authserver(tmp_path_factory: pytest.TempPathFactory, resource: str, upstream_resource: str) -> Iterator[AuthServer]:
    other = "http://127.0.0.1:9/other-mcp"
    server = AuthServer(
        tmp_path_factory.mktemp("authserver"),
        [ALICE, BOB, NOSCOPE, GATEWAY, TS],
        {resource: "mcp profile", other: "mcp profile", upstream_resource: "upstream"},
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


def deployment(
    authserver: AuthServer,
    resource: str,
    audit: MemoryAudit | None = None,
    recorder: Any = None,
    modules: dict[str, Any] | None = None,
    **more: Any,
) -> Deployment:
    """A production deployment of the demo servers, admitting the authorization server's tokens."""
    rs = {"issuer": authserver.issuer, "resource": resource, "scopes": ["mcp"], "jwks_refresh_s": 0.01}
    rs.update(more.pop("resource_server", {}))
    in_memory = {"mail": mail.server, "files": files.server, "web": web.server, **(modules or {})}
    servers = {name: {"trust": "trusted"} for name in in_memory}
    servers.update(more.pop("servers", {}))
    data: dict[str, Any] = {
        "servers": servers,
        "gateway": {"tokens": [STATIC], "confirm_fallback": "queue", "queue_timeout_s": 600},
        "auth": {
            "resource_server": rs,
            "upstreams": more.pop("auth_upstreams", {}),
            "operators": more.pop("auth_operators", None),
        },
        "audit": {"path": ":memory:"},  # the events go to the test's MemoryAudit; no pins file either
        **more,
    }
    config = WeirConfig.model_validate(data)
    upstreams = {name: Upstream(name, lambda s=server: MemoryChannel(s)) for name, server in in_memory.items()}
    remote = {name: server for name, server in config.servers.items() if server.url}
    if remote:  # HTTP servers too: the configured channels, credentials and all
        upstreams.update(upstreams_from_config(config.model_copy(update={"servers": remote})))
    return build_deployment(config, audit=audit or MemoryAudit(), upstreams=upstreams, recorder=recorder)


@contextlib.asynccontextmanager
async def serving(dep: Deployment, port: int, resource: ResourceServer | None = None) -> AsyncIterator[str]:
    """Serve the deployment's gateway on ``port`` until the block ends; yields the MCP URL."""
    app = create_app(
        dep.gateway, tokens=[STATIC], bind_host="127.0.0.1", resource=resource or dep.resource, mounts=dep.mounts()
    )
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    await dep.gateway.start()
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            await asyncio.sleep(0.02)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        await task
        await dep.gateway.close()


@pytest.fixture
def work(tmp_path: Path) -> Path:
    return tmp_path
