"""A mail server: read the inbox (private data), send mail (reaches the open world)."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations

__all__ = ["server"]

server = MCPServer("demo-mail")

INBOX: list[dict[str, str]] = [
    {"id": "1", "from": "alice@corp.example", "subject": "Q3 revenue", "body": "Revenue was 4.2M, keep it internal."},
    {"id": "2", "from": "it@corp.example", "subject": "Laptop pickup", "body": "Pick it up on Monday at the desk."},
]
SENT: list[dict[str, str]] = []

_PRIVATE = {"annotations": {"privateHint": True, "sensitiveHint": "medium", "attribution": ["mail://inbox"]}}


@server.tool(
    annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
    meta={
        "mcp.dev/effect": "read",
        "mcp.dev/resultSensitivity": "confidential",
        "io.modelcontextprotocol/action-metadata": {"returnMetadata": {"source": "internal", "sensitivity": "pii"}},
    },
)
def list_inbox() -> list[dict[str, str]]:
    """List the messages in the inbox (sender, subject, id)."""
    return [{k: m[k] for k in ("id", "from", "subject")} for m in INBOX]


@server.tool(
    annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
    meta={"mcp.dev/effect": "read", "mcp.dev/resultSensitivity": "confidential"},
)
def read_email(id: str) -> dict[str, Any]:
    """Read one message by id."""
    found = next((m for m in INBOX if m["id"] == id), None)
    return dict(found) if found else {"error": f"no message {id}"}


@server.tool(
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=True),
    meta={
        "mcp.dev/effect": "external",
        "io.modelcontextprotocol/action-metadata": {
            "inputMetadata": {"destination": "public", "outcomes": "consequential"}
        },
    },
)
def send_email(to: str, subject: str, body: str) -> str:
    """Send an e-mail to any address."""
    SENT.append({"to": to, "subject": subject, "body": body})
    # Terse on purpose: the recipient is in the call already, and an address echoed back in
    # free text is what the injection classifier tends to flag.
    return "Delivered (1 recipient)."


if __name__ == "__main__":
    server.run("stdio")
