"""A tiny MCP server over stdio that writes its JSON by hand (2025-11-25, ``initialize``).

SDK servers re-type tools and drop annotation keys they do not know; this one sends exactly
the tool below, so a test can see what a raw reader keeps and a typed one loses.
Run: ``python raw_server.py``.
"""

from __future__ import annotations

import json
import sys
from typing import Any

TOOL: dict[str, Any] = {
    "name": "send",
    "description": "Send a message.",
    "inputSchema": {"type": "object", "properties": {"to": {"type": "string"}}},
    "annotations": {
        "readOnlyHint": False,
        "sensitiveDataHint": True,
        "inputMetadata": {"destination": "public", "sensitivity": "pii", "outcomes": "irreversible"},
    },
    "_meta": {"mcp.dev/effect": "external"},
}


def answer(request: dict[str, Any]) -> dict[str, Any] | None:
    """The response to one request (None for notifications)."""
    method, rid = request.get("method"), request.get("id")
    if rid is None:
        return None
    if method == "initialize":
        result: dict[str, Any] = {
            "protocolVersion": "2025-11-25",
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "raw", "version": "1.0"},
        }
    elif method == "tools/list":
        result = {"tools": [TOOL]}
    else:
        return {"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": f"Method not found: {method}"}}
    return {"jsonrpc": "2.0", "id": rid, "result": result}


def main() -> None:
    """Answer line-delimited JSON-RPC on stdin until it closes."""
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = answer(json.loads(line))
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
