"""ServerLabels served by each SDK shape: MCPServer, the low-level Server, and fastmcp 4.x.

Everything runs over the SDK's real in-memory transport with the SDK's own client.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import mcp_types as t
import pytest
from fastmcp import FastMCP
from mcp import Client
from mcp.server import Server
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from weir.client import list_tools, resolve_tool
from weir.client.wire import ResolveFailed, with_resolution
from weir.errors import UpstreamError
from weir.labels.read import read_resolution, read_tool
from weir.labels.vocab import Destination, Outcome, Source
from weir.server import REFUSED, RequestLabels, Returns, ServerLabels, ToolLabels
from weir.server.fastmcp import extension

pytestmark = pytest.mark.anyio

PUBLISH = ToolLabels(
    read_only=False,
    open_world=True,
    destinations=[Destination.INTERNAL, Destination.PUBLIC],
    outcomes=[Outcome.CONSEQUENTIAL, Outcome.IRREVERSIBLE],
    returns=Returns(source=Source.SYSTEM),
)
RAN: list[str] = []


def resolve_publish(arguments: dict[str, Any]) -> ToolLabels:
    public = str(arguments.get("where", "")).startswith("public")
    return ToolLabels(
        destinations=Destination.PUBLIC if public else Destination.INTERNAL,
        outcomes=Outcome.IRREVERSIBLE if public else Outcome.CONSEQUENTIAL,
    )


def no_open_world_in_public(request: RequestLabels, arguments: Mapping[str, Any]) -> str | None:
    if request.open_world and str(arguments.get("where", "")).startswith("public"):
        return "open-world data may not be published"
    return None


def _labels() -> ServerLabels:
    labels = ServerLabels("pub")
    labels.declare("publish", PUBLISH, resolver=resolve_publish, guard=no_open_world_in_public)
    labels.declare("broken", ToolLabels(read_only=True), resolver=lambda a: ToolLabels(read_only=False))
    labels.declare("crashy", ToolLabels(read_only=False), guard=lambda r, a: 1 / 0)  # type: ignore[arg-type,return-value]
    labels.declare("plain", ToolLabels(read_only=True))
    return labels


def high_level() -> MCPServer:
    labels = _labels()
    server = MCPServer("pub", extensions=[labels.extension()])
    for name in ("publish", "broken", "crashy", "plain"):
        declared = labels.labels(name)
        assert declared is not None
        server.add_tool(_body(name), name=name, **declared.sdk())
    return server


def _body(name: str) -> Any:
    def body(where: str = "internal/x") -> str:
        RAN.append(name)
        return f"{name} to {where}"

    return body


def low_level() -> Server[Any]:
    labels = _labels()

    async def on_list(ctx: Any, params: Any) -> t.ListToolsResult:
        tools = []
        for name in ("publish", "broken", "crashy", "plain"):
            declared = labels.labels(name)
            assert declared is not None
            tools.append(t.Tool(name=name, input_schema={"type": "object"}, **declared.sdk()))
        return t.ListToolsResult(tools=tools)

    async def on_call(ctx: Any, params: t.CallToolRequestParams) -> t.CallToolResult:
        labels.check_request(params.name, params.arguments, params.meta)
        RAN.append(params.name)
        return t.CallToolResult(content=[t.TextContent(type="text", text="done")])

    server: Server[Any] = Server("pub", on_list_tools=on_list, on_call_tool=on_call)
    labels.install(server)
    return server


SHAPES = {"mcpserver": high_level, "lowlevel": low_level}


@pytest.fixture(params=sorted(SHAPES))
def server(request: pytest.FixtureRequest) -> Any:
    RAN.clear()
    return SHAPES[str(request.param)]()


async def test_declared_labels_are_listed_in_full(server: Any) -> None:
    async with Client(server) as client:
        tools = {x["name"]: x for x in await list_tools(client)}
    profile = read_tool(tools["publish"]).profile
    assert profile.destinations == {Destination.INTERNAL, Destination.PUBLIC}
    assert profile.outcomes == {Outcome.CONSEQUENTIAL, Outcome.IRREVERSIBLE}
    assert profile.resolvable is True
    assert read_tool(tools["plain"]).profile.resolvable is False


async def test_tools_resolve_narrows_from_the_arguments(server: Any) -> None:
    async with Client(server, extensions=with_resolution(None)) as client:
        internal = await resolve_tool(client, "publish", {"where": "internal/wiki"})
        public = await resolve_tool(client, "publish", {"where": "public/blog"})
    assert internal["resultType"] == "complete"
    assert internal["name"] == "publish"
    assert read_resolution(internal).profile.destinations == {Destination.INTERNAL}
    assert read_resolution(public).profile.outcomes == {Outcome.IRREVERSIBLE}
    assert RAN == []  # resolving never runs the tool


@pytest.mark.parametrize(
    ("tool", "message"),
    [
        ("nope", "Unknown tool: nope"),
        ("plain", "does not support tools/resolve"),
        ("broken", "less safe than tools/list"),
    ],
)
async def test_resolving_what_cannot_be_resolved_is_an_error(server: Any, tool: str, message: str) -> None:
    async with Client(server, extensions=with_resolution(None)) as client:
        with pytest.raises(UpstreamError, match=message):
            await resolve_tool(client, tool, {})


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_resolving_without_the_capability_on_the_request_is_minus_32021(server: Any, mode: str) -> None:
    async with Client(server, mode=mode) as client:
        with pytest.raises(ResolveFailed) as caught:
            await resolve_tool(client, "publish", {"where": "internal/wiki"})
    assert caught.value.code == -32021
    assert RAN == []


async def test_a_resolve_answer_holds_all_four_core_hints_and_no_title(server: Any) -> None:
    async with Client(server, extensions=with_resolution(None)) as client:
        answer = await resolve_tool(client, "publish", {"where": "internal/wiki"})
    assert set(answer["annotations"]) >= {"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}
    assert all(isinstance(answer["annotations"][k], bool) for k in ("readOnlyHint", "destructiveHint"))
    assert "title" not in answer["annotations"]


async def test_the_request_guard_refuses_open_world_data_for_a_public_target(server: Any) -> None:
    open_world = {"annotations": {"openWorldHint": True}}
    async with Client(server) as client:
        with pytest.raises(MCPError) as caught:
            await client.call_tool("publish", {"where": "public/blog"}, meta=open_world)  # type: ignore[arg-type]
        internal = await client.call_tool("publish", {"where": "internal/wiki"}, meta=open_world)  # type: ignore[arg-type]
        clean = await client.call_tool("publish", {"where": "public/blog"})
    assert caught.value.code == REFUSED
    assert "open-world data may not be published" in caught.value.message
    assert internal.is_error is False
    assert clean.is_error is False
    assert RAN == ["publish", "publish"]


async def test_a_guard_that_crashes_refuses_the_call(server: Any) -> None:
    async with Client(server) as client:
        with pytest.raises(MCPError, match="the request guard failed: ZeroDivisionError"):
            await client.call_tool("crashy", {})
    assert RAN == []


async def test_fastmcp_serves_declarations_resolve_and_guards() -> None:
    labels = _labels()
    app = FastMCP("pub")
    app.add_extension(extension(labels))
    declared = labels.labels("publish")
    assert declared is not None

    @app.tool(name="publish", **declared.fastmcp())
    def publish(where: str = "internal/x") -> str:
        RAN.append("publish")
        return f"published to {where}"

    RAN.clear()
    async with Client(app._mcp_server, extensions=with_resolution(None)) as client:
        tools = await list_tools(client)
        resolved = await resolve_tool(client, "publish", {"where": "public/blog"})
        with pytest.raises(MCPError, match="open-world data may not be published"):
            await client.call_tool("publish", {"where": "public/b"}, meta={"annotations": {"openWorldHint": True}})  # type: ignore[arg-type]
    assert read_tool(tools[0]).profile.destinations == {Destination.INTERNAL, Destination.PUBLIC}
    assert read_resolution(resolved).profile.destinations == {Destination.PUBLIC}
    assert RAN == []


def test_a_tool_needs_a_name() -> None:
    with pytest.raises(Exception, match="needs a name"):
        ServerLabels().declare("", ToolLabels())


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
