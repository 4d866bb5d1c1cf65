"""Every JSON example in the five seeds (`/work/shared/seeds/`), transcribed.

Transcription notes: jsonc comments are removed; seed 000's ``"inputSchema": { ... }`` is given an
empty object schema; seed 002's send_email misses a comma after ``"Sensitivity": ["PII", "User"]``
(added); seed 004's tools/resolve request and response are two objects in one jsonc block (split).
Seed 003 (issue 711) has no JSON example; the two examples under ``SEED_003`` are built from its
prose (the email scenario and per-result list annotations) and are marked as such.
"""

import json
from typing import Any

__all__ = ["SEED_000", "SEED_001", "SEED_001_SCHEMA", "SEED_002", "SEED_003", "SEED_004", "SEED_004_SCHEMA"]


def _j(text: str) -> Any:
    return json.loads(text)


SEED_000 = {
    "delete_user": _j("""
{
  "name": "delete_user",
  "description": "Permanently delete a user account",
  "inputSchema": {"type": "object"},
  "_meta": {
    "mcp.dev/effect": "delete",
    "mcp.dev/idempotent": false,
    "mcp.dev/requiresConfirmation": true,
    "mcp.dev/resultSensitivity": "internal"
  }
}"""),
}

SEED_001 = {
    "ai_code_analyzer": _j("""
{
  "name": "ai_code_analyzer",
  "description": "Analyze code quality and security using AI",
  "inputSchema": {
    "type": "object",
    "properties": {
      "code": { "type": "string" },
      "language": { "type": "string" }
    },
    "required": ["code"]
  },
  "annotations": {
    "title": "AI Code Analyzer",
    "readOnlyHint": true,
    "openWorldHint": true,
    "aiProcessingHint": true,
    "slowExecutionHint": true,
    "sensitiveDataHint": true
  }
}"""),
    "restart_service": _j("""
{
  "name": "restart_service",
  "description": "Restart a system service",
  "inputSchema": {
    "type": "object",
    "properties": {
      "service_name": { "type": "string" }
    },
    "required": ["service_name"]
  },
  "annotations": {
    "title": "Restart Service",
    "readOnlyHint": false,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false,
    "privilegedAccessHint": true,
    "reversibleHint": true
  }
}"""),
    "backup_database": _j("""
{
  "name": "backup_database",
  "description": "Create a backup of the database",
  "inputSchema": {
    "type": "object",
    "properties": {
      "database_name": { "type": "string" },
      "backup_path": { "type": "string" }
    },
    "required": ["database_name"]
  },
  "annotations": {
    "title": "Database Backup",
    "readOnlyHint": false,
    "destructiveHint": false,
    "idempotentHint": true,
    "openWorldHint": false,
    "slowExecutionHint": true,
    "resourceIntensiveHint": true,
    "sensitiveDataHint": true,
    "privilegedAccessHint": true,
    "reversibleHint": true
  }
}"""),
}

SEED_001_SCHEMA = _j("""
{
  "ToolAnnotations": {
    "properties": {
      "aiProcessingHint": {"description": "If true, this tool involves AI or LLM processing...", "type": "boolean"},
      "slowExecutionHint": {"description": "If true, this tool typically takes a long time to execute...",
                            "type": "boolean"},
      "resourceIntensiveHint": {"description": "If true, this tool is resource-intensive (CPU, memory, or disk)...",
                                "type": "boolean"},
      "sensitiveDataHint": {"description": "If true, this tool processes or has access to sensitive data...",
                            "type": "boolean"},
      "privilegedAccessHint": {"description": "If true, this tool requires elevated system privileges...",
                               "type": "boolean"},
      "reversibleHint": {"description": "If true, this tool's operations can be undone or reversed...",
                         "type": "boolean"}
    }
  }
}""")
"""Seed 001's JSON Schema change (a fragment, not an instance)."""

