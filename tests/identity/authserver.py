"""The test's authorization server: the certified ``oidc-provider`` (npm) on a free 127.0.0.1 port.

:class:`AuthServer` writes the provider's configuration (its signing keys, its clients with their
groups, the resources it mints tokens for), starts ``authserver/server.mjs`` under Node and stops
it; :meth:`AuthServer.rotate` restarts it on the same port with a new signing key, as a real
key rotation does. Tokens are got from it over HTTP exactly as a client does (client
credentials, with the RFC 8707 ``resource``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest
from joserfc.jwk import RSAKey

from tests.deadlines import hang_guard
from tests.ports import free_port
from tests.servers.launch import stop

HERE = Path(__file__).resolve().parent / "authserver"
SCRIPT = HERE / "server.mjs"
MODULE = HERE / "node_modules" / "oidc-provider"
CONFORMANCE_NODE = HERE.parent.parent / "conformance" / "node_modules" / ".bin" / "node"


def node_or_skip() -> str:
    """Node and the installed provider (scripts/_node.sh); skip without them, fail on CI."""
    node = str(CONFORMANCE_NODE) if CONFORMANCE_NODE.exists() else shutil.which("node")
    missing = None if node else "node"
    if missing is None and not MODULE.exists():
        missing = "oidc-provider (scripts/_node.sh runs `npm ci` in tests/identity/authserver)"
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{missing} is not installed")
        pytest.skip(f"{missing} is not installed")
    assert node is not None
    return node


@dataclass
class Client:
    client_id: str
    secret: str
    scope: str = "mcp"
    groups: list[str] = field(default_factory=list)
    auth_method: str = "client_secret_post"
    """How it authenticates at the token endpoint (the TypeScript SDK's client uses HTTP Basic)."""
    redirect_uris: list[str] | None = None
    """An authorization-code client (the console's sign-in) rather than a client-credentials one."""


def new_key(kid: str) -> dict[str, Any]:
    key = RSAKey.generate_key(2048, parameters={"kid": kid, "use": "sig", "alg": "RS256"}, private=True)
    return dict(key.as_dict(private=True))


class AuthServer:
    """One running oidc-provider; ``resources`` maps a resource URL to its scopes (space-separated)."""

    def __init__(self, work: Path, clients: list[Client], resources: dict[str, str], *, ttl: int = 300) -> None:
        self.node = node_or_skip()
        self.work = work
        self.port = free_port()
        self.issuer = f"http://127.0.0.1:{self.port}"
        self.clients = {c.client_id: c for c in clients}
        self.resources = resources
        self.ttl = ttl
        self.keys = [new_key("key-1")]
        self.accounts: dict[str, list[str]] = {}
        """People who can sign in (development login form): login → groups."""
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        config = {
            "port": self.port,
            "issuer": self.issuer,
            "keys": self.keys,
            "clients": [
                {
                    "client_id": c.client_id,
                    "client_secret": c.secret,
                    "scope": c.scope,
                    "groups": c.groups,
                    "auth_method": c.auth_method,
                    **({"redirect_uris": c.redirect_uris} if c.redirect_uris else {}),
                }
                for c in self.clients.values()
            ],
            "resources": {url: {"scope": scope, "ttl": self.ttl} for url, scope in self.resources.items()},
            **({"accounts": self.accounts} if self.accounts else {}),
        }
        path = self.work / "authserver.json"
        path.write_text(json.dumps(config), encoding="utf-8")
        log = (self.work / "authserver.log").open("ab")
        self._proc = subprocess.Popen([self.node, str(SCRIPT), str(path)], stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + hang_guard(60)
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise RuntimeError(f"oidc-provider exited: {(self.work / 'authserver.log').read_text()}")
            try:
                if httpx2.get(f"{self.issuer}/.well-known/openid-configuration", timeout=1).status_code == 200:
                    return
            except httpx2.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("oidc-provider did not start")

    def stop(self) -> None:
        if self._proc is not None:
            stop(self._proc)
            self._proc = None

    def rotate(self, kid: str, *, keep_old: bool = False) -> None:
        """Restart with a new signing key first (the old one kept for verification, or dropped)."""
        self.keys = [new_key(kid), *(self.keys if keep_old else [])]
        self.stop()
        self.start()

    def revoke_client(self, client_id: str) -> None:
        """Restart without ``client_id`` (same keys): the provider no longer knows the client."""
        self.clients.pop(client_id)
        self.stop()
        self.start()

    def token(self, client_id: str, resource: str, scope: str = "mcp") -> str:
        """An access token for ``client_id`` (client credentials, RFC 8707 ``resource``)."""
        reply = self.token_reply(client_id, resource, scope)
        assert reply.status_code == 200, reply.text
        return str(reply.json()["access_token"])

    def token_reply(self, client_id: str, resource: str, scope: str = "mcp") -> httpx2.Response:
        client = self.clients[client_id]
        assert client.auth_method == "client_secret_post"
        form = {
            "grant_type": "client_credentials",
            "client_id": client_id,
            "client_secret": client.secret,
            "scope": scope,
            "resource": resource,
        }
        return httpx2.post(f"{self.issuer}/token", data=form, timeout=30)
