"""The model extras end to end (issue 31, item 1): a deployed gateway whose ``detectors:`` name the
judge (against a real chat-completions server on 127.0.0.1 this test starts) or the ONNX classifier
(trained and exported by ``scripts/train_onnx_classifier.py``), a real MCP client calling the demo web
server through it in memory, and the verdict read back where an operator reads it: the result's
audit row (the finding with its span and its latency) and ``/metrics``.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import AsyncIterator, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client

from tests.console.conftest import CLIENT, ORIGIN, memory_upstreams
from weir.audit import AuditQuery
from weir.audit.event import Phase
from weir.config import WeirConfig
from weir.demo_servers.web import PAGES, POISONED_URL
from weir.gateway.downstream.http import create_app
from weir.gateway.downstream.memory import MemoryTransport
from weir.serving.deployment import Deployment, build_deployment

pytestmark = pytest.mark.anyio
CLEAN_URL = "https://news.example/today"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class _Completions(BaseHTTPRequestHandler):
    """A chat-completions endpoint: a high score when the data asks the agent to ignore its
    instructions, a low one otherwise; it records every data block it was asked about."""

    asked: list[str]

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        data = body["messages"][-1]["content"]
        self.asked.append(data)
        score = 0.96 if "ignore all previous instructions" in data.lower() else 0.03
        content = json.dumps({"injection": score, "reason": "tells the agent to mail a secret"})
        raw = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def endpoint() -> Iterator[tuple[str, list[str]]]:
    asked: list[str] = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), type("Handler", (_Completions,), {"asked": asked}))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1/chat/completions", asked
    finally:
        server.shutdown()
        server.server_close()


def _config(directory: Path, extra: dict[str, Any]) -> WeirConfig:
    """The demo servers, web untrusted; the shipped injection detector plus one model extra."""
    return WeirConfig.model_validate(
        {
            "servers": {"mail": {"trust": "trusted"}, "files": {"trust": "trusted"}, "web": {"trust": "untrusted"}},
            "audit": {"path": str(directory / "audit.db")},
            "policy": {"packs": [], "rules": []},
            "gateway": {"tokens": [CLIENT]},
            "detectors": [{"use": "injection"}, extra],
        }
    )


@contextlib.asynccontextmanager
async def _deployed(config: WeirConfig) -> AsyncIterator[tuple[Deployment, Client, httpx2.AsyncClient]]:
    deployment = build_deployment(config, upstreams=memory_upstreams())
    deployment.health.started = True
    app = create_app(deployment.gateway, tokens=[CLIENT], bind_host="127.0.0.1", mounts=deployment.mounts())
    try:
        async with (
            httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url=ORIGIN) as http,
            Client(MemoryTransport(deployment.gateway), mode="legacy") as mcp,
        ):
            yield deployment, mcp, http
    finally:
        await deployment.gateway.close()
        if deployment.trail is not None:
            deployment.trail.close()


def _result_findings(deployment: Deployment, detector: str) -> list[list[dict[str, Any]]]:
    """The findings of ``detector`` the audit trail stores on each result row, row by row in order."""
    assert deployment.trail is not None
    rows = sorted(deployment.trail.query(AuditQuery(phase=Phase.RESULT)), key=lambda s: s.event.time)
    return [
        [f for f in (stored.event.labels_after or {}).get("findings", []) if f.get("detector") == detector]
        for stored in rows
    ]


def _metric(text: str, detector: str, event: str) -> float:
    from prometheus_client.parser import text_string_to_metric_families

    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "weir_model_detector_events_total" and sample.labels == {
                "detector": detector,
                "event": event,
            }:
                return float(sample.value)
    raise AssertionError(f"no weir_model_detector_events_total{{detector={detector!r}, event={event!r}}}")


async def _fetch_both(mcp: Client) -> None:
    for url in (CLEAN_URL, POISONED_URL, POISONED_URL):  # the repeat is answered from the cache
        await mcp.call_tool("web__fetch", {"url": url})


def _assert_model_finding(finding: dict[str, Any], detector: str, kind: str) -> None:
    page = PAGES[POISONED_URL]
    start, end = int(finding.get("start", 0)), int(finding["end"])  # a span from 0 is stored without its start
    assert 0 <= start < end <= len(page)
    assert "ignore all previous instructions" in page[start:end]  # the span covers the injection
    message = str(finding.get("message", ""))
    assert message.startswith(f"{detector}: score ")
    assert " ms" in message  # the verdict's latency
    assert finding["detector"] == detector
    assert finding["kind"] == kind


async def test_the_judges_verdict_reaches_the_audit_row_and_the_metrics(
    tmp_path: Path, endpoint: tuple[str, list[str]]
) -> None:
    url, asked = endpoint
    judge = {"use": "judge", "options": {"url": url, "model": "guard-test", "context": 20}}
    async with _deployed(_config(tmp_path, judge)) as (deployment, mcp, http):
        await _fetch_both(mcp)
        metrics = (await http.get("/metrics")).text
        rows = _result_findings(deployment, "judge")
    # The gate is low on purpose (0.3: the calm news page reaches it), so the judge was asked about
    # both pages once; the second read of the poisoned one was answered from the cache.
    assert len(asked) == 2
    assert sum("attacker@evil.example" in data for data in asked) == 1
    assert [len(row) for row in rows] == [0, 1, 1]  # the news page's low score is no finding
    for finding in rows[1] + rows[2]:
        _assert_model_finding(finding, "judge", "llm-judge")
        assert "tells the agent to mail a secret" in finding["message"]
    assert _metric(metrics, "judge", "calls") == 2
    assert _metric(metrics, "judge", "cache_hits") == 1
    assert _metric(metrics, "judge", "flagged") == 2
    assert _metric(metrics, "judge", "failures") == 0


async def test_an_unreachable_judge_fails_closed_in_the_audit_and_the_metrics(tmp_path: Path) -> None:
    with contextlib.closing(__import__("socket").socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # bound, never listening: connections are refused
        judge = {"use": "judge", "options": {"url": f"http://127.0.0.1:{port}/v1/chat/completions", "model": "m"}}
        async with _deployed(_config(tmp_path, judge)) as (deployment, mcp, http):
            await mcp.call_tool("web__fetch", {"url": POISONED_URL})
            metrics = (await http.get("/metrics")).text
            rows = _result_findings(deployment, "judge")
    assert [[f["kind"] for f in row] for row in rows] == [["model-unavailable"]]
    assert "failing closed" in rows[0][0]["message"]
    assert _metric(metrics, "judge", "failures") == 1


async def test_the_onnx_verdict_reaches_the_audit_row_and_the_metrics(tmp_path: Path, onnx_model: Path) -> None:
    onnx = {"use": "onnx", "options": {"path": str(onnx_model), "threshold": 0.5, "context": 20}}
    async with _deployed(_config(tmp_path, onnx)) as (deployment, mcp, http):
        await _fetch_both(mcp)
        metrics = (await http.get("/metrics")).text
        rows = _result_findings(deployment, "onnx")
    # The stand-in (a bag of words trained on 100 documents a source) may flag the news page too;
    # what is checked is that the poisoned page's verdict, its span and latency reach the audit.
    assert [len(row) for row in rows[1:]] == [1, 1]
    for finding in rows[1] + rows[2]:
        _assert_model_finding(finding, "onnx", "onnx-classifier")
    assert _metric(metrics, "onnx", "calls") == 2  # both pages reach the gate (see the judge's test)
    assert _metric(metrics, "onnx", "cache_hits") == 1
    assert _metric(metrics, "onnx", "flagged") == sum(len(row) for row in rows)
