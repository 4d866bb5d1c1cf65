"""OpenTelemetry spans, one per tool call — and Weir without OpenTelemetry at all."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gateway.conftest import WIRE_SERVER
from weir.observe.instruments import CallObservation, GatewayMetrics

sdk = pytest.importorskip("opentelemetry.sdk.trace", reason="the otel extra (a dev dependency) is not installed")


@pytest.mark.anyio
async def test_a_gateway_call_becomes_a_span_with_its_decision() -> None:
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from tests.observe.gateways import confirm_gateway
    from weir.observe.tracing import OtelCallTracer

    exporter = InMemorySpanExporter()
    provider = sdk.TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    observer = CallObservation(GatewayMetrics(), OtelCallTracer(provider.get_tracer("test")))
    async with confirm_gateway(observer=observer) as client:
        await client.call_tool("echo", {"text": "hi"})
        await client.call_tool("crash", {})
    spans = {s.name: s for s in exporter.get_finished_spans()}
    assert set(spans) == {"tools/call echo", "tools/call crash"}
    echo, crash = spans["tools/call echo"], spans["tools/call crash"]
    assert echo.attributes["weir.effect"] == "allow"
    assert echo.attributes["weir.result_effect"] == "allow"
    assert echo.attributes["mcp.method.name"] == "tools/call"
    assert crash.attributes["weir.effect"] == "block"
    assert list(crash.attributes["weir.rules"]) == ["table/crash"]


_NO_OTEL = """
import sys, importlib.abc
class NoOtel(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "opentelemetry" or name.startswith("opentelemetry."):
            raise ImportError(f"blocked: {name}")
        return None
sys.meta_path.insert(0, NoOtel())
from weir.cli.app import main
main()
"""


def _config(tmp_path: Path, **observability: object) -> Path:
    wire = [sys.executable, str(WIRE_SERVER)]
    config = {
        "servers": {"wire": {"command": wire}},
        "audit": {"path": "audit.db"},
        "policy": {"packs": []},
        "observability": observability,
    }
    path = tmp_path / "weir.yaml"
    path.write_text(json.dumps(config), encoding="utf-8")
    return path


def test_the_gateway_runs_and_answers_without_opentelemetry_installed(tmp_path: Path) -> None:
    """Every ``opentelemetry`` import fails in the gateway's process, as if the package were absent."""
    lines = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "echo", "arguments": {"text": "no otel"}},
        },
    ]
    stdin = "".join(json.dumps(x) + "\n" for x in lines)
    cmd = [sys.executable, "-c", _NO_OTEL, "gateway", "--config", str(_config(tmp_path))]
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120, check=False)
    answers = {m["id"]: m for m in map(json.loads, done.stdout.splitlines()) if "id" in m}
    assert answers[2]["result"]["content"][0]["text"] == "no otel", done.stderr
    assert "Traceback" not in done.stderr


def test_traces_without_opentelemetry_refuse_to_start_and_say_what_to_install(tmp_path: Path) -> None:
    cmd = [sys.executable, "-c", _NO_OTEL, "gateway", "--config", str(_config(tmp_path, traces=True))]
    done = subprocess.run(cmd, input="", capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert "pip install 'mcp-weir[otel]'" in done.stderr
