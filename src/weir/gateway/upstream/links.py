"""Each downstream connection's own session with each upstream server.

A client's requests reach a server on a session of that client's own, opened on its first
request for the server and closed with the connection. The session declares the client's
capabilities (sampling, roots, elicitation — the ones the gateway relays), so the server offers
this client what it would offer it directly; and what the server sends on it outside any request
— its own requests, logs, resource updates, list changes — can only belong to this client, so it
goes to this connection's standing channel and to no other (another principal never sees it),
decided first on the connection's current agent session (:mod:`weir.gateway.routing.messages`).
The price: one server session per connected client (for a stdio server, one process each) —
counted against the principal's ``gateway.quotas.upstream_sessions`` (a request that would open
one more is refused, and the refusal audited), so one principal's connections cannot spawn
processes without bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from weir.gateway.clients.asking import ClientRequests
from weir.gateway.clients.exchange import ClientState, Exchange
from weir.gateway.quotas import MemoryQuotas, QuotaConfig, QuotaExceeded, QuotaLedger, Refusals
from weir.gateway.upstream.session import RELAYED_CAPABILITIES, Upstream
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.era import Era
from weir.gateway.wire.jsonrpc import Message, RpcError

__all__ = ["Links", "Send"]

log = logging.getLogger(__name__)

_QUOTA = "upstream_sessions"

Send = Callable[[Message], Awaitable[None]]
ListChanged = Callable[[ClientState, str, str], Awaitable[None]]


class MessageGate(Protocol):
    """Decides what a server sends a connection outside any request before it is relayed
    (:class:`weir.gateway.routing.messages.Messages`)."""

    async def notification(self, client: ClientState, server: str, msg: Message) -> Message | None:
        """The notification as the client may see it (``None``: dropped)."""
        ...

    async def server_request(self, ex: Exchange, server: str, msg: Message) -> Message:
        """The response for the server: the client's decided answer, or why there is none."""
        ...


class Links:
    """The sessions of every connection with every server, and each connection's standing channel."""

    def __init__(
        self,
        upstreams: Mapping[str, Upstream],
        questions: ClientRequests,
        confirm_timeout_s: float,
        on_list_changed: ListChanged,
        messages: MessageGate,
        *,
        ledger: QuotaLedger | None = None,
        quotas: QuotaConfig | None = None,
        refusals: Refusals | None = None,
    ) -> None:
        self._upstreams = upstreams
        self._ledger: QuotaLedger = ledger if ledger is not None else MemoryQuotas()
        self._quotas = quotas or QuotaConfig()
        self._refusals = refusals or Refusals(None)
        self._messages = messages
        self._questions = questions
        self._timeout = confirm_timeout_s
        self._on_list_changed = on_list_changed
        self._sessions: dict[tuple[str, str], Upstream] = {}  # (connection, server) → its session
        self._channels: dict[str, Send] = {}  # connection → its standing channel
        self._clients: dict[str, ClientState] = {}

    def attach(self, client: ClientState, send: Send) -> None:
        """Give a connection a standing channel (stdio, in memory, an HTTP client's GET stream)."""
        self._channels[client.conn_id] = send
        self._clients[client.conn_id] = client

    def detach(self, client: ClientState, send: Send | None = None) -> None:
        """The connection's standing channel is gone (``send``: only if it is still that one)."""
        if send is None or self._channels.get(client.conn_id) is send:
            self._channels.pop(client.conn_id, None)

    def session(self, server: str, ex: Exchange) -> Upstream:
        """The session of the client of ``ex`` with ``server`` (opened on first use)."""
        key = (ex.client.conn_id, server)
        found = self._sessions.get(key)
        if found is None:
            self._count(server, ex)
            found = self._sessions[key] = self._open(server, ex)
        return found

    def _count(self, server: str, ex: Exchange) -> None:
        """Count one more upstream session against the client's principal (RpcError: one too many)."""
        client = ex.client
        try:
            self._ledger.take(_QUOTA, client.principal, f"{client.conn_id}/{server}", self._quotas.upstream_sessions)
        except QuotaExceeded as exc:
            self._refusals.refused(exc, connection=client.conn_id, session=client.session)
            raise RpcError(jsonrpc.INVALID_REQUEST, exc.message, data=exc.data, id=ex.request_id) from None

    def every(self) -> list[Upstream]:
        """Every client's session with every server (diagnostics, tests)."""
        return list(self._sessions.values())

    def sessions_of(self, client: ClientState) -> dict[str, Upstream]:
        """The open sessions of one connection, by server."""
        return {server: s for (conn, server), s in self._sessions.items() if conn == client.conn_id}

    def _open(self, server: str, ex: Exchange) -> Upstream:
        client = ex.client
        declared = {k: v for k, v in ex.capabilities.items() if k in RELAYED_CAPABILITIES}
        # A 2026-07-28 client has no channel for a server's mid-request questions: a 2025-11-25
        # server is told it cannot ask (a 2026-07-28 server asks with input_required, which is relayed).
        legacy = declared if ex.era is Era.LEGACY else {}
        session = self._upstreams[server].spawn(declared, legacy)
        self._clients.setdefault(client.conn_id, client)

        async def notify(msg: Message) -> None:
            shown = await self._messages.notification(client, server, msg)
            if shown is not None:
                await self.notify_client(client, shown)

        async def ask(msg: Message) -> Message:
            send = self._channels.get(client.conn_id)
            if send is None or client.era is not Era.LEGACY:
                return jsonrpc.error(
                    msg["id"], jsonrpc.METHOD_NOT_FOUND, f"{msg['method']}: the client cannot be reached now"
                )
            standing = Exchange(client, send, True, None, {})
            return await self._messages.server_request(standing, server, msg)

        async def changed(name: str, method: str) -> None:
            await self._on_list_changed(client, name, method)

        session.unsolicited_notify = notify
        session.unsolicited_request = ask
        session.on_list_changed = changed
        return session

    async def notify_client(self, client: ClientState, msg: Message) -> None:
        """Send a notification on the connection's standing channel (if it has one now)."""
        send = self._channels.get(client.conn_id)
        if send is None:
            return
        try:
            await send(msg)
        except Exception:  # the client has gone (its channel is closed): it gets nothing more
            log.debug("%s: a message could not be relayed", client.conn_id, exc_info=True)
            self.detach(client, send)

    async def notify_all(self, client: ClientState, method: str, params: dict[str, Any] | None) -> None:
        """Pass a client's notification (e.g. ``roots/list_changed``) to each of its sessions."""
        for session in self.sessions_of(client).values():
            await session.notify(method, params)

    async def forget(self, client: ClientState) -> None:
        """The connection closed: end its sessions."""
        self._channels.pop(client.conn_id, None)
        self._clients.pop(client.conn_id, None)
        gone = [key for key in self._sessions if key[0] == client.conn_id]
        sessions = [self._sessions.pop(key) for key in gone]
        for conn, server in gone:
            self._ledger.give_back(_QUOTA, client.principal, f"{conn}/{server}")
        await asyncio.gather(*(s.close() for s in sessions), return_exceptions=True)

    async def close(self) -> None:
        """End every session."""
        sessions, self._sessions = list(self._sessions.values()), {}
        with contextlib.suppress(Exception):
            await asyncio.gather(*(s.close() for s in sessions), return_exceptions=True)
