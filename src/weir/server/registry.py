"""One server's labelled tools: declarations, resolvers and request guards, and how each SDK serves them.

:class:`ServerLabels` is SDK-neutral; it plugs into

- the high-level ``MCPServer`` as an SDK extension (:meth:`ServerLabels.extension`): it serves
  ``tools/resolve`` and runs each tool's request guard before the tool body;
- the low-level ``Server`` (:meth:`ServerLabels.install` adds ``tools/resolve``; the author's
  ``on_call_tool`` calls :meth:`ServerLabels.check_request`);
- fastmcp 4.x (:func:`weir.server.fastmcp.extension`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mcp.server import Server
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.extension import Extension, MethodBinding
from mcp.server.mcpserver.server import require_client_extension
from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR, INVALID_PARAMS, CallToolRequestParams

from weir.errors import WeirError
from weir.labels.keys import TOOL_RESOLUTION
from weir.server.declare import ToolLabels
from weir.server.requests import RequestGuard, RequestLabels, refuse
from weir.server.resolution import RESOLVE_METHOD, ResolveParams, Resolver, ResolveResult, resolution_result

__all__ = ["LabelsExtension", "ServerLabels"]


@dataclass(frozen=True)
class _Entry:
    labels: ToolLabels
    resolver: Resolver | None
    guard: RequestGuard | None


class ServerLabels:
    """The labels of one server's tools, keyed by tool name."""

    def __init__(self, server: str | None = None) -> None:
        self.server = server
        """The server's name, used in error messages and profiles."""
        self._tools: dict[str, _Entry] = {}

    def declare(
        self,
        name: str,
        labels: ToolLabels,
        *,
        resolver: Resolver | None = None,
        guard: RequestGuard | None = None,
    ) -> ToolLabels:
        """Register tool ``name``; a resolver opts it into ``tools/resolve``. Returns the labels to emit."""
        if not name:
            raise WeirError("a labelled tool needs a name", server=self.server)
        if resolver is not None:
            labels = labels.with_resolvable(True)
        self._tools[name] = _Entry(labels, resolver, guard)
        return labels

    def tool(
        self,
        name: str,
        labels: ToolLabels,
        *,
        resolver: Resolver | None = None,
        guard: RequestGuard | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """:meth:`declare`, then the keyword arguments for ``MCPServer.tool()`` (name included)."""
        emitted = self.declare(name, labels, resolver=resolver, guard=guard)
        return {"name": name, **emitted.sdk(meta)}

    def labels(self, name: str) -> ToolLabels | None:
        """The declared labels of ``name`` (None for a tool not declared here)."""
        entry = self._tools.get(name)
        return entry.labels if entry else None

    def guarded(self, name: str) -> bool:
        """Whether tool ``name`` has a request guard (the interceptors skip reading `_meta` otherwise)."""
        entry = self._tools.get(name)
        return entry is not None and entry.guard is not None

    def check_request(self, name: str, arguments: Mapping[str, Any] | None, meta: Any) -> RequestLabels:
        """Run ``name``'s request guard on the request's ``_meta``; refuse with an MCP error if it objects."""
        request = RequestLabels.from_meta(meta)
        entry = self._tools.get(name)
        if entry is None or entry.guard is None:
            return request
        try:
            reason = entry.guard(request, dict(arguments or {}))
        except MCPError:
            raise
        except Exception as exc:  # a guard that crashes must not let the call through (fail closed)
            reason = f"the request guard failed: {type(exc).__name__}: {exc}"
        if reason is not None:
            refuse(reason, tool=name, label=request.label)
        return request

    async def resolve(self, name: str, arguments: Mapping[str, Any] | None) -> ResolveResult:
        """Answer ``tools/resolve`` for ``name``; MCP errors for unknown or unresolvable tools and bad resolvers."""
        entry = self._tools.get(name)
        if entry is None:
            raise MCPError(INVALID_PARAMS, f"Unknown tool: {name}")
        if entry.resolver is None:
            raise MCPError(INVALID_PARAMS, f"tool {name!r} does not support {RESOLVE_METHOD}")
        try:
            return await resolution_result(name, entry.labels, entry.resolver, arguments or {}, server=self.server)
        except MCPError:
            raise
        except Exception as exc:  # the client then keeps the static declaration (the worst case)
            raise MCPError(INTERNAL_ERROR, f"{RESOLVE_METHOD} failed for {name!r}: {exc}") from exc

    async def _handle_resolve(self, ctx: ServerRequestContext[Any, Any], params: ResolveParams) -> ResolveResult:
        # The draft: the capability is checked on the current request (2026-07-28: its own
        # envelope; 2025-11-25: what initialize negotiated), or the answer is -32021.
        require_client_extension(ctx, TOOL_RESOLUTION)
        return await self.resolve(params.name, params.arguments)

    def install(self, server: Server[Any]) -> None:
        """Serve ``tools/resolve`` on a low-level ``Server`` and advertise the extension."""
        server.add_request_handler(RESOLVE_METHOD, ResolveParams, self._handle_resolve)
        server.extensions[TOOL_RESOLUTION] = {}

    def extension(self) -> LabelsExtension:
        """An SDK extension for ``MCPServer(extensions=[...])``: ``tools/resolve`` plus request guards."""
        return LabelsExtension(self)


class LabelsExtension(Extension):
    """``MCPServer`` extension serving ``tools/resolve`` and running request guards before tools run."""

    identifier = TOOL_RESOLUTION

    def __init__(self, labels: ServerLabels) -> None:
        self.labels = labels
        """The registry it serves."""

    def methods(self) -> list[MethodBinding]:
        """``tools/resolve``."""
        return [MethodBinding(RESOLVE_METHOD, ResolveParams, self.labels._handle_resolve)]

    async def intercept_tool_call(
        self, params: CallToolRequestParams, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        """Refuse before the tool body runs when its request guard objects to the session's labels."""
        if self.labels.guarded(params.name):
            self.labels.check_request(params.name, params.arguments, params.meta)
        return await call_next(ctx)
