"""The handshake messages of the tests that speak JSON-RPC to a server themselves, without an SDK client."""

from __future__ import annotations

from typing import Any

__all__ = ["INITIALIZED", "LEGACY", "initialize"]

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
