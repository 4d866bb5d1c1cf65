"""HTTP client sessions expire after `gateway.session_idle_s` without requests (clock injected)."""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from tests.gateway.conftest import TableDecider, make_gateway, wire_upstream
from weir.config import WeirConfig
from weir.gateway.downstream.http import create_app

pytestmark = pytest.mark.anyio

INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}
PING = {"jsonrpc": "2.0", "id": 2, "method": "ping"}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _post(http: httpx2.AsyncClient, msg: dict[str, Any], sid: str | None = None) -> httpx2.Response:
    headers = {"accept": "application/json, text/event-stream"}
    if sid:
        headers["mcp-session-id"] = sid
    return await http.post("/mcp", json=msg, headers=headers)


async def _session_status_after(idle_s: float | None, waited: float, *, sweep: bool = True) -> int:
    config = WeirConfig.model_validate({"gateway": {"session_idle_s": idle_s}})
    gateway, _ = make_gateway(TableDecider(), {"wire": wire_upstream()}, config=config)
    clock = Clock()
    app = create_app(gateway, clock=clock)
    try:
        async with httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url="http://127.0.0.1") as http:
            sid = (await _post(http, INIT)).headers["mcp-session-id"]
            assert (await _post(http, PING, sid)).status_code == 200
            clock.now += waited
            if sweep:
                await _post(http, INIT)  # another client's request sweeps every idle session
            return (await _post(http, PING, sid)).status_code
    finally:
        await gateway.close()


async def test_a_session_idle_past_the_limit_is_forgotten() -> None:
    assert await _session_status_after(60.0, 61.0) == 404


async def test_an_expired_session_is_refused_even_before_any_sweep() -> None:
    assert await _session_status_after(60.0, 61.0, sweep=False) == 404


async def test_a_session_used_within_the_limit_is_kept() -> None:
    assert await _session_status_after(60.0, 59.0) == 200


async def test_sessions_never_expire_when_the_limit_is_off() -> None:
    assert await _session_status_after(None, 10_000_000.0) == 200
