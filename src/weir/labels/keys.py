"""The `_meta` keys Weir reads and writes, in one place.

Weir writes its own keys under its own reverse-DNS prefix (``dev.weir/``): `_meta` prefixes whose
second label is ``modelcontextprotocol`` or ``mcp`` are reserved for the protocol, so Weir only
*reads* those (and writes the extension keys when it speaks an extension's current form).
"""

from __future__ import annotations

__all__ = [
    "ACTION_METADATA",
    "ANNOTATIONS",
    "MCP_DEV_EFFECT",
    "MCP_DEV_IDEMPOTENT",
    "MCP_DEV_PREFIX",
    "MCP_DEV_REQUIRES_CONFIRMATION",
    "MCP_DEV_RESULT_SENSITIVITY",
    "TOOL_RESOLUTION",
    "TRUST_ANNOTATIONS",
    "WEIR_ANNOTATIONS",
    "WEIR_DECISION",
    "WEIR_PREFIX",
    "WEIR_PROFILE",
    "WEIR_SESSION",
    "WEIR_USER_INTENT",
]

WEIR_PREFIX = "dev.weir/"
"""Weir's own `_meta` prefix."""
WEIR_ANNOTATIONS = "dev.weir/annotations"
"""Non-core annotation keys mirrored into `_meta` (the SDK drops unknown `annotations` keys);
on data, the labels no other vocabulary can carry (sensitivity classes and scopes)."""
WEIR_PROFILE = "dev.weir/profile"
"""The gateway publishes each tool's resolved profile here in `tools/list`."""
WEIR_DECISION = "dev.weir/decision"
"""The gateway's warn/redact/block explanation in a result's `_meta`."""
WEIR_SESSION = "dev.weir/session"
"""A client names its agent session in request `_meta` (a string id)."""
WEIR_USER_INTENT = "dev.weir/user-intent"
"""A host the deployer trusts passes the user's own words (what the user asked for) in request
`_meta` (a string). From any other source it is stripped and ignored (:mod:`weir.guard.intent`)."""

ANNOTATIONS = "annotations"
"""Issue 711 / SEP-1913 data annotations inside a result's, request's or block's `_meta`."""

TRUST_ANNOTATIONS = "io.modelcontextprotocol/trust-annotations"
"""Extension: result `_meta` ``{"sensitive": bool, "untrusted": bool, "evidenceRef": {type, digest, ...}}``."""
ACTION_METADATA = "io.modelcontextprotocol/action-metadata"
"""Extension: `Tool._meta` ``{"inputMetadata": {...}, "returnMetadata": {...}}`` (SEP-1913 spelling)."""
TOOL_RESOLUTION = "io.modelcontextprotocol/tool-resolution"
"""Extension: `Tool._meta` ``{"resolvable": true}`` opts a tool into `tools/resolve`."""

MCP_DEV_PREFIX = "mcp.dev/"
"""Seed 000's advisory hints in `Tool._meta`."""
MCP_DEV_EFFECT = "mcp.dev/effect"
MCP_DEV_IDEMPOTENT = "mcp.dev/idempotent"
MCP_DEV_REQUIRES_CONFIRMATION = "mcp.dev/requiresConfirmation"
MCP_DEV_RESULT_SENSITIVITY = "mcp.dev/resultSensitivity"
