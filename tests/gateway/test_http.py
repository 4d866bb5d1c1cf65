"""The streamable-HTTP transport on 127.0.0.1: SDK clients, tokens, limits."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from mcp import Client

from tests.deadlines import hang_guard
from tests.gateway.conftest import HERE, approve
from tests.jsonrpc import INITIALIZED, initialize
from tests.ports import free_port
from tests.servers.launch import serving
from weir.errors import ConfigError
from weir.gateway.downstream.http import check_binding, is_loopback

WAIT = hang_guard()
"""A hang guard for each request: the first of a session starts its own wire server."""
TOKEN = "s3cret-token"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A gateway over HTTP on 127.0.0.1 with one bearer token; yields its URL."""
    tmp = tmp_path_factory.mktemp("http")
    port = free_port()
    spec = {
        "audit": str(tmp / "audit.db"),
        "http": f"127.0.0.1:{port}",
        "tokens": [TOKEN],
        "effects": {"send_mail": "confirm", "crash": "block"},
        "max_message_bytes": 4096,
    }
    (tmp / "spec.json").write_text(json.dumps(spec))
    with serving([sys.executable, str(HERE / "serve.py"), str(tmp / "spec.json")], port) as url:
        yield url


def _client(url: str, mode: str, **kw: Any) -> Client:
    from mcp.client.streamable_http import streamable_http_client

    http = httpx2.AsyncClient(headers={"authorization": f"Bearer {TOKEN}"}, timeout=WAIT)
    return Client(streamable_http_client(url, http_client=http), mode=mode, **kw)


@pytest.mark.anyio
@pytest.mark.slow
async def test_sdk_client_over_http_gets_allow_confirm_and_block(server: str, mode: str) -> None:
    async with _client(server, mode, elicitation_callback=approve) as c:
        names = {x.name for x in (await c.list_tools()).tools}
        echoed = await c.call_tool("echo", {"text": "over http"})
        confirmed = await c.call_tool("send_mail", {"to": "a@example.com"})
        blocked = await c.call_tool("crash", {})
    assert "echo" in names
    assert echoed.content[0].text == "over http"  # type: ignore[union-attr]
    assert confirmed.content[0].text == "sent to a@example.com"  # type: ignore[union-attr]
    assert blocked.is_error is True


@pytest.mark.slow
def test_http_without_a_valid_token_is_refused_with_401(server: str) -> None:
    ping = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "ping",
        "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}},
    }
    none = httpx2.post(server, json=ping, timeout=WAIT)
    wrong = httpx2.post(server, json=ping, headers={"authorization": "Bearer nope"}, timeout=WAIT)
    right = httpx2.post(server, json=ping, headers={"authorization": f"Bearer {TOKEN}"}, timeout=WAIT)
    assert none.status_code == 401
    assert none.headers["www-authenticate"].startswith("Bearer")
    assert wrong.status_code == 401
    assert right.status_code == 200
    assert right.json()["result"]["resultType"] == "complete"


@pytest.mark.slow
def test_http_malformed_and_oversized_bodies_get_json_rpc_errors(server: str) -> None:
    auth = {"authorization": f"Bearer {TOKEN}", "content-type": "application/json"}
    bad = httpx2.post(server, content=b"{oops", headers=auth, timeout=WAIT)
    big = httpx2.post(server, content=json.dumps({"pad": "x" * 10_000}).encode(), headers=auth, timeout=WAIT)
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == -32700
    assert big.status_code == 413
    assert big.json()["error"]["code"] == -32600
    assert "exceeds the limit" in big.json()["error"]["message"]


def _call(name: str, arguments: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", **meta}
    return {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments, "_meta": meta},
    }


def _events(body: str) -> list[dict[str, Any]]:
    lines = [line[len("data: ") :] for line in body.splitlines() if line.startswith("data: ")]
    return [json.loads(data) for data in lines if data.strip()]  # the priming event has no data


def _legacy_session(url: str) -> str:
    auth = {"authorization": f"Bearer {TOKEN}", "accept": "application/json, text/event-stream"}
    sid = httpx2.post(url, json=initialize(), headers=auth, timeout=WAIT).headers["mcp-session-id"]
    httpx2.post(url, json=INITIALIZED, headers={**auth, "mcp-session-id": sid}, timeout=WAIT)
    return sid


