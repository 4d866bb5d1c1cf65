"""Lists page by page across servers, with cursors namespaced per server.

A client's ``*/list`` request is answered with the next page of every server at once, side by
side: a client that never follows ``nextCursor`` still sees every server's first page, exactly
what it would without pagination. The ``nextCursor`` handed to the client names each server that
has more and that server's own cursor; with one server, the page is that server's as it is (its
``_meta`` and any other field kept), only the cursor wrapped. A cursor the gateway did not mint is
refused with -32602, as the specification asks of an invalid cursor.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol

from weir.errors import UpstreamError
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.jsonrpc import RpcError

__all__ = ["CURSOR_PREFIX", "FetchPage", "decode_cursor", "encode_cursor", "page_across", "server_page"]

CURSOR_PREFIX = "weir1."

FetchPage = Callable[[str, Any], Awaitable[dict[str, Any] | None]]
"""One page of one server at its own cursor (``None``: the server is skipped — it failed or does not list these)."""


class Requester(Protocol):
    """A session with one upstream server (:class:`weir.gateway.upstream.session.Upstream`)."""

    async def request(self, method: str, params: dict[str, Any], *, timeout: float) -> dict[str, Any]: ...


async def server_page(
    link: Requester, method: str, params: Mapping[str, Any], cursor: Any, *, timeout: float, sole: bool
) -> dict[str, Any] | None:
    """One server's page of ``method`` at its own ``cursor``; ``None`` when the server failed.

    A failing server is left out of a page shared with others; when it is the ``sole`` server, its
    JSON-RPC refusal is the client's answer (as it would be without the gateway).
    """
    asked = {k: v for k, v in params.items() if k != "cursor"}
    if cursor is not None:
        asked["cursor"] = cursor
    try:
        return await link.request(method, asked, timeout=timeout)
    except UpstreamError:
        return None
    except RpcError:
        if sole:
            raise
        return None


def encode_cursor(cursors: dict[str, Any]) -> str:
    """The client's cursor for the servers that have more pages, each at its own cursor."""
    raw = json.dumps(cursors, separators=(",", ":"), sort_keys=True).encode()
    return CURSOR_PREFIX + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(value: Any, servers: Sequence[str]) -> dict[str, Any]:
    """The servers and their own cursors a client's cursor names (RpcError -32602 when it is not ours)."""
    if not isinstance(value, str) or not value.startswith(CURSOR_PREFIX):
        raise RpcError(jsonrpc.INVALID_PARAMS, "Invalid cursor")
    body = value[len(CURSOR_PREFIX) :]
    try:
        cursors = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (ValueError, TypeError, binascii.Error):
        raise RpcError(jsonrpc.INVALID_PARAMS, "Invalid cursor") from None
    if not isinstance(cursors, dict) or not cursors or not set(cursors) <= set(servers):
        raise RpcError(jsonrpc.INVALID_PARAMS, "Invalid cursor")
    return cursors


async def page_across(servers: Sequence[str], cursor: Any, fetch: FetchPage, key: str) -> dict[str, Any]:
    """The page the client asked for: each named server's next page, its ``key`` entries side by side."""
    wanted = decode_cursor(cursor, servers) if cursor is not None else dict.fromkeys(servers)
    order = [s for s in servers if s in wanted]
    pages = await asyncio.gather(*(fetch(s, wanted[s]) for s in order))
    got = [(s, p) for s, p in zip(order, pages, strict=True) if p is not None]
    if len(servers) == 1 and got:
        page = dict(got[0][1])
        more = page.pop("nextCursor", None)
        if more:
            page["nextCursor"] = encode_cursor({got[0][0]: more})
        return page
    out: dict[str, Any] = {key: []}
    meta: dict[str, Any] = {}
    following: dict[str, Any] = {}
    for server, page in got:
        out[key].extend(page.get(key) or ())
        if isinstance(page.get("_meta"), dict):
            meta.update(page["_meta"])
        if page.get("nextCursor"):
            following[server] = page["nextCursor"]
    if meta:
        out["_meta"] = meta
    if following:
        out["nextCursor"] = encode_cursor(following)
    return out
