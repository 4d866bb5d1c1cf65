"""Everything but tools: prompts, resources, templates, subscriptions, completion and logging.

What a server answers is content like a tool's result: each answer (resource contents, a prompt,
a completion, a page of a list, any other response) and each error is decided by the shared
pipeline before the client sees it (:mod:`weir.gateway.routing.messages`: labelled, joined into
the agent session, redacted/warned/withheld, audited, recorded). Routing is on the client's own
session with each server (:mod:`weir.gateway.upstream.links`): lists page by page with cursors
namespaced per server (:mod:`weir.gateway.routing.paging`; prompt names namespaced like tools), a
resource read, subscription or completion goes to the server that listed the URI or whose
template matches it, a prompt's to the server its name names, ``logging/setLevel`` to every
server that logs; with a single upstream any other method is forwarded as it is.
"""

from __future__ import annotations

import asyncio
import copy
import re
from collections.abc import Callable, Mapping
from typing import Any

from weir.errors import UpstreamError
from weir.gateway.clients.exchange import Exchange
from weir.gateway.config import GatewayConfig
from weir.gateway.routing.messages import Messages
from weir.gateway.routing.naming import Naming
from weir.gateway.routing.paging import page_across, server_page
from weir.gateway.routing.sessions import AgentSessions
from weir.gateway.upstream.links import Links
from weir.gateway.upstream.session import Upstream
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.era import Era
from weir.gateway.wire.jsonrpc import RpcError
from weir.guard import intent
from weir.guard.messages import McpMessage

__all__ = ["Passthrough", "template_pattern"]

# method → the key of the list in its result, and its entries' identifying field.
_LISTS = {
    "prompts/list": ("prompts", "name"),
    "resources/list": ("resources", "uri"),
    "resources/templates/list": ("resourceTemplates", "uriTemplate"),
}
_BY_URI = frozenset({"resources/read", "resources/subscribe", "resources/unsubscribe"})
_READ_AS = {
    "prompts/list": ("prompts/get", "prompt", "name"),
    "resources/list": ("resources/read", "resource", "uri"),
    "resources/templates/list": ("resources/read", "resource", "uriTemplate"),
}
"""A listed entry is shown when reading it would be (method, message kind, the entry's field); a
template is read as its fixed part (the URI up to its first ``{``), the part every URI it makes shares."""


def _everything(_: McpMessage) -> bool:
    return True


def _item(params: Mapping[str, Any]) -> str:
    """What a request is about, for the session's lineage and the audit trail."""
    for key in ("uri", "name"):
        value = params.get(key)
        if isinstance(value, str):
            return value
    return ""


def template_pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching the URIs an RFC 6570 template expands to (the operators MCP
    servers use: simple, ``+``, ``#``, ``/``, ``?``, ``&``)."""
    out, pos = [], 0
    for match in re.finditer(r"\{([^}]*)\}", template):
        out.append(re.escape(template[pos : match.start()]))
        op = match.group(1)[:1]
        if op in ("+", "#"):
            out.append(".*")
        elif op == "/":
            out.append("(?:/[^?#]*)?")
        elif op in ("?", "&"):
            out.append("(?:[?&][^#]*)?")
        else:
            out.append("[^/?#]*")
        pos = match.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out) + r"\Z")


