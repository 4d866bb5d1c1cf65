"""A small real MCP server that lists the tools of a catalog file, as a test fixture.

Built on the SDK's low-level ``Server``. The SDK's typed models drop every ``annotations`` key
they do not know (the outbound sieve), so a Python server cannot put SEP-1984, SEP-2061 or
SEP-1913 keys into ``annotations`` by itself; ``_meta`` survives. A server written with another
SDK writes its tools raw, and ``--raw-annotations`` makes this one do the same: a server
middleware puts the catalog's own tool objects on the wire after the SDK has serialised.

    python tests/servers/catalog_server.py CATALOG [--page-size N] [--raw-annotations]
                                                   [--http PORT] [--crash | --hang]

``--crash`` exits before answering anything; ``--hang`` answers the handshake but never
answers ``tools/list`` (for the timeout path of the catalog loader).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from pydantic import ValidationError


def _load(path: str) -> list[dict[str, Any]]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    tools = data["tools"] if isinstance(data, dict) else data
    return [dict(t) for t in tools]


def _typed(tools: list[dict[str, Any]]) -> list[types.Tool]:
    """The tools the SDK's model accepts (it rejects, e.g., a tool without a name): what an SDK-only server lists."""
    out = []
    for t in tools:
        try:
            out.append(types.Tool.model_validate(t))
        except ValidationError as exc:
            print(f"catalog_server: the SDK cannot list {t.get('name')!r}: {exc}", file=sys.stderr)
    return out


def _offset(params: Mapping[str, Any] | None) -> int:
    cursor = (params or {}).get("cursor")
    return int(cursor) if cursor else 0


def build_server(tools: list[dict[str, Any]], *, page_size: int, raw_annotations: bool, hang: bool) -> Server[Any]:
    """A low-level server listing ``tools`` ``page_size`` at a time (cursor = next offset).

    With ``raw_annotations`` the handler lists placeholders and a server middleware writes the
    catalog's own tool objects onto the wire after the SDK has serialised its typed result:
    a server that writes its tools raw, the way one built on another SDK does.
    """
    listed: list[Any] = tools if raw_annotations else _typed(tools)

    async def list_tools(ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None) -> Any:
        if hang:
            await anyio.sleep_forever()
        start = int(params.cursor) if params is not None and params.cursor else 0
        page = listed[start : start + page_size]
        nxt = start + page_size
        if raw_annotations:  # placeholders; the middleware below puts the raw tools on the wire
            page = [types.Tool(name=f"tool{start + i}", input_schema={"type": "object"}) for i in range(len(page))]
        return types.ListToolsResult(tools=page, next_cursor=str(nxt) if nxt < len(listed) else None)

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> Any:
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"called {params.name}")])

    server: Server[Any] = Server("catalog-server", on_list_tools=list_tools, on_call_tool=call_tool)
    if raw_annotations:

        async def write_raw(ctx: ServerRequestContext[Any], call_next: Any) -> Any:
            result = await call_next(ctx)
            if ctx.method == "tools/list" and isinstance(result, dict):
                start = _offset(ctx.params)
                result["tools"] = tools[start : start + len(result.get("tools", []))]
            return result

        server.middleware.append(write_raw)
    return server


async def _serve_stdio(server: Server[Any]) -> None:
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def _serve_http(server: Server[Any], port: int) -> None:
    import uvicorn

    app = server.streamable_http_app(host="127.0.0.1")
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and serve until stdin closes (stdio) or the process is stopped (HTTP)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("catalog")
    parser.add_argument("--page-size", type=int, default=2)
    parser.add_argument("--raw-annotations", action="store_true")
    parser.add_argument("--http", type=int, default=None, metavar="PORT")
    parser.add_argument("--crash", action="store_true")
    parser.add_argument("--hang", action="store_true")
    args = parser.parse_args(argv)
    if args.crash:
        print("catalog_server: crashing on purpose", file=sys.stderr)
        sys.exit(3)
    server = build_server(
        _load(args.catalog), page_size=args.page_size, raw_annotations=args.raw_annotations, hang=args.hang
    )
    if args.http is not None:
        _serve_http(server, args.http)
    else:
        anyio.run(_serve_stdio, server)


if __name__ == "__main__":
    main()
