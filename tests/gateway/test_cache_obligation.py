"""The cache obligation, end to end: what a client may cache is the decision's, not the server's.

A real stdio server (wire_server.py) answers two resource reads with ``ttlMs: 60000`` and
``cacheScope: "public"``: office hours (nothing sensitive) and a salary table (``sensitiveHint:
high``). Through the gateway and the real Guard, on 2026-07-28 the office hours keep their minute
but only ``"private"``; the salaries are ``ttlMs: 0`` (re-fetched, hence re-decided, each time);
an untrusted server's answer is never kept; a 2025-11-25 client sees neither field.
"""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client

from tests.gateway.conftest import wire_upstream
from weir.audit import MemoryAudit
from weir.config import WeirConfig
from weir.gateway.downstream.memory import MemoryTransport
from weir.gateway.proxy import Gateway
from weir.guard import Guard

pytestmark = pytest.mark.anyio
HANG_GUARD_S = 120  # generous: only a hang fails it


async def _reads(trust: str, mode: str, *uris: str) -> list[dict[str, Any]]:
    """The raw results the client received for reading ``uris`` in turn (and a tool call last)."""
    config = WeirConfig.model_validate({"servers": {"wire": {"trust": trust}}})
    gateway = Gateway(config.gateway, decider=Guard(config), audit=MemoryAudit(), upstreams={"wire": wire_upstream()})
    tap: list[dict[str, Any]] = []
    try:
        async with Client(MemoryTransport(gateway, tap=tap.append), mode=mode) as client:
            with anyio.fail_after(HANG_GUARD_S):
                for uri in uris:
                    await client.read_resource(uri)
                await client.call_tool("echo", {"text": "hello"})
    finally:
        await gateway.close()
    results = [m["result"] for m in tap if isinstance(m.get("result"), dict)]
    reads = [r for r in results if "contents" in r]
    assert len(reads) == len(uris)
    return [*reads, next(r for r in results if "content" in r)]


def _cache(result: dict[str, Any]) -> tuple[Any, Any]:
    return result.get("ttlMs"), result.get("cacheScope")


async def test_a_trusted_harmless_read_keeps_its_ttl_but_never_a_public_scope() -> None:
    cached, call = await _reads("trusted", "2026-07-28", "mem://cached")
    assert cached["contents"][0]["text"] == "office hours: 9 to 5"
    assert _cache(cached) == (60000, "private")
    menu, _ = await _reads("trusted", "2026-07-28", "mem://menu")
    assert _cache(menu) == (60000, "private")
    # 2026-07-28's CallToolResult has no cache fields: the gateway adds none.
    assert "ttlMs" not in call
    assert "cacheScope" not in call


async def test_a_sensitive_read_is_not_cached() -> None:
    cached, salaries, _ = await _reads("trusted", "2026-07-28", "mem://cached", "mem://salaries")
    assert salaries["contents"][0]["text"] == "alice 91000, bob 87000"
    assert _cache(cached) == (60000, "private")
    assert _cache(salaries) == (0, "private")


async def test_an_untrusted_servers_read_is_never_kept() -> None:
    cached, _ = await _reads("untrusted", "2026-07-28", "mem://cached")
    assert cached["contents"][0]["text"] == "office hours: 9 to 5"
    assert _cache(cached) == (0, "private")


async def test_a_legacy_client_sees_no_cache_fields() -> None:
    cached, salaries, _ = await _reads("trusted", "legacy", "mem://cached", "mem://salaries")
    for result in (cached, salaries):
        assert "ttlMs" not in result
        assert "cacheScope" not in result
