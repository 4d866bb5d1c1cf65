"""Wire tools and results the Guard and scenario tests share (as servers send them)."""

from typing import Any

READ_FILE = {
    "name": "read_file",
    "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}},
    "annotations": {"readOnlyHint": True, "openWorldHint": False},
}
SEND_EMAIL: dict[str, Any] = {
    "name": "send_email",
    "inputSchema": {"type": "object"},
    "annotations": {
        "inputMetadata": {"destination": "public", "sensitivity": ["pii", "user"], "outcomes": "irreversible"},
        "returnMetadata": {"source": "system", "sensitivity": "none"},
    },
}
FETCH = {
    "name": "fetch",
    "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}},
    "annotations": {"readOnlyHint": True, "openWorldHint": True},
}
LIST_INBOX = {
    "name": "list_inbox",
    "inputSchema": {"type": "object"},
    "annotations": {
        "inputMetadata": {"destination": "ephemeral", "sensitivity": "none", "outcomes": "benign"},
        "returnMetadata": {"source": "untrustedPublic", "sensitivity": ["pii", "user"]},
    },
}
PAY = {
    "name": "transfer",
    "inputSchema": {"type": "object"},
    "annotations": {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False},
    "_meta": {"mcp.dev/effect": "external", "mcp.dev/idempotent": False},
}
DELETE_USER = {
    "name": "delete_user",
    "description": "Permanently delete a user account",
    "inputSchema": {"type": "object"},
    "_meta": {
        "mcp.dev/effect": "delete",
        "mcp.dev/idempotent": False,
        "mcp.dev/requiresConfirmation": True,
        "mcp.dev/resultSensitivity": "internal",
    },
}
GET_STATUS = {
    "name": "get_status",
    "inputSchema": {"type": "object"},
    "annotations": {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False},
}


def text_result(text: str, **meta: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if meta:
        out["_meta"] = meta
    return out
