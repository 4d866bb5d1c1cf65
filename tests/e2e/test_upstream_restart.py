"""An upstream that restarts mid-session: the next call is negotiated on a new session and succeeds,
and the agent session keeps every label it had (labels live in the gateway, not in a connection).

Over stdio (the server process is killed; the gateway starts it again) and over streamable HTTP
(the server is stopped and started again on the same port: it no longer knows the gateway's
session, answers 404, and the gateway initialises a new one and sends the refused request again).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from tests.conformance import harness
from tests.deadlines import hang_guard
from tests.ports import free_port
from tests.servers.launch import wait_for_port
from weir.config import WeirConfig
from weir.gateway.downstream.memory import MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.channels import StdioChannel
from weir.labels.datalabel import DataLabel
from weir.serving.runner import build_gateway

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SESSION = {"dev.weir/session": "restarted"}
OBSERVE = {"packs": ["observe"], "mode": "audit"}


def _gateway(servers: dict[str, Any]) -> Gateway:
    config = {"servers": servers, "policy": OBSERVE, "audit": {"path": ":memory:"}}
    return build_gateway(WeirConfig.model_validate(config))


def _label(gateway: Gateway) -> DataLabel:
    return gateway.pipeline.decider.session("restarted").label


async def test_a_stdio_server_killed_mid_session_is_started_again_and_the_labels_survive() -> None:
    gateway = _gateway({"files": {"command": [sys.executable, "-m", "weir.demo_servers.files"]}})
    try:
        async with Client(MemoryTransport(gateway), mode="legacy") as c:
            await c.call_tool("read_file", {"path": "secrets/aws.txt"}, meta=SESSION)
            before = _label(gateway)
            (session,) = gateway.links.every()
            channel = session.channel
            assert isinstance(channel, StdioChannel)
            assert channel.pid is not None
            os.kill(channel.pid, signal.SIGKILL)
            with anyio.fail_after(hang_guard()):
                while session.channel is not None:
                    await anyio.sleep(0.02)
            after_restart = await c.call_tool("read_file", {"path": "notes/todo.txt"}, meta=SESSION)
            after = _label(gateway)
    finally:
        await gateway.close()
    assert before.level >= 3
    assert "credentials" in {str(c) for c in before.classes}
    assert not after_restart.is_error
    assert "Book the venue" in after_restart.content[0].text  # type: ignore[union-attr]
    assert after.level >= before.level
    assert before.classes <= after.classes


@contextmanager
def _reference(port: int, log: Path) -> Iterator[str]:
    """The conformance reference server on ``port`` until the block ends (killed: it would wait
    for the gateway's open GET stream to close before exiting)."""
    cmd = [str(harness.node_binary()), str(harness.REFERENCE), str(port)]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        try:
            wait_for_port(port, proc)
            yield f"http://127.0.0.1:{port}/mcp"
        finally:
            proc.kill()
            proc.wait()


async def test_an_http_server_restarted_mid_session_gets_a_new_session_and_the_call_succeeds(tmp_path: Path) -> None:
    missing = harness.missing_tooling()
    if missing is not None:
        pytest.skip(missing)
    port = free_port()
    with ExitStack() as first_server:
        url = first_server.enter_context(_reference(port, tmp_path / "first.log"))
        gateway = _gateway({"reference": {"url": url}})
        try:
            async with Client(MemoryTransport(gateway), mode="legacy") as c:
                first = await c.call_tool("test_simple_text", {}, meta=SESSION)
                first_server.close()  # the server goes away, and comes back knowing no session
                with _reference(port, tmp_path / "second.log"):
                    again = await c.call_tool("test_simple_text", {}, meta=SESSION)
        finally:
            await gateway.close()
    assert not again.is_error, again.content
    assert first.content == again.content
