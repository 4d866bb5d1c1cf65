"""The handshake messages of the tests that speak JSON-RPC to a server themselves, without an SDK client."""

from __future__ import annotations

from typing import Any

import httpx2

__all__ = ["INITIALIZED", "LEGACY", "bearer_headers", "initialize", "open_legacy_session"]

LEGACY = "2025-11-25"
"""The protocol revision with an ``initialize`` handshake (2026-07-28 has none)."""

INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
"""The notification that ends the handshake."""


def initialize(request_id: int | str = 1, *, capabilities: dict[str, Any] | None = None) -> dict[str, Any]:
    """An ``initialize`` request of the :data:`LEGACY` revision from a client named ``raw``."""
    params = {
        "protocolVersion": LEGACY,
        "capabilities": capabilities or {},
        "clientInfo": {"name": "raw", "version": "0"},
    }
    return {"jsonrpc": "2.0", "id": request_id, "method": "initialize", "params": params}


def bearer_headers(token: str, sid: str | None = None) -> dict[str, str]:
    """A JSON request's headers carrying ``token`` as a bearer token, and the session id when given."""
    out = {"authorization": f"Bearer {token}", "content-type": "application/json", "accept": "application/json"}
    return {**out, "mcp-session-id": sid} if sid else out


async def open_legacy_session(http: httpx2.AsyncClient, url: str, token: str) -> httpx2.Response:
    """The ``initialize`` answer for ``token`` at ``url``; when it is 200 the handshake is ended too."""
    reply = await http.post(url, json=initialize(0), headers=bearer_headers(token))
    if reply.status_code == 200:
        await http.post(url, json=INITIALIZED, headers=bearer_headers(token, reply.headers["mcp-session-id"]))
    return reply