@pytest.mark.slow
def test_http_a_sessions_call_that_sends_nothing_first_is_one_primed_event(server: str) -> None:
    sid = _legacy_session(server)
    headers = {
        "authorization": f"Bearer {TOKEN}",
        "accept": "application/json, text/event-stream",
        "mcp-session-id": sid,
    }
    call = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "p"}}}
    reply = httpx2.post(server, json=call, headers=headers, timeout=WAIT)
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/event-stream")
    priming, event = reply.text.split("\n\n")[:2]
    assert "id: " in priming
    assert "retry: 1000" in priming
    assert "data: \n" in priming + "\n"
    (result,) = _events(event)
    assert result["id"] == 7
    assert result["result"]["structuredContent"]["echo"] == "p"


@pytest.mark.slow
def test_http_a_stateless_call_that_sends_nothing_first_is_plain_json(server: str) -> None:
    headers = {"authorization": f"Bearer {TOKEN}", "accept": "application/json, text/event-stream"}
    reply = httpx2.post(server, json=_call("echo", {"text": "plain"}, {}), headers=headers, timeout=WAIT)
    assert reply.headers["content-type"].startswith("application/json")
    assert reply.json()["result"]["structuredContent"]["echo"] == "plain"


@pytest.mark.slow
def test_http_a_client_that_accepts_only_json_gets_json(server: str) -> None:
    sid = _legacy_session(server)
    headers = {"authorization": f"Bearer {TOKEN}", "accept": "application/json", "mcp-session-id": sid}
    call = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "p"}}}
    reply = httpx2.post(server, json=call, headers=headers, timeout=WAIT)
    assert reply.headers["content-type"].startswith("application/json")
    assert reply.json()["result"]["structuredContent"]["echo"] == "p"


@pytest.mark.slow
def test_http_a_call_with_progress_is_streamed_progress_first_then_the_result(server: str) -> None:
    headers = {"authorization": f"Bearer {TOKEN}", "accept": "application/json, text/event-stream"}
    msg = _call("slow", {"seconds": 0.05}, {"progressToken": "p-1"})
    reply = httpx2.post(server, json=msg, headers=headers, timeout=WAIT)
    assert reply.headers["content-type"].startswith("text/event-stream")
    progress, result = _events(reply.text)
    assert progress["method"] == "notifications/progress"
    assert progress["params"]["progressToken"] == "p-1"
    assert result["id"] == 7
    assert result["result"]["content"][0]["text"] == "done"


def test_listening_beyond_loopback_without_tokens_is_refused() -> None:
    with pytest.raises(ConfigError, match="bearer tokens are required"):
        check_binding("0.0.0.0", [])
    check_binding("0.0.0.0", ["t"])
    check_binding("127.0.0.1", [])
    assert is_loopback("::1")
    assert is_loopback("localhost")
    assert not is_loopback("10.0.0.1")


@pytest.mark.slow
def test_routing_headers_that_contradict_the_body_are_refused(server: str) -> None:
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}
    call = {
        "jsonrpc": "2.0",
        "id": 3,
        "method": "tools/call",
        "params": {"name": "echo", "arguments": {}, "_meta": meta},
    }
    headers = {"authorization": f"Bearer {TOKEN}", "mcp-method": "tools/call", "mcp-name": "send_mail"}
    reply = httpx2.post(server, json=call, headers=headers, timeout=WAIT)
    assert reply.status_code == 400
    assert reply.json()["error"]["code"] == -32020
    assert "send_mail" in reply.json()["error"]["message"]


def test_the_gateways_own_origin_is_admitted_only_where_its_host_is_checked() -> None:
    from starlette.requests import Request

    from weir.gateway.downstream.admission import Admission

    def status(admission: Admission, host: str, origin: str) -> int | None:
        headers = [(b"host", host.encode()), (b"origin", origin.encode())]
        request = Request({"type": "http", "method": "GET", "scheme": "http", "path": "/", "headers": headers})
        refused = admission.refusal(request, body=False)
        return refused.status_code if refused is not None else None

    loopback = Admission("127.0.0.1", [], [])
    assert status(loopback, "127.0.0.1:8080", "http://127.0.0.1:8080") is None
    assert status(loopback, "127.0.0.1:8080", "http://127.0.0.1:9999") == 403
    open_host = Admission("0.0.0.0", [], [])  # the Host is whatever the client says: nothing is "own"
    assert status(open_host, "rebound.example:8080", "http://rebound.example:8080") == 403
    named = Admission("0.0.0.0", ["weir.corp.example"], [])
    assert status(named, "weir.corp.example", "https://weir.corp.example") is None
