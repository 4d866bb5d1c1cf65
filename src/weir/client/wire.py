"""The raw wire, seen through the SDK client: ``tools/list`` and ``tools/resolve`` as plain dicts.

The SDK's typed ``Tool`` drops the ``annotations`` keys it does not know (SEP-1984, SEP-2061,
SEP-1913), which are exactly the keys Weir decides on. ``tools/list`` is therefore read the way
:mod:`weir.catalog` reads it — every page, through the SDK session, kept as raw JSON — and
``tools/resolve`` (a method the SDK does not know) likewise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from mcp import Client
from mcp.client.extension import ClientExtension, advertise
from mcp.shared.exceptions import MCPError
from mcp_types import Request
from pydantic import BaseModel, ConfigDict, ValidationError

from weir.catalog.remote import _list_all
from weir.errors import ProtocolError, UpstreamError
from weir.labels.keys import TOOL_RESOLUTION
from weir.server.resolution import RESOLVE_METHOD, ResolveParams

__all__ = ["ResolveFailed", "is_resolvable", "list_tools", "resolve_tool", "with_resolution"]


class _Raw(BaseModel):
    """A result kept exactly as sent (every key lands in ``model_extra``)."""

    model_config = ConfigDict(extra="allow")


class _ResolveRequest(Request[ResolveParams, Literal["tools/resolve"]]):
    method: Literal["tools/resolve"] = "tools/resolve"
    params: ResolveParams


async def list_tools(client: Client, *, source: str = "server") -> list[dict[str, Any]]:
    """Every tool ``client``'s server lists, as raw wire dicts (all pages).

    Raises :class:`~weir.errors.UpstreamError` or :class:`~weir.errors.ProtocolError`.
    """
    server = client.server_info.name if client.server_info else None
    catalog = await _list_all(client, source=source, server=server)
    return [dict(tool) for tool in catalog.tools]


def is_resolvable(tool: Mapping[str, Any] | None) -> bool:
    """The tool opted into ``tools/resolve`` (``_meta["io.modelcontextprotocol/tool-resolution"].resolvable``)."""
    meta = tool.get("_meta") if isinstance(tool, Mapping) else None
    ext = meta.get(TOOL_RESOLUTION) if isinstance(meta, Mapping) else None
    return isinstance(ext, Mapping) and ext.get("resolvable") is True


class ResolveFailed(UpstreamError):
    """The server answered ``tools/resolve`` with an error (its JSON-RPC code in ``code``)."""

    def __init__(self, message: str, *, code: int, tool: str | None = None) -> None:
        super().__init__(message, tool=tool)
        self.code = code


def with_resolution(extensions: Sequence[ClientExtension] | None) -> list[ClientExtension]:
    """``extensions`` plus the tool-resolution extension (advertised once, however often asked)."""
    given = list(extensions or ())
    if any(getattr(e, "identifier", None) == TOOL_RESOLUTION for e in given):
        return given
    return [*given, advertise(TOOL_RESOLUTION)]


async def resolve_tool(client: Client, name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """Send ``tools/resolve`` and return the raw result (the SDK carries the client's declared
    capabilities: per request on 2026-07-28, negotiated at initialize on 2025-11-25).

    Raises :class:`ResolveFailed` when the server answers with an error (the caller then keeps
    the static declaration, the worst case) and :class:`~weir.errors.ProtocolError` for a
    malformed answer.
    """
    request = _ResolveRequest(params=ResolveParams(name=name, arguments=dict(arguments)))
    try:
        raw = await client.session.send_request(request, _Raw)
    except MCPError as exc:
        raise ResolveFailed(f"{RESOLVE_METHOD} failed: {exc.message}", code=exc.error.code, tool=name) from exc
    except ValidationError as exc:
        raise ProtocolError(f"{RESOLVE_METHOD} answered something that is not a result: {exc}", tool=name) from exc
    return dict(raw.model_extra or {})
