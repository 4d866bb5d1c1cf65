"""Fetching a catalog from a live MCP server, over stdio or streamable HTTP, as raw JSON.

``tools/list`` is sent through the SDK session (which stamps the protocol version and speaks
both the 2025-11-25 handshake and the 2026-07-28 per-request era) but its result is taken as a
plain dict, so annotation keys the SDK's typed ``Tool`` model does not know are kept. Every page
is fetched (``nextCursor``), with a cap so a server that never stops paginating cannot hang us.
"""

from __future__ import annotations

import shlex
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal, TextIO

import anyio
import mcp_types as types
from mcp import Client
from mcp.client import Transport
from mcp.client.extension import advertise
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError
from pydantic import BaseModel, ConfigDict, ValidationError

from weir.catalog.model import Catalog, parse_catalog
from weir.errors import ProtocolError, UpstreamError, WeirError
from weir.labels.keys import TOOL_RESOLUTION

__all__ = ["MAX_PAGES", "fetch_stdio", "fetch_url"]

MAX_PAGES = 1000
"""More ``tools/list`` pages than this is a server bug (or a cursor loop), not a catalog."""


class _RawPage(BaseModel):
    """A ``tools/list`` result kept exactly as sent: every key lands, unparsed, in ``model_extra``."""

    model_config = ConfigDict(extra="allow")


async def fetch_stdio(
    command: str | Sequence[str],
    *,
    timeout: float = 30.0,
    env: Mapping[str, str] | None = None,
    cwd: str | Path | None = None,
) -> Catalog:
    """Start ``command`` as an MCP server over stdio, list all of its tools, and stop it.

    ``command`` is an argv list or one shell-like string (split with :func:`shlex.split`, never
    run through a shell). A server that cannot start, exits, or does not answer within
    ``timeout`` seconds raises :class:`~weir.errors.UpstreamError` with the tail of its stderr.
    """
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    if not argv:
        raise UpstreamError("empty server command")
    source = f"stdio: {shlex.join(argv)}"
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=dict(env or {}) or None, cwd=cwd)
    # The server's stderr goes to a file so a failure can quote it instead of interleaving it.
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as errlog:
        try:
            return await _fetch(stdio_client(params, errlog=errlog), source=source, timeout=timeout)
        except UpstreamError as exc:
            tail = _tail(errlog)
            if tail:
                raise UpstreamError(f"{exc.message}; server stderr:\n{tail}", server=exc.server) from exc
            raise


async def fetch_url(url: str, *, timeout: float = 30.0) -> Catalog:
    """List all tools of the streamable-HTTP MCP server at ``url``.

    A refused connection, an HTTP error or a timeout raises :class:`~weir.errors.UpstreamError`.
    """
    if not url.startswith(("http://", "https://")):
        raise UpstreamError(f"not an http(s) URL: {url!r}")
    return await _fetch(url, source=url, timeout=timeout)


async def _fetch(target: Transport | str, *, source: str, timeout: float) -> Catalog:
    try:
        with anyio.fail_after(timeout):
            # The tool-resolution capability is advertised so the W105 probe is answered as a client
            # that resolves would be (a server checks it on every tools/resolve: -32021 without it).
            resolution = [advertise(TOOL_RESOLUTION)]
            async with Client(target, cache=None, read_timeout_seconds=timeout, extensions=resolution) as client:
                server = client.server_info.name if client.server_info else None
                catalog = await _list_all(client, source=source, server=server)
                announced = frozenset(str(k) for k in getattr(client.server_capabilities, "extensions", None) or {})
                found = await _unannounced_resolvers(client, catalog) if TOOL_RESOLUTION in announced else frozenset()
                return replace(catalog, extensions=announced, unannounced_resolvers=found)
    except TimeoutError as exc:
        raise UpstreamError(f"{source}: no answer within {timeout:g}s") from exc
    except WeirError:
        raise
    except BaseException as exc:  # the boundary: the SDK raises anyio/httpx/OS errors, often grouped
        leaf = _leaf(exc)
        if leaf is None:
            raise
        if isinstance(leaf, WeirError):  # our own error, raised inside the SDK's task group
            raise leaf from exc
        raise UpstreamError(f"{source}: {_describe(leaf)}") from exc


class _ResolveProbe(types.RequestParams):
    name: str
    arguments: dict[str, Any]


class _ResolveRequest(types.Request[_ResolveProbe, Literal["tools/resolve"]]):
    method: Literal["tools/resolve"] = "tools/resolve"
    params: _ResolveProbe


