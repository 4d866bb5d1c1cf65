"""An SDK (``MCPServer``) server whose tool both needs the user's confirmation and asks a question.

``wipe`` declares ``requires_confirmation`` (so the baseline policy confirms every call) and then
asks the user itself which backup to keep: an ``input_required`` round on 2026-07-28, an
``elicitation/create`` request mid-call on 2025-11-25. A declined question stops the wipe with an
error result that says so.
"""

from __future__ import annotations

import mcp_types as t
from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel

from weir.server import ToolLabels

server = MCPServer("vault")

WIPE = ToolLabels(title="Wipe old backups", destructive=True, requires_confirmation=True)
_QUESTION = "Which backup should be kept?"


class Keep(BaseModel):
    keep: str


def _done(action: str | None, keep: str | None) -> t.CallToolResult:
    if action != "accept" or not keep:
        text = f"Wipe stopped: the user did not choose a backup to keep ({action})."
        return t.CallToolResult(content=[t.TextContent(type="text", text=text)], is_error=True)
    return t.CallToolResult(content=[t.TextContent(type="text", text=f"Wiped all backups but {keep}.")])


@server.tool(**WIPE.sdk())
async def wipe(volume: str, ctx: Context) -> t.CallToolResult | t.InputRequiredResult:
    """Wipe a volume's old backups, keeping the one the user picks."""
    if ctx.protocol_version == "2026-07-28":
        answer = (ctx.input_responses or {}).get("keep")
        if answer is None:
            form = t.ElicitRequestFormParams(message=_QUESTION, requested_schema=Keep.model_json_schema())
            return t.InputRequiredResult(input_requests={"keep": t.ElicitRequest(params=form)}, request_state=volume)
        content = getattr(answer, "content", None) or {}
        return _done(getattr(answer, "action", None), content.get("keep"))
    result = await ctx.elicit(_QUESTION, Keep)
    return _done(result.action, getattr(getattr(result, "data", None), "keep", None))


if __name__ == "__main__":
    server.run("stdio")
