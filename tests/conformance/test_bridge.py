"""The stdio↔HTTP bridge relays what the conformance scenarios need, so it cannot hide a fault.

The SDK client talks stdio to the bridge, the bridge streamable HTTP to the reference server:
elicitation and sampling arrive on the server's standalone GET stream, and ``test_reconnection``
closes its POST stream mid-call so that the result only comes after a resumption.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import mcp_types as t
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.conformance import harness
from tests.conformance.agent import on_elicitation, on_sampling

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def reference_url(tmp_path: Path) -> Any:
    missing = harness.missing_tooling()
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"conformance tooling missing on CI: {missing}")
        pytest.skip(missing)
    with harness.reference_server(tmp_path) as url:
        yield url


def _text(result: t.CallToolResult) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


async def test_the_bridge_relays_the_get_stream_and_resumes_a_closed_stream(reference_url: str) -> None:
    bridge = StdioServerParameters(command=sys.executable, args=[str(harness.BRIDGE), reference_url])
    async with Client(
        bridge, mode="legacy", elicitation_callback=on_elicitation, sampling_callback=on_sampling
    ) as client:
        asked = await client.call_tool("test_elicitation_sep1034_defaults", {})
        sampled = await client.call_tool("test_sampling", {"prompt": "hello"})
        resumed = await client.call_tool("test_reconnection", {})
        plain = await client.call_tool("test_simple_text", {})
    assert not asked.is_error
    assert "action=accept" in _text(asked)
    assert '"name":"John Doe"' in _text(asked)
    assert _text(sampled) == "LLM response: a sampled reply"
    assert "the result arrived after the stream was closed" in _text(resumed)
    assert _text(plain) == "This is a simple text response for testing."
