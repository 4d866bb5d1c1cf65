"""``gateway.upstream_start_timeout_s`` bounds how long an upstream may take to start and negotiate.

A real stdio server that never answers (it sleeps) is unreachable once the configured time has
passed, with the gateway's own reason; a server that answers is unaffected. The e2e tests raise the
setting (a Python server on a loaded machine can take longer than the default 30 s to import).
"""

from __future__ import annotations

import sys

import pytest

from tests.deadlines import hang_guard
from weir.config import WeirConfig
from weir.errors import UpstreamError
from weir.serving.deployment import upstreams_from_config

pytestmark = pytest.mark.anyio


def _config(timeout: float | None, command: list[str]) -> WeirConfig:
    gateway = {} if timeout is None else {"upstream_start_timeout_s": timeout}
    return WeirConfig.model_validate({"servers": {"s": {"command": command}}, "gateway": gateway})


def test_the_default_is_thirty_seconds_and_a_bad_value_is_refused() -> None:
    assert _config(None, ["x"]).gateway.upstream_start_timeout_s == 30.0
    with pytest.raises(ValueError, match="upstream_start_timeout_s"):
        _config(0, ["x"])


async def test_a_server_that_never_negotiates_is_unreachable_after_the_configured_time() -> None:
    # It says nothing for 20 s, then exits: past the 0.5 s set here it is "timed out"; were the
    # setting ignored (30 s), the gateway would see it close its output instead. (20 s, not 2: a
    # loaded machine may not run the gateway's 0.5 s timer for a second or two; it is killed at
    # once when the test ends.)
    silent = [sys.executable, "-c", "import time; time.sleep(20)"]
    upstream = upstreams_from_config(_config(0.5, silent))["s"]
    try:
        with pytest.raises(UpstreamError, match="cannot connect: timed out"):
            await upstream.ensure_started()
        assert not upstream.connected
    finally:
        await upstream.close()


async def test_a_server_that_answers_connects_within_a_generous_setting() -> None:
    demo = [sys.executable, "-m", "weir.demo_servers.web"]
    upstream = upstreams_from_config(_config(hang_guard(120), demo))["s"]
    try:
        await upstream.ensure_started()
        assert upstream.connected
    finally:
        await upstream.close()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
