"""An SDK (``MCPServer``) server over stdio that publishes events to ``subscriptions/listen`` streams.

``touch(uri)`` announces that a resource changed; the server serves ``subscriptions/listen``
(2026-07-28) as the SDK does. Run: ``python listen_server.py``.
"""

from __future__ import annotations

from mcp.server.mcpserver import Context, MCPServer

server = MCPServer("listen")


@server.resource("mem://watched")
def watched() -> str:
    """A resource a client may subscribe to."""
    return "watched"


@server.tool()
async def touch(uri: str, ctx: Context) -> str:
    """Say that a resource changed."""
    await ctx.notify_resource_updated(uri)
    return f"touched {uri}"


if __name__ == "__main__":
    server.run("stdio")
