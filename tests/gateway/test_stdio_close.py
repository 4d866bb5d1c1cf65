"""Closing a stdio upstream: the server gets the end of its input and is reaped as soon as it
exits; only one that outlives ``stop_timeout`` is killed, and the kill is logged. One that has
written nothing yet (still starting) is ended at once, without the wait."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

import anyio
import pytest

from tests.deadlines import eventually, hang_guard
from weir.gateway.upstream.channels import StdioChannel
from weir.gateway.wire.jsonrpc import Message

pytestmark = pytest.mark.anyio

KILLED = "did not exit within"
# Says it is up, then waits for the end of its input (or, ``ignore``, for ever).
SERVER = """
import os, subprocess, sys, time
print("{}", flush=True)
if "grandchild" in sys.argv:  # a child of its own keeps its stdout and stderr open after it exits
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    open(sys.argv[-1], "w").write(str(child.pid))
if "ignore" in sys.argv:
    time.sleep(600)
sys.stdin.read()
"""


async def _nothing(msg: Message) -> None:
    return None


def _started(*args: str, stop_timeout: float) -> StdioChannel:
    return StdioChannel("s", [sys.executable, "-c", SERVER, *args], {}, limit=1 << 20, stop_timeout=stop_timeout)


async def _settled(proc: asyncio.subprocess.Process | None) -> None:
    """Until the exited process's pipes are closed too (its transport done before the loop ends)."""
    assert proc is not None
    with anyio.fail_after(hang_guard()):
        await proc.wait()


async def _heard(channel: StdioChannel) -> None:
    """Until the server's first line is read (it is past its start)."""
    assert await eventually(lambda: channel._heard)


async def _running(channel: StdioChannel, *, heard: bool = True) -> asyncio.subprocess.Process | None:
    """Start the channel's server (and wait until it is past its start, unless ``heard`` is False)."""
    await channel.start(_nothing, lambda reason, lost_session=False: None)
    if heard:
        await _heard(channel)
    return channel._proc


async def _close_logged(channel: StdioChannel, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        await channel.close()


async def test_a_server_that_exits_at_the_end_of_its_input_is_not_killed(caplog: pytest.LogCaptureFixture) -> None:
    channel = _started(stop_timeout=hang_guard())
    proc = await _running(channel)
    await _close_logged(channel, caplog)
    await _settled(proc)
    assert proc is not None
    assert proc.returncode == 0  # it exited on its own
    assert KILLED not in caplog.text


async def test_a_server_is_reaped_when_it_exits_though_its_child_holds_its_pipes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # On Python 3.11 Process.wait() also waits for the pipes' end: this close waited out the
    # grace, "killed" the exited server, then waited for ever.
    pid_file = tmp_path / "grandchild.pid"
    channel = _started("grandchild", str(pid_file), stop_timeout=hang_guard())
    proc = await _running(channel)
    assert await eventually(lambda: pid_file.is_file() and pid_file.read_text() != "")
    try:
        await _close_logged(channel, caplog)
        assert proc is not None
        assert proc.returncode == 0
        assert KILLED not in caplog.text
        # The child still holds the pipes' other ends; the gateway's ends are closed all the same.
        os.kill(int(pid_file.read_text()), 0)  # still alive: raises ProcessLookupError otherwise
        assert proc._transport.is_closing()  # type: ignore[attr-defined]
    finally:
        os.kill(int(pid_file.read_text()), signal.SIGKILL)
    await _settled(proc)  # once the child is gone, and with it the pipes' last writer


async def test_a_server_that_ignores_the_end_of_its_input_is_killed_and_the_kill_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    channel = _started("ignore", stop_timeout=0.2)  # the grace is the feature under test
    proc = await _running(channel)
    await _close_logged(channel, caplog)
    await _settled(proc)
    assert proc is not None
    assert proc.returncode == -signal.SIGKILL
    assert f"server 's' {KILLED} 0.2s" in caplog.text


async def test_a_server_still_starting_is_ended_at_once(caplog: pytest.LogCaptureFixture) -> None:
    # It writes nothing before its long start is over: the close does not wait for it.
    channel = StdioChannel(
        "s", [sys.executable, "-c", "import time; time.sleep(600)"], {}, limit=1 << 20, stop_timeout=hang_guard()
    )
    proc = await _running(channel, heard=False)
    await _close_logged(channel, caplog)
    await _settled(proc)
    assert proc is not None
    assert proc.returncode == -signal.SIGTERM
    assert KILLED not in caplog.text
