"""An SDK (``MCPServer``) server whose tool asks the user a question mid-call, and tools that work
for a while (``heavy``) or until cancelled (``wait``).

On 2025-11-25 ``ask`` sends ``elicitation/create``; on 2026-07-28 it answers ``input_required``
and reads the answer from the client's retry: the two ways a server elicits, for testing how
the gateway relays each to each kind of client. Run over stdio as a script, or in-process
(:func:`make_server`, for a ``MemoryChannel``): each server made keeps counts of its own.
"""

from __future__ import annotations

import anyio
import mcp_types as t
from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel


class Answer(BaseModel):
    colour: str


def make_server() -> MCPServer:
    """A fresh server (its ``heavy`` counts start at zero)."""
    server = MCPServer("sdk-elicit")
    running = {"now": 0, "max": 0}

    @server.tool()
    async def ask(ctx: Context) -> str | t.InputRequiredResult:
        """Ask the user for a colour."""
        if ctx.protocol_version == "2026-07-28":
            answers = ctx.input_responses or {}
            if "colour" not in answers:
                request = t.ElicitRequest(
                    method="elicitation/create",
                    params=t.ElicitRequestFormParams(
                        message="Which colour?",
                        requested_schema={"type": "object", "properties": {"colour": {"type": "string"}}},
                    ),
                )
                return t.InputRequiredResult(input_requests={"colour": request}, request_state="asked")
            answer = answers["colour"]
            return f"modern:{getattr(answer, 'action', None)}:{(getattr(answer, 'content', None) or {}).get('colour')}"
        result = await ctx.elicit("Which colour?", Answer)
        return f"legacy:{result.action}:{getattr(getattr(result, 'data', None), 'colour', None)}"

    @server.tool()
    async def heavy(seconds: float = 0.3, until: int = 0) -> int:
        """Work for a while; returns how many heavy calls were running at once at most.

        ``until``: work until that many calls have run at once (``seconds`` is then a hang guard
        only), so that calls sent together overlap here however slowly the machine delivers them.
        """
        running["now"] += 1
        running["max"] = max(running["max"], running["now"])
        try:
            if until:
                with anyio.move_on_after(seconds):
                    while running["max"] < until:
                        await anyio.sleep(0.01)
            else:
                await anyio.sleep(seconds)
        finally:
            running["now"] -= 1
        return running["max"]

    @server.tool()
    async def wait(marker: str) -> str:
        """Wait long; the marker file says ``started`` once it runs and ``cancelled`` if it is cancelled."""
        with open(marker, "w") as f:
            f.write("started")
        try:
            await anyio.sleep(30)
        except anyio.get_cancelled_exc_class():
            with open(marker, "w") as f:
                f.write("cancelled")
            raise
        return "waited"

    return server


server = make_server()
"""The server run as a script (and extended with a tool by tests that serve it over HTTP in a
process of their own: tests/gateway/test_http_upstream.py)."""

if __name__ == "__main__":
    server.run("stdio")
