"""The stdio transport: the SDK client over a real pipe; malformed and oversized input; SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.deadlines import hang_guard
from tests.gateway.conftest import HERE, approve
from tests.jsonrpc import initialize
from weir.audit import AuditQuery, open_store
from weir.audit.config import AuditConfig

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

MODERN = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}


def _spec(tmp_path: Path, **extra: Any) -> Path:
    spec = {"audit": str(tmp_path / "audit.db"), **extra}
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec))
    return path


def _params(spec: Path) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[str(HERE / "serve.py"), str(spec)])


def _events(tmp_path: Path) -> list[Any]:
    with open_store(AuditConfig(path=str(tmp_path / "audit.db"), redact=False), create=False) as store:
        return [s.event for s in store.query(AuditQuery())]


async def test_sdk_client_over_stdio_gets_each_effect(tmp_path: Path, mode: str) -> None:
    spec = _spec(tmp_path, effects={"send_mail": "confirm", "crash": "block"})
    async with Client(_params(spec), mode=mode, elicitation_callback=approve) as c:
        tools = await c.list_tools()
        echoed = await c.call_tool("echo", {"text": "over stdio"})
        confirmed = await c.call_tool("send_mail", {"to": "a@example.com"})
        blocked = await c.call_tool("crash", {})
    assert "echo" in {x.name for x in tools.tools}
    assert echoed.content[0].text == "over stdio"  # type: ignore[union-attr]
    assert confirmed.content[0].text == "sent to a@example.com"  # type: ignore[union-attr]
    assert blocked.is_error is True
    applied = [(e.phase.value, e.tool, e.decision.applied) for e in _events(tmp_path) if e.decision and e.tool]
    assert ("call", "crash", "block") in applied
    assert ("result", "echo", "allow") in applied


def _raw_session(spec: Path, lines: list[bytes]) -> list[dict[str, Any]]:
    proc = subprocess.run(
        [sys.executable, str(HERE / "serve.py"), str(spec)],
        input=b"".join(lines),
        capture_output=True,
        timeout=60,
        check=False,
    )
    return [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]


def test_malformed_and_oversized_input_gets_precise_errors_and_the_gateway_keeps_serving(tmp_path: Path) -> None:
    init = initialize()
    big = json.dumps({"jsonrpc": "2.0", "id": 4, "method": "ping", "params": {"pad": "x" * 10_000}}).encode()
    lines = [
        big + b"\n",
        b"{not json\n",
        b"[1, 2]\n",
        b'"a string"\n',
        b'{"jsonrpc": "1.0", "id": 5, "method": "ping"}\n',
        b'{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": [1]}\n',
        b'{"jsonrpc": "2.0", "id": 7, "method": "no/such"}\n',
        json.dumps(init).encode() + b"\n",
        b'{"jsonrpc": "2.0", "id": 8, "method": "ping"}\n',
    ]
    replies = _raw_session(_spec(tmp_path, max_message_bytes=2048), lines)
    by_id = {r.get("id"): r for r in replies}
    codes = [r["error"]["code"] for r in replies if r.get("id") is None]
    assert codes.count(-32700) == 1
    assert codes.count(-32600) == 3
    oversized = [r for r in replies if "exceeds the limit of 2048 bytes" in r.get("error", {}).get("message", "")]
    assert len(oversized) == 1
    assert 4 not in by_id
    assert by_id[5]["error"]["code"] == -32600
    assert by_id[6]["error"]["code"] == -32602
    assert by_id[7]["error"]["code"] == -32601
    assert by_id[1]["result"]["protocolVersion"] == "2025-11-25"
    assert by_id[8]["result"] == {}


def test_absurdly_nested_json_gets_a_precise_error_and_the_gateway_keeps_serving(tmp_path: Path) -> None:
    deep = 100_000
    lines = [
        b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"a": ' + b"[" * deep + b"]" * deep + b"}}\n",
        b'{"jsonrpc": "2.0", "id": 2, "method": "ping", "params": {"a": ' + b"[" * 200 + b"]" * 200 + b"}}\n",
        b'{"jsonrpc": "2.0", "id": 3, "method": "ping"}\n',
    ]
    replies = _raw_session(_spec(tmp_path, max_message_bytes=1 << 20), lines)
    errors = [r["error"] for r in replies if "error" in r]
    assert [e["code"] for e in errors] == [-32600, -32600]
    assert all("nested deeper than 128 levels" in e["message"] for e in errors)
    assert [r.get("id") for r in replies if "error" in r] == [None, 2]  # the 100k-deep one has no readable id
    assert {r.get("id"): r for r in replies}[3]["result"] == {}


def test_sigkill_mid_burst_leaves_an_audit_record_for_every_released_response(tmp_path: Path) -> None:
    spec = _spec(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "serve.py"), str(spec)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert proc.stdin is not None
    assert proc.stdout is not None
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}
    for i in range(1, 201):
        call = {
            "jsonrpc": "2.0",
            "id": i,
            "method": "tools/call",
            "params": {"name": "echo", "arguments": {"text": str(i)}, "_meta": meta},
        }
        proc.stdin.write(json.dumps(call).encode() + b"\n")
    proc.stdin.flush()
    released: list[int] = []
    while len(released) < 40:
        reply = json.loads(proc.stdout.readline())
        released.append(int(reply["id"]))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=hang_guard())  # SIGKILL: a hang guard only
    # Whatever the pipe still held was also released before the kill.
    released.extend(int(json.loads(x)["id"]) for x in proc.stdout.read().splitlines() if x.strip())
    results = {e.call_id for e in _events(tmp_path) if e.phase.value == "result"}
    missing = [i for i in released if str(i) not in results]
    assert missing == []
    assert len(released) >= 40
