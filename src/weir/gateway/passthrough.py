"""Everything but tools: prompts, resources, completion and logging, routed and passed through.

The gateway does not act on these, so they pass through unchanged in meaning: lists are the
union of every server's (prompt names namespaced like tools), reads go to the server that
listed the URI, and with a single upstream any other method is forwarded as it is.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Mapping
from typing import Any

from weir.errors import UpstreamError
from weir.gateway import jsonrpc
from weir.gateway.config import GatewayConfig
from weir.gateway.era import Era
from weir.gateway.exchange import Exchange
from weir.gateway.jsonrpc import RpcError
from weir.gateway.naming import Naming
from weir.gateway.upstream import Upstream

__all__ = ["Passthrough"]

# method → the key of the list in its result, and whether entries are named (namespaced) or URIs.
_LISTS = {
    "prompts/list": ("prompts", "name"),
    "resources/list": ("resources", "uri"),
    "resources/templates/list": ("resourceTemplates", "uriTemplate"),
}


class Passthrough:
    """Routing of the non-tool methods."""

    def __init__(self, upstreams: Mapping[str, Upstream], naming: Naming, settings: GatewayConfig) -> None:
        self.upstreams = upstreams
        self.naming = naming
        self.settings = settings
        self.resources: dict[str, str] = {}
        """Resource URI → server, learned from resources/list."""

    async def request(self, method: str, ex: Exchange) -> dict[str, Any]:
        """Answer one non-tool request."""
        if method in _LISTS:
            return await self._aggregate(method)
        if method == "prompts/get":
            return await self._named(method, ex, "name")
        if method == "resources/read" or method.startswith("resources/"):
            return await self._by_uri(method, ex)
        if method == "completion/complete":
            return await self._complete(ex)
        if method == "logging/setLevel":
            await self._broadcast(method, ex)
            return {}
        if len(self.upstreams) == 1:
            return await self._forward(next(iter(self.upstreams)), method, dict(ex.params), ex)
        raise RpcError(jsonrpc.METHOD_NOT_FOUND, f"Method not found: {method}", id=ex.request_id)

    async def _forward(self, server: str, method: str, params: dict[str, Any], ex: Exchange) -> dict[str, Any]:
        try:
            return await self.upstreams[server].request(method, params, timeout=self.settings.call_timeout_s)
        except UpstreamError as exc:
            raise RpcError(jsonrpc.UPSTREAM_ERROR, str(exc), id=ex.request_id) from exc

    async def _aggregate(self, method: str) -> dict[str, Any]:
        key, field = _LISTS[method]
        servers = list(self.upstreams)
        pages = await asyncio.gather(*(self._list_all(s, method, key) for s in servers))
        items: list[dict[str, Any]] = []
        for server, entries in zip(servers, pages, strict=True):
            for entry in entries:
                shown = copy.copy(entry)
                if field == "name":
                    shown["name"] = self.naming.expose(server, str(entry.get("name", "")))
                elif field == "uri":
                    self.resources[str(entry.get("uri"))] = server
                items.append(shown)
        return {key: items}

    async def _list_all(self, server: str, method: str, key: str) -> list[dict[str, Any]]:
        upstream = self.upstreams[server]
        if upstream.capabilities and method.split("/", maxsplit=1)[0] not in upstream.capabilities:
            return []
        out: list[dict[str, Any]] = []
        cursor: Any = None
        try:
            for _ in range(100):
                page = await upstream.request(method, {"cursor": cursor} if cursor else None)
                out.extend(x for x in page.get(key) or () if isinstance(x, dict))
                cursor = page.get("nextCursor")
                if not cursor:
                    break
        except (UpstreamError, RpcError):
            return out
        return out

    async def _named(self, method: str, ex: Exchange, field: str) -> dict[str, Any]:
        route = self.naming.route(str(ex.params.get(field, "")))
        if route is None:
            raise RpcError(jsonrpc.INVALID_PARAMS, f"Unknown {field}: {ex.params.get(field)}", id=ex.request_id)
        return await self._forward(route.server, method, {**ex.params, field: route.name}, ex)

    async def _by_uri(self, method: str, ex: Exchange) -> dict[str, Any]:
        uri = str(ex.params.get("uri", ""))
        server = self.resources.get(uri)
        if server is None and len(self.upstreams) > 1:
            await self._aggregate("resources/list")
            server = self.resources.get(uri)
        if server is None:
            if len(self.upstreams) != 1:
                raise RpcError(jsonrpc.INVALID_PARAMS, f"Unknown resource: {uri}", id=ex.request_id)
            server = next(iter(self.upstreams))
        return await self._forward(server, method, dict(ex.params), ex)

    async def _complete(self, ex: Exchange) -> dict[str, Any]:
        raw_ref = ex.params.get("ref")
        ref: dict[str, Any] = raw_ref if isinstance(raw_ref, dict) else {}
        if ref.get("type") == "ref/prompt":
            route = self.naming.route(str(ref.get("name", "")))
            if route is not None:
                params = {**ex.params, "ref": {**ref, "name": route.name}}
                return await self._forward(route.server, "completion/complete", params, ex)
        if len(self.upstreams) == 1:
            return await self._forward(next(iter(self.upstreams)), "completion/complete", dict(ex.params), ex)
        raise RpcError(jsonrpc.INVALID_PARAMS, "cannot tell which server completes this reference", id=ex.request_id)

    async def _broadcast(self, method: str, ex: Exchange) -> None:
        legacy = [u for u in self.upstreams.values() if u.era is Era.LEGACY and "logging" in u.capabilities]
        await asyncio.gather(*(u.request(method, dict(ex.params)) for u in legacy), return_exceptions=True)
