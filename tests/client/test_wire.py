"""The client reads tools/list raw: the annotation keys the SDK's typed models drop are kept."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.client.raw_server import TOOL
from weir.client import is_resolvable, list_tools

pytestmark = pytest.mark.anyio

RAW_SERVER = Path(__file__).resolve().parent / "raw_server.py"


async def test_unknown_annotation_keys_survive_the_raw_listing_over_stdio() -> None:
    params = StdioServerParameters(command=sys.executable, args=[str(RAW_SERVER)])
    async with Client(params, mode="legacy") as client:
        raw = {t["name"]: t for t in await list_tools(client)}
        typed = {t.name: t for t in (await client.list_tools()).tools}
    assert raw["send"]["annotations"] == TOOL["annotations"]
    assert raw["send"]["_meta"] == {"mcp.dev/effect": "external"}
    # What the plain SDK listing loses:
    assert typed["send"].annotations is not None
    assert set(typed["send"].annotations.model_dump(by_alias=True, exclude_none=True)) == {"readOnlyHint"}


@pytest.mark.parametrize(
    ("tool", "expected"),
    [
        ({"_meta": {"io.modelcontextprotocol/tool-resolution": {"resolvable": True}}}, True),
        ({"_meta": {"io.modelcontextprotocol/tool-resolution": {"resolvable": "yes"}}}, False),
        ({"_meta": {"io.modelcontextprotocol/tool-resolution": True}}, False),
        ({"_meta": None}, False),
        ({}, False),
        (None, False),
    ],
)
def test_only_an_explicit_opt_in_makes_a_tool_resolvable(tool: object, expected: bool) -> None:
    assert is_resolvable(tool) is expected  # type: ignore[arg-type]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