_NOT_RESOLVABLE = (types.INVALID_PARAMS, types.METHOD_NOT_FOUND)
_MAX_PROBES = 200


async def _unannounced_resolvers(client: Client, catalog: Catalog) -> frozenset[str]:
    """The tools that answer ``tools/resolve`` without declaring ``resolvable`` (lint W105).

    Each undeclared tool is asked once, with no arguments: an answer — or any error other than
    "unknown tool" / "not resolvable" (invalid params), such as a resolver failing on the missing
    arguments — means the tool has a resolver nobody will call.
    """
    found: set[str] = set()
    for tool in catalog.tools[:_MAX_PROBES]:
        name = tool.get("name")
        meta = tool.get("_meta")
        opted = meta.get(TOOL_RESOLUTION) if isinstance(meta, Mapping) else None
        if not isinstance(name, str) or (isinstance(opted, Mapping) and opted.get("resolvable") is True):
            continue
        try:
            await client.session.send_request(_ResolveRequest(params=_ResolveProbe(name=name, arguments={})), _RawPage)
        except MCPError as exc:
            if exc.error.code in _NOT_RESOLVABLE:
                continue
        except ValidationError:
            pass  # it answered, if not well
        found.add(name)
    return frozenset(found)


async def _list_all(client: Client, *, source: str, server: str | None) -> Catalog:
    tools: list[Any] = []
    extra: dict[str, Any] = {}
    cursor: str | None = None
    seen: set[str] = set()
    for page in range(1, MAX_PAGES + 1):
        request = types.ListToolsRequest(params=types.PaginatedRequestParams(cursor=cursor))
        try:
            raw = (await client.session.send_request(request, _RawPage)).model_extra or {}
        except ValidationError as exc:
            raise ProtocolError(f"{source}: tools/list page {page} is not valid MCP: {_problems(exc)}") from exc
        except MCPError as exc:
            raise UpstreamError(f"{source}: tools/list failed: {exc}") from exc
        page_tools = raw.get("tools")
        if not isinstance(page_tools, list):
            raise ProtocolError(f"{source}: tools/list page {page} has no `tools` list")
        tools.extend(page_tools)
        extra = {k: v for k, v in raw.items() if k not in {"tools", "nextCursor"}}
        cursor = raw.get("nextCursor")
        if not cursor:
            catalog = parse_catalog({"tools": tools, **extra}, source=source, server=server)
            return Catalog(catalog.tools, source=source, server=server, pages=page, extra=extra)
        if not isinstance(cursor, str) or cursor in seen:
            raise ProtocolError(f"{source}: tools/list cursor {cursor!r} repeats or is not a string")
        seen.add(cursor)
    raise ProtocolError(f"{source}: tools/list did not end after {MAX_PAGES} pages")


def _problems(exc: ValidationError) -> str:
    """``tools[3].name: Field required; ...`` — pydantic's errors as JSON paths, without the echoed input."""
    out = []
    for err in exc.errors()[:5]:
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"]).lstrip(".")
        out.append(f"{path}: {err['msg']}")
    more = len(exc.errors()) - len(out)
    return "; ".join(out) + (f"; and {more} more" if more > 0 else "")


def _leaf(exc: BaseException) -> BaseException | None:
    """The most telling error inside a (possibly nested) exception group; None for cancellations."""
    if isinstance(exc, BaseExceptionGroup):
        leaves = [leaf for e in exc.exceptions if (leaf := _leaf(e)) is not None]
        # An OS or connection error explains more than the "connection closed" it caused.
        leaves.sort(key=lambda e: 0 if isinstance(e, OSError) or "Connect" in type(e).__name__ else 1)
        return leaves[0] if leaves else None
    if isinstance(exc, KeyboardInterrupt | SystemExit | anyio.get_cancelled_exc_class()):
        return None
    return exc


def _describe(exc: BaseException) -> str:
    if isinstance(exc, FileNotFoundError):
        return f"cannot start the server: {exc.strerror or 'not found'}: {exc.filename or ''}".rstrip(": ")
    if isinstance(exc, MCPError) and "closed" in str(exc).lower():
        return "the server closed the connection (it exited or crashed)"
    if isinstance(exc, OSError):
        return f"cannot start the server: {exc.strerror or exc}"
    name = type(exc).__name__
    text = str(exc) or name
    return f"{text} ({name})" if "Error" in name and name not in text else text


def _tail(errlog: TextIO, lines: int = 8) -> str:
    errlog.flush()
    errlog.seek(0)
    text = errlog.read().strip().splitlines()
    return "\n".join(text[-lines:])
