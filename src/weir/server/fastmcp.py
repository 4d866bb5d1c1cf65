"""fastmcp 4.x adapter: serve ``tools/resolve`` and request guards from a :class:`ServerLabels`.

Declaring works the same as with the SDK: ``@mcp.tool(**labels.fastmcp())`` (see
:meth:`weir.server.ToolLabels.fastmcp`); results are labelled with the SDK-typed helpers of
:mod:`weir.server.results`. fastmcp is a development dependency only: this module imports it,
and nothing in the core imports this module.
"""

from __future__ import annotations

from typing import Any

from fastmcp.server.context import Context
from fastmcp.server.extensions import MethodBinding, ServerExtension, ToolCallContinuation, ToolCallOutcome
from mcp_types import CallToolRequestParams

from weir.labels.keys import TOOL_RESOLUTION
from weir.server.registry import ServerLabels
from weir.server.resolution import RESOLVE_METHOD, ResolveParams

__all__ = ["FastMCPLabels", "extension"]


class FastMCPLabels(ServerExtension):
    """A fastmcp ``ServerExtension`` serving ``tools/resolve`` and running request guards."""

    identifier = TOOL_RESOLUTION

    def __init__(self, labels: ServerLabels) -> None:
        self.labels = labels
        """The registry it serves."""

    def methods(self) -> list[MethodBinding]:
        """``tools/resolve``."""
        return [MethodBinding(RESOLVE_METHOD, ResolveParams, self.labels._handle_resolve)]

    async def intercept_tool_call(
        self, params: CallToolRequestParams, context: Context, call_next: ToolCallContinuation
    ) -> ToolCallOutcome:
        """Refuse before the tool body runs when its request guard objects."""
        # fastmcp hands interceptors params without `_meta`; the request's own is on the context.
        if self.labels.guarded(params.name):
            meta = params.meta or _request_meta(context)
            self.labels.check_request(params.name, params.arguments, meta)
        return await call_next()


def _request_meta(context: Context) -> Any:
    try:
        request = context.request_context
    except (RuntimeError, AttributeError):  # no request in flight: nothing to read
        return None
    return getattr(request, "meta", None)


def extension(labels: ServerLabels) -> FastMCPLabels:
    """The extension to pass to ``FastMCP.add_extension`` for ``labels``."""
    return FastMCPLabels(labels)