class Passthrough:
    """Routing of the non-tool methods."""

    def __init__(
        self,
        upstreams: Mapping[str, Upstream],
        links: Links,
        naming: Naming,
        settings: GatewayConfig,
        *,
        messages: Messages,
        sessions: AgentSessions,
        shows: Callable[[McpMessage], bool] | None = None,
    ) -> None:
        self.upstreams = upstreams
        self._shows = shows or _everything
        """Whether a listed prompt or resource is shown to a principal (the decider's ``shows``)."""
        self.links = links
        self.naming = naming
        self.settings = settings
        self.messages = messages
        self.sessions = sessions
        self.resources: dict[str, str] = {}
        """Resource URI → server, learned from resources/list."""
        self.templates: dict[str, tuple[str, re.Pattern[str]]] = {}
        """URI template → (server, its pattern), learned from resources/templates/list."""

    async def request(self, method: str, ex: Exchange) -> dict[str, Any]:
        """Answer one non-tool request."""
        if method in _LISTS:
            return await self._page(method, ex)
        if method == "prompts/get":
            return await self._named(method, ex, "name")
        if method in _BY_URI:
            return await self._forward(await self._owner_of(str(ex.params.get("uri", "")), ex), method, ex)
        if method == "completion/complete":
            return await self._complete(ex)
        if method == "logging/setLevel":
            await self._set_level(method, ex)
            return {}
        if len(self.upstreams) == 1:
            return await self._forward(next(iter(self.upstreams)), method, ex)
        raise RpcError(jsonrpc.METHOD_NOT_FOUND, f"Method not found: {method}", id=ex.request_id)

    async def _forward(
        self, server: str, method: str, ex: Exchange, params: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """The server's answer, decided (a refusal's message and data decided too)."""
        sent = dict(ex.params if params is None else params)
        result = await self._ask(server, method, ex, sent)
        if method == "logging/setLevel":
            return result  # an empty acknowledgement: nothing of the server's to decide
        agent = await self.sessions.resolve(ex)
        return await self.messages.response(ex, agent, server, method, result, item=_item(sent))

    async def _ask(self, server: str, method: str, ex: Exchange, params: dict[str, Any]) -> dict[str, Any]:
        session = await self.links.session(server, ex)
        try:
            return await session.request(method, _unsaid(params), timeout=self.settings.call_timeout_s)
        except UpstreamError as exc:
            raise RpcError(jsonrpc.UPSTREAM_ERROR, str(exc), id=ex.request_id) from exc
        except RpcError as exc:  # the server's own error: its text is the server's, decided as content
            agent = await self.sessions.resolve(ex)
            raise await self.messages.error(ex, agent, server, method, exc) from None

    def _offers(self, server: str, kind: str) -> bool:
        caps = self.upstreams[server].capabilities
        return not caps or kind in caps  # not negotiated yet: asked, and an error skips it

    async def _page(self, method: str, ex: Exchange) -> dict[str, Any]:
        key, field = _LISTS[method]
        kind = method.split("/", maxsplit=1)[0]
        servers = [s for s in self.upstreams if self._offers(s, kind)]

        async def fetch(server: str, cursor: Any) -> dict[str, Any] | None:
            link = await self.links.session(server, ex)
            page = await server_page(
                link, method, _unsaid(ex.params), cursor, timeout=self.settings.list_timeout_s, sole=len(servers) == 1
            )
            if page is None:
                return None
            agent = await self.sessions.resolve(ex)
            page = await self.messages.response(ex, agent, server, method, page)
            listed = [e for e in page.get(key) or () if isinstance(e, dict) and self._shown(ex, server, method, e)]
            entries = [self._learn(server, field, e) for e in listed]
            return {**page, key: entries}

        return await page_across(servers, ex.params.get("cursor"), fetch, key)

    def _shown(self, ex: Exchange, server: str, method: str, entry: dict[str, Any]) -> bool:
        """Whether this client's principal is shown a listed prompt, resource or resource template:
        the read of it is decided by the rules at the neutral point (:mod:`weir.guard.visibility`)."""
        read = _READ_AS.get(method)
        if read is None:
            return True
        method_read, kind, field = read
        item = str(entry.get(field, ""))
        if field == "uriTemplate":
            item = item.split("{", 1)[0]
        message = McpMessage(server, method_read, {}, kind, item, principal=ex.client.principal_fact())
        return self._shows(message)

    def _learn(self, server: str, field: str, entry: dict[str, Any]) -> dict[str, Any]:
        """Note where a listed entry lives; a prompt's name is exposed as tools' are."""
        value = str(entry.get(field, ""))
        if field == "name":
            shown = copy.copy(entry)
            shown["name"] = self.naming.expose(server, value)
            return shown
        if field == "uri":
            self.resources[value] = server
        elif field == "uriTemplate":
            self.templates[value] = (server, template_pattern(value))
        return entry

    async def _named(self, method: str, ex: Exchange, field: str) -> dict[str, Any]:
        route = self.naming.route(str(ex.params.get(field, "")))
        if route is None:
            raise RpcError(jsonrpc.INVALID_PARAMS, f"Unknown {field}: {ex.params.get(field)}", id=ex.request_id)
        return await self._forward(route.server, method, ex, {**ex.params, field: route.name})

    def known_owner(self, uri: str) -> str | None:
        """The server that listed ``uri`` or whose template matches it (``None``: not known yet)."""
        if uri in self.resources:
            return self.resources[uri]
        owners = {server for server, pattern in self.templates.values() if pattern.match(uri)}
        return owners.pop() if len(owners) == 1 else None

    async def _owner_of(self, uri: str, ex: Exchange) -> str:
        """The server a URI belongs to: the one that listed it, or whose template matches it."""
        if len(self.upstreams) == 1:
            return next(iter(self.upstreams))
        owner = self.known_owner(uri)
        if owner is None:
            await self._learn_all(ex)
            owner = self.known_owner(uri)
        if owner is None:
            raise RpcError(jsonrpc.INVALID_PARAMS, f"Unknown resource: {uri}", id=ex.request_id)
        return owner

    async def _learn_all(self, ex: Exchange) -> None:
        """List every server's resources and templates (every page) on the client's sessions."""
        for method in ("resources/list", "resources/templates/list"):
            key, field = _LISTS[method]
            for server in (s for s in self.upstreams if self._offers(s, "resources")):
                cursor: Any = None
                for _ in range(100):
                    try:
                        page = await (await self.links.session(server, ex)).request(
                            method, {"cursor": cursor} if cursor else None, timeout=self.settings.list_timeout_s
                        )
                    except (UpstreamError, RpcError):
                        break
                    for entry in page.get(key) or ():
                        if isinstance(entry, dict):
                            self._learn(server, field, entry)
                    cursor = page.get("nextCursor")
                    if not cursor:
                        break

    async def _complete(self, ex: Exchange) -> dict[str, Any]:
        raw_ref = ex.params.get("ref")
        ref: dict[str, Any] = raw_ref if isinstance(raw_ref, dict) else {}
        if ref.get("type") == "ref/prompt":
            route = self.naming.route(str(ref.get("name", "")))
            if route is not None:
                params = {**ex.params, "ref": {**ref, "name": route.name}}
                return await self._forward(route.server, "completion/complete", ex, params)
        elif ref.get("type") == "ref/resource":
            uri = str(ref.get("uri", ""))
            owner = self._template_owner(uri) if len(self.upstreams) > 1 else None
            if owner is None and len(self.upstreams) > 1:
                await self._learn_all(ex)
                owner = self._template_owner(uri)
            if owner is not None:
                return await self._forward(owner, "completion/complete", ex)
        if len(self.upstreams) == 1:
            return await self._forward(next(iter(self.upstreams)), "completion/complete", ex)
        raise RpcError(jsonrpc.INVALID_PARAMS, "cannot tell which server completes this reference", id=ex.request_id)

    def _template_owner(self, uri: str) -> str | None:
        """The server of a ``ref/resource`` (a template as listed, or a URI a template or list names)."""
        if uri in self.templates:
            return self.templates[uri][0]
        return self.known_owner(uri)

    async def _set_level(self, method: str, ex: Exchange) -> None:
        """Every server that logs gets the client's level, on the client's own session."""
        single = len(self.upstreams) == 1
        servers = [
            s for s, u in self.upstreams.items() if u.era is not Era.MODERN and ("logging" in u.capabilities or single)
        ]
        await asyncio.gather(*(self._forward(s, method, ex) for s in servers), return_exceptions=len(servers) > 1)


def _unsaid(params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` without the user's words in its ``_meta`` (:mod:`weir.guard.intent`): they are for
    Weir, from a trusted host, and never reach a server - on a tool call or any other request."""
    meta = params.get("_meta")
    if not isinstance(meta, Mapping) or intent.KEY not in meta:
        return dict(params)
    return {**params, "_meta": intent.split_meta(meta, trusted=False)[0]}
