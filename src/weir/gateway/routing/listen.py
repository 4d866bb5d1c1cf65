"""``subscriptions/listen`` (2026-07-28): a client's one stream of list changes and resource updates.

On 2026-07-28 there is no standing stream: a client opts in to a server's events with a
``subscriptions/listen`` request whose response *is* the stream. The gateway opens one on the
client's own session with each 2026-07-28 server (asking each for the resources it owns), waits
for every server's acknowledgement and sends the client one — what any server honours — then
relays each server's frames re-stamped with the client's request id. A server's tool list change
is acted on first (its tools listed, reviewed and published again). 2025-11-25 servers have no
such stream and are not asked (their kinds are not in the acknowledgement). The stream ends when
every server has ended its own, or when the client cancels the request.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any

from weir.errors import UpstreamError
from weir.gateway.clients.exchange import ClientState, Exchange
from weir.gateway.upstream.links import Links
from weir.gateway.upstream.session import SUBSCRIPTION_KEY, Upstream
from weir.gateway.wire.era import Era
from weir.gateway.wire.jsonrpc import Message, RpcError

__all__ = ["ACKNOWLEDGED", "Listening"]

ACKNOWLEDGED = "notifications/subscriptions/acknowledged"
_FLAGS = ("toolsListChanged", "promptsListChanged", "resourcesListChanged")

ToolsChanged = Callable[[ClientState, str], Awaitable[None]]
"""Re-list, review and publish one server's tools as a client's session lists them."""
OwnerOf = Callable[[str], str | None]


class Listening:
    """Relays the ``subscriptions/listen`` requests of one gateway's clients."""

    def __init__(self, upstreams: Mapping[str, Upstream], links: Links, owner: OwnerOf, tools_changed: ToolsChanged):
        self._upstreams = upstreams
        self._links = links
        self._owner = owner
        self._tools_changed = tools_changed

    async def listen(self, ex: Exchange) -> dict[str, Any]:
        """Hold the client's listen stream open until every server's ends; the graceful result."""
        raw = ex.params.get("notifications")
        wanted: dict[str, Any] = dict(raw) if isinstance(raw, Mapping) else {}
        servers = [name for name, u in self._upstreams.items() if u.era is Era.MODERN]
        acks: dict[str, dict[str, Any]] = {}
        sent: list[bool] = []

        async def acknowledge(server: str | None, honoured: dict[str, Any]) -> None:
            if server is not None:
                acks.setdefault(server, honoured)
            if len(acks) == len(servers) and not sent:
                sent.append(True)
                params = {"notifications": _merged(list(acks.values())), "_meta": {SUBSCRIPTION_KEY: ex.request_id}}
                await ex.send({"jsonrpc": "2.0", "method": ACKNOWLEDGED, "params": params})

        async def relay(server: str, msg: Message) -> None:
            params = dict(msg.get("params") or {})
            params["_meta"] = {**(params.get("_meta") or {}), SUBSCRIPTION_KEY: ex.request_id}
            if msg.get("method") == ACKNOWLEDGED:
                honoured = params.get("notifications")
                await acknowledge(server, dict(honoured) if isinstance(honoured, Mapping) else {})
                return
            if msg.get("method") == "notifications/tools/list_changed":
                await self._tools_changed(ex.client, server)
            await ex.send({**msg, "params": params})

        async def one(server: str) -> None:
            params = {**ex.params, "notifications": self._filter(server, wanted)}
            try:
                await (await self._links.session(server, ex)).request(
                    "subscriptions/listen", params, timeout=None, on_notify=partial(relay, server)
                )
            except (RpcError, UpstreamError):
                pass  # this server's stream is gone; the others go on
            finally:
                await acknowledge(server, {})  # one that never acknowledged honours nothing

        if not servers:
            await acknowledge(None, {})
        await asyncio.gather(*(one(server) for server in servers))
        return {"_meta": {SUBSCRIPTION_KEY: ex.request_id}}

    def _filter(self, server: str, wanted: dict[str, Any]) -> dict[str, Any]:
        """What to ask one server for: the list changes wanted, and the resources it owns."""
        uris = wanted.get("resourceSubscriptions")
        if not isinstance(uris, list) or len(self._upstreams) == 1:
            return wanted
        return {**wanted, "resourceSubscriptions": [u for u in uris if self._owner(str(u)) == server]}


def _merged(honoured: list[dict[str, Any]]) -> dict[str, Any]:
    """One acknowledgement: a kind any server honours, every resource some server honours."""
    out: dict[str, Any] = {}
    for ack in honoured:
        for key, value in ack.items():
            if key in _FLAGS:
                out[key] = bool(out.get(key)) or value is True
            elif key == "resourceSubscriptions" and isinstance(value, list):
                out[key] = [*out.get(key, []), *(u for u in value if u not in out.get(key, []))]
            else:
                out.setdefault(key, value)
    return {k: v for k, v in out.items() if v is not False}
