"""Operating a real `weir gateway --http` process: queued calls decided with `weir approvals`, the
webhook on 127.0.0.1, `/metrics` read by prometheus_client's parser, health, the startup line,
SIGHUP reloads, and `--require-upstreams`."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
import yaml
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from prometheus_client.parser import text_string_to_metric_families

from tests.approvals.receiver import Received, webhook_receiver
from tests.deadlines import eventually
from tests.e2e.conftest import weir_command
from tests.e2e.running import CLIENT, OPERATOR, Running, start, stop, write_config
from tests.gateway.conftest import WIRE_SERVER

pytestmark = [pytest.mark.slow]


@pytest.fixture(scope="module")
def hook() -> Iterator[Received]:
    with webhook_receiver() as received:
        yield received


@pytest.fixture(scope="module")
def gateway(tmp_path_factory: pytest.TempPathFactory, hook: Received) -> Iterator[Running]:
    running = start(write_config(tmp_path_factory.mktemp("ops"), hook=hook.url))
    try:
        yield running
    finally:
        stop(running)


def sdk(url: str) -> Client:
    """The SDK client over HTTP, without elicitation: it cannot be asked."""
    http = httpx2.AsyncClient(headers={"authorization": f"Bearer {CLIENT}"}, timeout=120)
    return Client(streamable_http_client(url, http_client=http), mode="legacy")


def approvals(base: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WEIR_OPERATOR_TOKEN": OPERATOR}
    cmd = [*weir_command(), "approvals", *args, "--url", base]
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60, check=False)


async def _queued_then(gateway: Running, hook: Received, decide: str, reason: str) -> tuple[Any, dict[str, Any]]:
    async with sdk(gateway.mcp) as client:
        call = asyncio.create_task(
            client.call_tool("mail__send_email", {"to": "dan@corp.example", "subject": "s", "body": "b"})
        )
        _, pending = await asyncio.to_thread(hook.next, 60)
        approval = pending["approval"]["id"]
        listed = await asyncio.to_thread(approvals, gateway.base, "list", "--json")
        assert listed.returncode == 0, listed.stderr
        assert approval in [a["id"] for a in json.loads(listed.stdout)["approvals"]]
        done = await asyncio.to_thread(approvals, gateway.base, decide, approval, "--reason", reason)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(
            f"{decide.replace('approve', 'approved').replace('deny', 'denied')} mail/send_email"
        )
        result = await call
        _, decided = await asyncio.to_thread(hook.next, 60)
    return result, {"pending": pending, "decided": decided}


@pytest.mark.anyio
async def test_a_queued_call_is_approved_with_weir_approvals_and_the_webhook_hears_of_it(
    gateway: Running, hook: Received
) -> None:
    result, seen = await _queued_then(gateway, hook, "approve", "expected mail")
    assert result.is_error is False
    assert result.content[0].text == "Delivered (1 recipient)."
    pending = seen["pending"]
    assert pending["type"] == "weir.approval.pending"
    assert pending["approval"]["url"] == f"{gateway.base}/console/approvals/{pending['approval']['id']}"
    assert "dan@corp.example" not in json.dumps(pending)  # redacted for the chat too
    assert seen["decided"]["text"] == "Weir: «mail/send_email» was approved by «carol»: «expected mail»."


@pytest.mark.anyio
async def test_a_call_denied_with_weir_approvals_is_blocked_naming_the_operator(
    gateway: Running, hook: Received
) -> None:
    result, seen = await _queued_then(gateway, hook, "deny", "wrong recipient")
    assert result.is_error is True
    assert "operator carol denied: wrong recipient" in result.content[0].text
    assert seen["decided"]["type"] == "weir.approval.decided"


def test_weir_approvals_refuses_a_client_token_and_an_unknown_id(gateway: Running) -> None:
    env = {**os.environ, "WEIR_OPERATOR_TOKEN": CLIENT}
    cmd = [*weir_command(), "approvals", "list", "--url", gateway.base]
    wrong = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert wrong.returncode == 2
    assert "401" in wrong.stderr
    unknown = approvals(gateway.base, "approve", "no-such-id")
    assert unknown.returncode == 2
    assert "no call waits for approval" in unknown.stderr


def _scrape(base: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    with urllib.request.urlopen(f"{base}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def _delta(before: dict[Any, float], after: dict[Any, float], name: str, **labels: str) -> float:
    key = (name, tuple(sorted(labels.items())))
    return after.get(key, 0.0) - before.get(key, 0.0)


@pytest.mark.anyio
async def test_metrics_parse_and_count_exactly_the_calls_made(gateway: Running) -> None:
    async with sdk(gateway.mcp) as client:
        await client.list_tools()
        before = _scrape(gateway.base)
        await client.call_tool("mail__read_email", {"id": "1"})
        await client.call_tool("mail__read_email", {"id": "2"})
        await client.call_tool("files__read_file", {"path": "secrets/aws.txt"})
        await client.call_tool("files__delete_file", {"path": "notes/todo.txt"})
        await client.call_tool("web__fetch", {"url": "https://news.example/today"})
        after = _scrape(gateway.base)
    d = lambda name, **labels: _delta(before, after, name, **labels)  # noqa: E731 - a local shorthand
    assert d("weir_tool_calls_total", server="mail", outcome="ran") == 2
    assert d("weir_tool_calls_total", server="files", outcome="ran") == 1
    assert d("weir_tool_calls_total", server="files", outcome="blocked") == 1
    assert d("weir_tool_calls_total", server="web", outcome="ran") == 1
    assert d("weir_decisions_total", phase="call", effect="allow") == 3
    assert d("weir_decisions_total", phase="call", effect="block") == 1
    assert d("weir_decisions_total", phase="call", effect="warn") == 1
    assert d("weir_rule_matches_total", phase="call", rule="no-delete", effect="block") == 1
    assert d("weir_rule_matches_total", phase="result", rule="redact-credentials", effect="redact") == 1
    results = sum(d("weir_decisions_total", phase="result", effect=e) for e in ("allow", "warn", "redact", "block"))
    assert results == 4  # every call that ran had its result decided
    assert d("weir_upstream_seconds_count", server="mail") == 2
    assert d("weir_stage_seconds_count", stage="decide") == 5
    assert d("weir_tool_call_seconds_count", server="files") == 2
    assert after[("weir_upstream_up", (("server", "mail"),))] == 1.0
    assert d("weir_audit_events_total", phase="call") == 5
    assert d("weir_audit_events_total", phase="result") == 4


def test_health_readiness_and_the_startup_line(gateway: Running) -> None:
    with urllib.request.urlopen(f"{gateway.base}/healthz", timeout=10) as answer:
        assert json.loads(answer.read()) == {"status": "ok"}
    with urllib.request.urlopen(f"{gateway.base}/readyz", timeout=10) as answer:
        ready = json.loads(answer.read())
    assert ready == {
        "ready": True,
        "problems": [],
        "upstreams": {"mail": None, "files": None, "web": None},
        "dependencies": {"audit": "ok"},
    }
    assert f"weir: listening url={gateway.mcp} console=true" in gateway.log()


@pytest.mark.anyio
async def test_sighup_reloads_the_policy_and_a_broken_one_changes_nothing(tmp_path: Path) -> None:
    block = [{"name": "mail", "effect": "block", "when": "tool.name == 'send_email'", "reason": "no mail today"}]
    config = write_config(tmp_path, rules=block, demo=("mail",))  # only mail is called
    running = start(config, "--no-watch")
    mail = {"to": "dan@corp.example", "subject": "s", "body": "b"}
    try:
        async with sdk(running.mcp) as client:
            assert (await client.call_tool("mail__send_email", mail)).is_error is True
            write_config(tmp_path, rules=[{**block[0], "effect": "warn"}], demo=("mail",))
            running.proc.send_signal(signal.SIGHUP)
            await eventually(lambda: "policy reloaded" in running.log(), step=0.1)
            warned = await client.call_tool("mail__send_email", mail)
            assert warned.is_error is False
            assert "[Weir warning]" in warned.content[-1].text
            write_config(tmp_path, rules=[{**block[0], "when": "tool.name == "}], demo=("mail",))
            running.proc.send_signal(signal.SIGHUP)
            await eventually(lambda: "policy reload failed" in running.log(), step=0.1)
            still = await client.call_tool("mail__send_email", mail)
            assert still.is_error is False  # the previous (warn) policy stays in force
    finally:
        stop(running)
    log = running.log()
    assert "weir: policy reloaded trigger=SIGHUP rules=1" in log
    assert "weir: error: policy reload failed; the previous policy stays in force" in log


def test_require_upstreams_refuses_to_start_when_one_cannot_connect(tmp_path: Path) -> None:
    config = write_config(tmp_path, demo=())
    data = yaml.safe_load(config.read_text())
    data["servers"]["wire"] = {"command": [sys.executable, str(WIRE_SERVER)]}  # one server that connects (cheaply)
    data["servers"]["broken"] = {"command": [sys.executable, "-c", "import sys; sys.exit(3)"]}
    config.write_text(yaml.safe_dump(data))
    cmd = [*weir_command(), "gateway", "--config", str(config), "--require-upstreams"]
    done = subprocess.run(cmd, input=b"", capture_output=True, timeout=120, check=False)
    assert done.returncode == 2
    stderr = done.stderr.decode()
    assert "gateway.require_upstreams: not every upstream connected" in stderr
    assert "(server=broken)" in stderr
    assert stderr.count("server=broken") == 2  # once in the warning, once in the refusal: never twice in one line