SEED_002 = {
    "read_drafts": _j("""
{
  "name": "read_drafts",
  "description": "Read the user's email drafts.",
  "inputSchema": {
    "type": "object",
    "additionalProperties": false
  },
  "annotations": {
    "inputMetadata": {
      "Destination": "Ephemeral",
      "Sensitivity": "None",
      "Outcomes": "Benign"
    },
    "returnMetadata": {
      "Source": "User",
      "Sensitivity": "PII"
    }
  }
}"""),
    "list_inbox": _j("""
{
  "name": "list_inbox",
  "description": "List recent emails in the user's inbox.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "limit": { "type": "number" }
    },
    "required": [],
    "additionalProperties": false
  },
  "annotations": {
    "inputMetadata": {
      "Destination": "Ephemeral",
      "Sensitivity": "None",
      "Outcomes": "Benign"
    },
    "returnMetadata": {
      "Source": "UntrustedPublic",
      "Sensitivity": ["PII", "User"]
    }
  }
}"""),
    "send_email": _j("""
{
  "name": "send_email",
  "description": "Send an email on behalf of the user.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "to": { "type": "string", "format": "email" },
      "subject": { "type": "string" },
      "body": { "type": "string" }
    },
    "required": ["to", "subject", "body"],
    "additionalProperties": false
  },
  "annotations": {
    "inputMetadata": {
      "Destination": "Public",
      "Sensitivity": ["PII", "User"],
      "Outcomes": "Irreversible"
    },
    "returnMetadata": {
      "Source": "System",
      "Sensitivity": "None"
    }
  }
}"""),
}

SEED_003 = {
    # Built from the prose: an e-mail result from an external sender, internal and
    # medium-sensitive, with a suspected injection, attributed to its message URI.
    "email_result": _j("""
{
  "content": [{"type": "text", "text": "Re: salaries"}],
  "_meta": {
    "annotations": {
      "privateHint": true,
      "sensitiveHint": "medium",
      "openWorldHint": true,
      "maliciousActivityHint": true,
      "attribution": ["mcp://mail.acme.local/inbox/4711"]
    }
  }
}"""),
    # "For list/search results, annotations MAY be specified per result."
    "search_results": _j("""
{
  "content": [{"type": "text", "text": "2 results"}],
  "structuredContent": {
    "results": [
      {"uri": "https://intranet.acme.local/hr",
       "_meta": {"annotations": {"privateHint": true, "sensitiveHint": "high"}}},
      {"uri": "https://example.com/blog", "_meta": {"annotations": {"openWorldHint": true}}}
    ]
  }
}"""),
}

SEED_004 = {
    "tools_call_request": _j("""
{
  "jsonrpc": "2.0",
  "id": 1,
  "method": "tools/call",
  "params": {
    "name": "send_email",
    "arguments": {
      "to": "external@example.com",
      "subject": "Report",
      "body": "..."
    },
    "_meta": {
      "annotations": {
        "attribution": ["mcp://file-server.acme.local/hr/salaries.xlsx"]
      }
    }
  }
}"""),
    "tools_call_result": _j("""
{
  "jsonrpc": "2.0",
  "id": 1,
  "result": {
    "content": [
      {
        "type": "text",
        "text": "File contents..."
      }
    ],
    "_meta": {
      "annotations": {
        "attribution": ["mcp://file-server.acme.local/hr/salaries.xlsx"]
      }
    }
  }
}"""),
    "tools_resolve_request": _j("""
{
  "method": "tools/resolve",
  "params": {
    "name": "read_file",
    "arguments": { "path": "/internal/salaries.xlsx" }
  }
}"""),
    "tools_resolve_response": _j("""
{
  "tool": {
    "name": "read_file",
    "annotations": {
      "readOnlyHint": true,
      "openWorldHint": false,
      "attribution": ["mcp://file-server.acme.local/hr/salaries.xlsx"],
      "returnMetadata": {
        "source": "internal",
        "sensitivity": "financial"
      }
    }
  }
}"""),
    "read_drafts": _j("""
{
  "name": "read_drafts",
  "description": "Read the user's email drafts.",
  "inputSchema": {
    "type": "object",
    "additionalProperties": false
  },
  "annotations": {
    "inputMetadata": {
      "destination": "ephemeral",
      "sensitivity": "none",
      "outcomes": "benign"
    },
    "returnMetadata": {
      "source": "user",
      "sensitivity": "pii"
    }
  }
}"""),
    "list_inbox": _j("""
{
  "name": "list_inbox",
  "description": "List recent emails in the user's inbox.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "limit": { "type": "number" }
    },
    "required": [],
    "additionalProperties": false
  },
  "annotations": {
    "inputMetadata": {
      "destination": "ephemeral",
      "sensitivity": "none",
      "outcomes": "benign"
    },
    "returnMetadata": {
      "source": "untrustedPublic",
      "sensitivity": ["pii", "user"]
    }
  }
}"""),
    "send_email": _j("""
{
  "name": "send_email",
  "description": "Send an email on behalf of the user.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "to": { "type": "string", "format": "email" },
      "subject": { "type": "string" },
      "body": { "type": "string" }
    },
    "required": ["to", "subject", "body"],
    "additionalProperties": false
  },
  "annotations": {
    "inputMetadata": {
      "destination": "public",
      "sensitivity": ["pii", "user"],
      "outcomes": "irreversible"
    },
    "returnMetadata": {
      "source": "system",
      "sensitivity": "none"
    }
  }
}"""),
}

