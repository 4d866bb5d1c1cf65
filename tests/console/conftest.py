"""A deployed gateway in process, for the console's tests: the production wiring
(``build_deployment``: Guard, detectors, SQLite audit and pins, the approvals queue, metrics), the
demo servers in memory, the console served as ASGI, and the SDK client in memory."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client

from weir.config import WeirConfig
from weir.demo_servers import files, mail, web
from weir.gateway.downstream.http import create_app
from weir.gateway.upstream.session import Upstream
from weir.serving.deployment import Deployment, build_deployment
from weir.testing import MemoryChannel, MemoryTransport

ALICE = "alice-operator-token-1234"
BOB = "bob-operator-token-5678"
CLIENT = "mcp-client-token-0000000"
ORIGIN = "http://127.0.0.1:8080"
RULES = [
    {"name": "ask-before-mail", "effect": "confirm", "when": "tool.name == 'send_email'", "reason": "mail leaves"},
    {"name": "no-delete", "effect": "block", "when": "tool.name == 'delete_file'", "reason": "deleting is not allowed"},
]


def console_config(directory: Path, **gateway: Any) -> WeirConfig:
    """Three trusted demo servers, two rules, the queue, two operators."""
    data = {
        "servers": {name: {"trust": "trusted"} for name in ("mail", "files", "web")},
        "audit": {"path": str(directory / "audit.db")},
        "policy": {"packs": [], "rules": RULES},
        "gateway": {"confirm_fallback": "queue", "queue_timeout_s": 30, "tokens": [CLIENT], **gateway},
        "console": {
            "operators": [{"name": "alice", "token": ALICE}, {"name": "bob", "token": BOB}],
            "url": f"{ORIGIN}/console/",
        },
    }
    return WeirConfig.model_validate(data)


def memory_upstreams() -> dict[str, Upstream]:
    """The demo servers, in this process."""
    modules = {"mail": mail.server, "files": files.server, "web": web.server}
    return {name: Upstream(name, lambda s=server: MemoryChannel(s)) for name, server in modules.items()}


@dataclass
class Deployed:
    """A deployment, an MCP client on it, and a browser-like HTTP client on its console."""

    deployment: Deployment
    mcp: Client
    http: httpx2.AsyncClient

    async def sign_in(self, token: str = ALICE) -> str:
        """Sign in; the CSRF token of the pages from now on."""
        done = await self.http.post(
            "/console/login", data={"token": token}, headers={"origin": ORIGIN}, follow_redirects=False
        )
        assert done.status_code == 303, done.text
        page = await self.http.get("/console/approvals")
        return csrf_of(page.text)

    async def post_form(self, path: str, data: dict[str, str], **headers: str) -> httpx2.Response:
        """Post a form as the console's own page does (its Origin)."""
        return await self.http.post(path, data=data, headers={"origin": ORIGIN, **headers}, follow_redirects=False)


def csrf_of(page: str) -> str:
    """The CSRF token a page's forms carry."""
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None, page
    return found.group(1)


@contextlib.asynccontextmanager
async def deployed(directory: Path, **gateway: Any) -> AsyncIterator[Deployed]:
    """A deployment over the demo servers, served as ASGI, with an SDK client (no elicitation)."""
    deployment = build_deployment(console_config(directory, **gateway), upstreams=memory_upstreams())
    deployment.health.started = True
    app = create_app(deployment.gateway, tokens=[CLIENT], bind_host="127.0.0.1", mounts=deployment.mounts())
    transport = httpx2.ASGITransport(app=app)
    try:
        async with (
            httpx2.AsyncClient(transport=transport, base_url=ORIGIN) as http,
            Client(MemoryTransport(deployment.gateway), mode="legacy") as mcp,
        ):
            yield Deployed(deployment, mcp, http)
    finally:
        await deployment.gateway.close()
        if deployment.trail is not None:
            deployment.trail.close()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
