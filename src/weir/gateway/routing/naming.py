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
        # Longest first: with servers `web` and `web__x`, `web__x__echo` is `web__x`'s `echo`.
        self._prefixes = sorted(((f"{s}{self.separator}", s) for s in self.servers), key=lambda p: -len(p[0]))

    def expose(self, server: str, name: str) -> str:
        """The name a client sees."""
        return f"{server}{self.separator}{name}" if self.enabled else name

    def route(self, exposed: str) -> Route | None:
        """The server and original name behind an exposed name (``None`` if none fits).

        Without namespacing and with several servers the name alone does not say: the tool table
        does (:meth:`ToolTable.owner`).
        """
        if not self.enabled:
            return Route(self.servers[0], exposed) if len(self.servers) == 1 else None
        for prefix, server in self._prefixes:
            if exposed.startswith(prefix) and len(exposed) > len(prefix):
                return Route(server, exposed[len(prefix) :])
        return None


@dataclass
class ToolTable:
    """Every tool each server has listed on any of its sessions, under the names clients see.

    A server may list different tools to different clients (by their capabilities, or by a
    session's own state): the table keeps the union, by name, each at its latest definition, and
    the whole of it is what the decider reviews — so a tool is decided on what its server said.
    """

    naming: Naming
    tools: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Server → its tools as listed (raw)."""
    profiles: dict[str, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)
    """Server → tool name → published profile."""
    shown: dict[str, dict[str, Mapping[str, Any]]] = field(default_factory=dict)
    """Server → tool name → the definition shown in its place (a secret redacted)."""
    _by_name: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict, repr=False)
    """Server → tool name → its latest definition: every call looks its tool up."""

    def update(
        self,
        server: str,
        tools: list[dict[str, Any]],
        profiles: Mapping[str, Mapping[str, Any]],
        shown: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        """Replace one server's tools, their published profiles and the definitions shown in their
        place (a secret redacted: ``ToolsReview.shown``)."""
        index: dict[str, dict[str, Any]] = {}
        for tool in tools:
            name = tool.get("name")
            if isinstance(name, str):
                index.setdefault(name, tool)
        self._by_name[server] = index
        self.tools[server] = list(index.values())
        self.profiles[server] = profiles
        self.shown[server] = dict(shown or {})

    def merged(self, server: str, tools: Sequence[dict[str, Any]]) -> list[dict[str, Any]] | None:
        """The server's tools with ``tools`` added or replacing theirs by name; ``None`` when nothing changes."""
        index = dict(self._by_name.get(server, {}))
        changed = False
        for tool in tools:
            name = tool.get("name")
            if isinstance(name, str) and index.get(name) != tool:
                index[name] = tool
                changed = True
        return list(index.values()) if changed or server not in self._by_name else None

    def raw_tool(self, route: Route) -> dict[str, Any] | None:
        """The tool as its server listed it (``None`` when not listed)."""
        return self._by_name.get(route.server, {}).get(route.name)

    def owner(self, name: str) -> str | list[str]:
        """Without namespacing: the one server listing ``name``, or every server that does (none, or
        several: then the name is ambiguous and not exposed)."""
        listing = [server for server in self.naming.servers if name in self._by_name.get(server, {})]
        return listing[0] if len(listing) == 1 else listing

    def exposed_tools(self) -> list[dict[str, Any]]:
        """Every tool under its exposed name, with its profile in ``_meta``; all else untouched."""
        out: list[dict[str, Any]] = []
        for server in self.naming.servers:
            out.extend(self.exposed_page(server, self.tools.get(server, ())))
        return out

    def exposed_page(self, server: str, tools: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """One server's listed tools as a client sees them: exposed names, profiles in ``_meta``.

        Only reviewed tools are shown; without namespacing, a name two servers list is left out
        (calling it would be a guess).
        """
        reviewed = self._by_name.get(server, {})
        return [
            self._exposed(server, tool)
            for tool in tools
            if str(tool.get("name", "")) in reviewed
            and (self.naming.enabled or isinstance(self.owner(str(tool.get("name", ""))), str))
        ]

    def _exposed(self, server: str, tool: dict[str, Any]) -> dict[str, Any]:
        name = str(tool.get("name", ""))
        redacted = self.shown.get(server, {}).get(name)
        # The redacted copy stands for the definition it was made from (the reviewed one).
        if redacted is not None and self._by_name.get(server, {}).get(name) == tool:
            tool = dict(redacted)
        shown = copy.copy(tool)
        shown["name"] = self.naming.expose(server, str(tool.get("name", "")))
        profile = self.profiles.get(server, {}).get(str(tool.get("name", "")))
        if profile is not None:
            meta = dict(tool.get("_meta") or {})
            meta[PROFILE_KEY] = dict(profile)
            shown["_meta"] = meta
        return shown
