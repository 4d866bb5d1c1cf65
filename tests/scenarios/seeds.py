"""Tools and results transcribed from the seeds (/work/shared/seeds), as servers send them."""

from typing import Any

# Seed 004, "Send Email Action" (SEP-1913 lower-case form).
SEND_EMAIL: dict[str, Any] = {
    "name": "send_email",
    "description": "Send an email on behalf of the user.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "to": {"type": "string", "format": "email"},
            "subject": {"type": "string"},
            "body": {"type": "string"},
        },
        "required": ["to", "subject", "body"],
        "additionalProperties": False,
    },
    "annotations": {
        "inputMetadata": {"destination": "public", "sensitivity": ["pii", "user"], "outcomes": "irreversible"},
        "returnMetadata": {"source": "system", "sensitivity": "none"},
    },
}

# Seed 004's file server: read_file opts into tools/resolve (the static declaration is a
# possible set; the resolution narrows it for the salary spreadsheet).
READ_FILE: dict[str, Any] = {
    "name": "read_file",
    "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}},
    "annotations": {
        "readOnlyHint": True,
        "openWorldHint": False,
        "returnMetadata": {"source": ["internal", "user"], "sensitivity": ["none", "pii", "financial"]},
    },
    "_meta": {"io.modelcontextprotocol/tool-resolution": {"resolvable": True}},
}
# Seed 004, "Pre-execution Annotation Refinement" (the response, in the extension's form).
SALARIES_RESOLVED: dict[str, Any] = {
    "resultType": "complete",
    "name": "read_file",
    "annotations": {
        "readOnlyHint": True,
        "openWorldHint": False,
        "attribution": ["mcp://file-server.acme.local/hr/salaries.xlsx"],
        "returnMetadata": {"source": "internal", "sensitivity": "financial"},
    },
}
# Seed 004, "Tool Call Result Extension".
SALARIES_RESULT: dict[str, Any] = {
    "content": [{"type": "text", "text": "name,salary\nAnn Lee,98000\nBo Kim,87000\n"}],
    "_meta": {"annotations": {"attribution": ["mcp://file-server.acme.local/hr/salaries.xlsx"]}},
}

FETCH: dict[str, Any] = {
    "name": "fetch",
    "description": "Fetch a web page.",
    "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}},
    "annotations": {"readOnlyHint": True, "openWorldHint": True},
}


def page(text: str, **annotations: Any) -> dict[str, Any]:
    """A web page result with issue-711 / SEP-1913 result annotations (seed 004 example 1)."""
    return {
        "content": [{"type": "text", "text": text}],
        "_meta": {"annotations": {"openWorldHint": True, **annotations}},
    }


# Seed 000's example.
DELETE_USER: dict[str, Any] = {
    "name": "delete_user",
    "description": "Permanently delete a user account",
    "inputSchema": {"type": "object", "properties": {"user_id": {"type": "string"}}},
    "_meta": {
        "mcp.dev/effect": "delete",
        "mcp.dev/idempotent": False,
        "mcp.dev/requiresConfirmation": True,
        "mcp.dev/resultSensitivity": "internal",
    },
}
# Seed 001's "System Administration Tool" and "Database Backup Tool".
RESTART_SERVICE: dict[str, Any] = {
    "name": "restart_service",
    "description": "Restart a system service",
    "inputSchema": {"type": "object", "properties": {"service_name": {"type": "string"}}},
    "annotations": {
        "title": "Restart Service",
        "readOnlyHint": False,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": False,
        "privilegedAccessHint": True,
        "reversibleHint": True,
    },
}
BACKUP_DATABASE: dict[str, Any] = {
    "name": "backup_database",
    "description": "Create a backup of the database",
    "inputSchema": {"type": "object", "properties": {"database_name": {"type": "string"}}},
    "annotations": {
        "title": "Database Backup",
        "readOnlyHint": False,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": False,
        "slowExecutionHint": True,
        "resourceIntensiveHint": True,
        "sensitiveDataHint": True,
        "privilegedAccessHint": True,
        "reversibleHint": True,
    },
}

# Seed 004's example policy, verbatim in YAML form (escalate = confirm).
SEED_004_RULES: list[dict[str, Any]] = [
    {
        "name": "block-open-world-to-external",
        "effect": "block",
        "conditions": {
            "and": [
                {"fact": "request.annotations.openWorldHint", "equals": True},
                {"fact": "tool.annotations.inputMetadata.destination", "equals": "public"},
            ]
        },
    },
    {
        "name": "escalate-malicious",
        "effect": "escalate",
        "conditions": {"fact": "response.annotations.maliciousActivityHint", "equals": True},
    },
    {
        "name": "confirm-irreversible-actions",
        "effect": "escalate",
        "conditions": {"fact": "tool.annotations.inputMetadata.outcomes", "equals": "irreversible"},
    },
]
