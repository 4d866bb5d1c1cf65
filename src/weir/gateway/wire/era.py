"""The two protocol revisions the gateway speaks, and how to tell which one a peer uses.

2026-07-28 ("modern") has no ``initialize``: every request carries the protocol version,
client info and capabilities in ``_meta``. 2025-11-25 ("legacy") negotiates once with
``initialize``. The gateway picks per peer: a downstream client by what it sends, an
upstream server by probing ``server/discover`` and falling back to ``initialize``.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

__all__ = [
    "CAPABILITIES_KEY",
    "CLIENT_INFO_KEY",
    "GATEWAY_INFO",
    "LEGACY_VERSION",
    "LEGACY_VERSIONS",
    "MODERN_VERSION",
    "SERVERS_KEY",
    "SERVER_INFO_KEY",
    "VERSION_KEY",
    "Era",
    "era_of_version",
    "legacy_shape",
    "modern_meta",
    "request_version",
]

MODERN_VERSION: Final = "2026-07-28"
LEGACY_VERSION: Final = "2025-11-25"
LEGACY_VERSIONS: Final = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
VERSION_KEY: Final = "io.modelcontextprotocol/protocolVersion"
CLIENT_INFO_KEY: Final = "io.modelcontextprotocol/clientInfo"
CAPABILITIES_KEY: Final = "io.modelcontextprotocol/clientCapabilities"
SERVER_INFO_KEY: Final = "io.modelcontextprotocol/serverInfo"
GATEWAY_INFO: Final = {"name": "weir-gateway", "version": "0.1.0"}
SERVERS_KEY: Final = "dev.weir/servers"
"""Result ``_meta`` key of ``initialize`` / ``server/discover``: each upstream's own ``serverInfo``, by name."""

MODERN_RESULT_KEYS: Final = frozenset({"resultType", "ttlMs", "cacheScope"})
"""Result fields 2026-07-28 added: a 2025-11-25 client never sees them."""
MODERN_META_KEYS: Final = frozenset(
    {SERVER_INFO_KEY, VERSION_KEY, CLIENT_INFO_KEY, CAPABILITIES_KEY, "io.modelcontextprotocol/subscriptionId"}
)
"""Result ``_meta`` keys of the 2026-07-28 envelope: a 2025-11-25 client never sees them either."""


class Era(StrEnum):
    """Which family of revisions a peer speaks."""

    MODERN = "modern"
    """2026-07-28: per-request ``_meta`` envelope, ``server/discover``, input_required."""
    LEGACY = "legacy"
    """2025-11-25 and earlier: ``initialize`` handshake, ``elicitation/create``."""


def era_of_version(version: str | None) -> Era:
    """The era a protocol version string belongs to (unknown strings count as legacy)."""
    return Era.MODERN if version == MODERN_VERSION else Era.LEGACY


def request_version(params: Mapping[str, Any] | None) -> str | None:
    """The protocol version a modern request names in its ``_meta`` (``None`` if absent)."""
    meta = params.get("_meta") if isinstance(params, Mapping) else None
    version = meta.get(VERSION_KEY) if isinstance(meta, Mapping) else None
    return version if isinstance(version, str) else None


def modern_meta(capabilities: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The envelope the gateway stamps on every request it sends to a modern upstream."""
    return {
        VERSION_KEY: MODERN_VERSION,
        CLIENT_INFO_KEY: dict(GATEWAY_INFO),
        CAPABILITIES_KEY: dict(capabilities or {}),
    }


def legacy_shape(result: dict[str, Any]) -> dict[str, Any]:
    """A result as a 2025-11-25 client may see it: without the fields only 2026-07-28 has.

    Returns ``result`` itself when there is nothing to remove (the usual case: no copy).
    """
    meta = result.get("_meta")
    strip_meta = isinstance(meta, dict) and not MODERN_META_KEYS.isdisjoint(meta)
    if MODERN_RESULT_KEYS.isdisjoint(result) and not strip_meta:
        return result
    out = {k: v for k, v in result.items() if k not in MODERN_RESULT_KEYS}
    if strip_meta:
        assert isinstance(meta, dict)
        out["_meta"] = {k: v for k, v in meta.items() if k not in MODERN_META_KEYS}
    return out