SEED_004_SCHEMA = _j("""
{
  "ToolAnnotations": {
    "properties": {
      "maliciousActivityHint": {"description": "Indicates detected or suspected malicious activity.",
                                "type": "boolean"},
      "attribution": {"description": "Sources contributing to this data for audit purposes.", "type": "array",
                      "items": { "type": "string" }},
      "inputMetadata": { "$ref": "#/$defs/InputMetadata" },
      "returnMetadata": { "$ref": "#/$defs/ReturnMetadata" }
    }
  },
  "InputMetadata": {
    "type": "object",
    "properties": {
      "destination": {"oneOf": [
        {"type": "string", "enum": ["ephemeral", "system", "user", "internal", "public"]},
        {"type": "array", "items": {"type": "string", "enum": ["ephemeral", "system", "user", "internal", "public"]}}
      ]},
      "sensitivity": { "$ref": "#/$defs/DataClassOrArray" },
      "outcomes": {"oneOf": [
        {"type": "string", "enum": ["benign", "consequential", "irreversible"]},
        {"type": "array", "items": {"type": "string", "enum": ["benign", "consequential", "irreversible"]}}
      ]}
    },
    "required": ["destination", "sensitivity", "outcomes"],
    "additionalProperties": false
  },
  "ReturnMetadata": {
    "type": "object",
    "properties": {
      "source": {"oneOf": [
        {"type": "string", "enum": ["untrustedPublic", "trustedPublic", "internal", "user", "system"]},
        {"type": "array", "items": {"type": "string",
                                    "enum": ["untrustedPublic", "trustedPublic", "internal", "user", "system"]}}
      ]},
      "sensitivity": { "$ref": "#/$defs/DataClassOrArray" }
    },
    "required": ["source", "sensitivity"],
    "additionalProperties": false
  },
  "DataClassOrArray": {
    "oneOf": [
      { "$ref": "#/$defs/DataClass" },
      { "type": "array", "items": { "$ref": "#/$defs/DataClass" } }
    ]
  },
  "DataClass": {
    "oneOf": [
      {"type": "string", "enum": ["none", "user", "pii", "financial", "credentials"]},
      {
        "type": "object",
        "properties": {
          "regulated": {
            "type": "object",
            "properties": {"scopes": {"type": "array", "items": { "$ref": "#/$defs/RegulatoryScope" }}},
            "required": ["scopes"],
            "additionalProperties": false
          }
        },
        "required": ["regulated"],
        "additionalProperties": false
      }
    ]
  },
  "RegulatoryScope": {
    "type": "string",
    "examples": ["GDPR", "CCPA", "HIPAA", "GLBA", "PCI-DSS", "FERPA", "COPPA", "SOX"]
  }
}""")
"""Seed 004's JSON Schema additions (a fragment, not an instance)."""
