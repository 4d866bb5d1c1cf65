"""Names between the client's view and each server's, and the table of every upstream's tools.

With more than one server (or when configured) names are namespaced
``<server><separator><name>`` so two servers' ``search`` tools stay apart. Tools are kept as
the raw wire dicts the servers sent; only ``name`` and Weir's own ``_meta`` key change.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from weir.gateway.config import GatewayConfig
from weir.labels.keys import WEIR_PROFILE

__all__ = ["PROFILE_KEY", "Naming", "Route", "ToolTable"]

PROFILE_KEY = WEIR_PROFILE


@dataclass(frozen=True)
class Route:
    """Where an exposed name goes."""

    server: str
    """Upstream server name."""
    name: str
    """The name as that server knows it."""


class Naming:
    """Maps names between the client's view and each server's."""

    def __init__(self, config: GatewayConfig, servers: Sequence[str]) -> None:
        self.servers = tuple(servers)
        self.enabled = config.namespace if config.namespace is not None else len(self.servers) > 1
        self.separator = config.separator

    def expose(self, server: str, name: str) -> str:
        """The name a client sees."""
        return f"{server}{self.separator}{name}" if self.enabled else name

    def route(self, exposed: str) -> Route | None:
        """The server and original name behind an exposed name (``None`` if none fits)."""
        if not self.enabled:
            return Route(self.servers[0], exposed) if len(self.servers) == 1 else None
        server, sep, name = exposed.partition(self.separator)
        if not sep or server not in self.servers or not name:
            return None
        return Route(server, name)


@dataclass
class ToolTable:
    """The latest tool lists, by server, under the names clients see."""

    naming: Naming
    tools: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Server → its tools as listed (raw)."""
    profiles: dict[str, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)
    """Server → tool name → published profile."""
    _by_name: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict, repr=False)
    """Server → tool name → the first tool listed under it: every call looks its tool up."""

    def update(self, server: str, tools: list[dict[str, Any]], profiles: Mapping[str, Mapping[str, Any]]) -> None:
        """Replace one server's tools and their published profiles."""
        self.tools[server] = tools
        self.profiles[server] = profiles
        index: dict[str, dict[str, Any]] = {}
        for tool in tools:
            name = tool.get("name")
            if isinstance(name, str):
                index.setdefault(name, tool)
        self._by_name[server] = index

    def raw_tool(self, route: Route) -> dict[str, Any] | None:
        """The tool as its server listed it (``None`` when not listed)."""
        return self._by_name.get(route.server, {}).get(route.name)

    def exposed_tools(self) -> list[dict[str, Any]]:
        """Every tool under its exposed name, with its profile in ``_meta``; all else untouched."""
        out: list[dict[str, Any]] = []
        for server in self.naming.servers:
            for tool in self.tools.get(server, ()):
                out.append(self._exposed(server, tool))
        return out

    def _exposed(self, server: str, tool: dict[str, Any]) -> dict[str, Any]:
        shown = copy.copy(tool)
        shown["name"] = self.naming.expose(server, str(tool.get("name", "")))
        profile = self.profiles.get(server, {}).get(str(tool.get("name", "")))
        if profile is not None:
            meta = dict(tool.get("_meta") or {})
            meta[PROFILE_KEY] = dict(profile)
            shown["_meta"] = meta
        return shown
