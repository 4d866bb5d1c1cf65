"""A file server over an in-memory tree: read (one file holds a credential), write, delete."""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations

__all__ = ["server"]

server = MCPServer("demo-files")

# A made-up key in the real AWS format (not a documentation placeholder, which detectors skip).
FILES: dict[str, str] = {
    "notes/todo.txt": "Book the venue. Send the agenda to the team.",
    "secrets/aws.txt": (
        "aws_access_key_id = AKIAQ3ZRT7LWXK5MB2PD\naws_secret_access_key = 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"
    ),
}


@server.tool(
    annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
    meta={
        "mcp.dev/effect": "read",
        "io.modelcontextprotocol/action-metadata": {
            "returnMetadata": {"source": "user", "sensitivity": ["user", "credentials"]}
        },
    },
    structured_output=False,
)
def read_file(path: str) -> str:
    """Read a file's text."""
    return FILES.get(path, f"no such file: {path}")


@server.tool(
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False),
    meta={"mcp.dev/effect": "write", "mcp.dev/idempotent": True},
)
def write_file(path: str, content: str) -> str:
    """Create or replace a file."""
    FILES[path] = content
    return f"wrote {len(content)} characters to {path}"


@server.tool(
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, openWorldHint=False),
    meta={"mcp.dev/effect": "delete", "mcp.dev/requiresConfirmation": True},
)
def delete_file(path: str) -> str:
    """Delete a file for good."""
    return f"deleted {path}" if FILES.pop(path, None) is not None else f"no such file: {path}"


if __name__ == "__main__":
    server.run("stdio")
