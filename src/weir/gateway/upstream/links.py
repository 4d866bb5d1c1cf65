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
processes without bound. A server configured ``share: per_principal`` is the exception: one
principal's connections share a session with it (:mod:`weir.gateway.upstream.sharing` says how).
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
from weir.gateway.upstream.sharing import SharedSession, share_key
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
        self._shared: dict[tuple[str, str, str], SharedSession] = {}  # share key → the shared session
        self._joined: dict[tuple[str, str], tuple[str, str, str]] = {}  # (connection, server) → share key
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

    async def session(self, server: str, ex: Exchange) -> Upstream:
        """The session of the client of ``ex`` with ``server`` (opened, or joined, on first use)."""
        key = (ex.client.conn_id, server)
        found = self._sessions.get(key)
        if found is not None:
            return found
        # Counted first (a fleet's count is a round trip): another request of this connection may
        # have opened the session meanwhile, and that one is kept.
        await self._count(ex, self._holder(server, ex))
        found = self._sessions.get(key)
        if found is None:
            found = self._join(server, ex) if self._upstreams[server].shared else self._open(server, ex)
            self._sessions[key] = found
        return found

    def _holder(self, server: str, ex: Exchange) -> str:
        """What a new session of the client of ``ex`` with ``server`` is counted as."""
        if not self._upstreams[server].shared:
            return f"{ex.client.conn_id}/{server}"
        declared, legacy = self._declared(ex)
        return f"shared/{server}/{share_key(ex.client.principal, server, declared, legacy)[2]}"

    def _join(self, server: str, ex: Exchange) -> Upstream:
        """The principal's shared session with ``server`` for these capabilities (opened and counted once)."""
        declared, legacy = self._declared(ex)
        key = share_key(ex.client.principal, server, declared, legacy)
        shared = self._shared.get(key)
        if shared is None:
            holder = f"shared/{server}/{key[2]}"
            shared = self._shared[key] = SharedSession(self._upstreams[server].spawn(declared, legacy), holder)
            self._wire_shared(server, shared)
        shared.clients[ex.client.conn_id] = ex.client
        self._clients.setdefault(ex.client.conn_id, ex.client)
        self._joined[(ex.client.conn_id, server)] = key
        return shared.session

    async def _count(self, ex: Exchange, holder: str) -> None:
        """Count one more upstream session against the client's principal (RpcError: one too many)."""
        client = ex.client
        try:
            await self._ledger.take(_QUOTA, client.principal, holder, self._quotas.upstream_sessions)
        except QuotaExceeded as exc:
            self._refusals.refused(exc, connection=client.conn_id, session=client.session)
            raise RpcError(jsonrpc.INVALID_REQUEST, exc.message, data=exc.data, id=ex.request_id) from None

    def every(self) -> list[Upstream]:
        """Every client's session with every server, a shared one once (diagnostics, tests)."""
        return list({id(s): s for s in self._sessions.values()}.values())

    def sessions_of(self, client: ClientState) -> dict[str, Upstream]:
        """The open sessions of one connection, by server."""
        return {server: s for (conn, server), s in self._sessions.items() if conn == client.conn_id}

    @staticmethod
    def _declared(ex: Exchange) -> tuple[dict[str, Any], dict[str, Any]]:
        """What a session opened for ``ex`` declares: on 2026-07-28 requests, and on 2025-11-25 at
        ``initialize``."""
        declared = {k: v for k, v in ex.capabilities.items() if k in RELAYED_CAPABILITIES}
        # A 2026-07-28 client has no channel for a server's mid-request questions: a 2025-11-25
        # server is told it cannot ask (a 2026-07-28 server asks with input_required, which is relayed).
        return declared, declared if ex.era is Era.LEGACY else {}

    def _open(self, server: str, ex: Exchange) -> Upstream:
        client = ex.client
        session = self._upstreams[server].spawn(*self._declared(ex))
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

    def _wire_shared(self, server: str, shared: SharedSession) -> None:
        """Where a shared session's messages outside any call go (see :mod:`weir.gateway.upstream.sharing`)."""

        async def notify(msg: Message) -> None:
            for client in list(shared.clients.values()):  # every holder, each decided on its own agent session
                try:
                    shown = await self._messages.notification(client, server, msg)
                    if shown is not None:
                        await self.notify_client(client, shown)
                except Exception:  # one holder's failure is its loss only
                    log.debug("%s: a shared notification could not be relayed", client.conn_id, exc_info=True)

        async def ask(msg: Message) -> Message:
            why = f"{msg['method']}: a shared session relays a server's request only during a call"
            return jsonrpc.error(msg["id"], jsonrpc.METHOD_NOT_FOUND, why)

        async def changed(name: str, method: str) -> None:
            for client in list(shared.clients.values()):
                await self._on_list_changed(client, name, method)

        shared.session.unsolicited_notify = notify
        shared.session.unsolicited_request = ask
        shared.session.on_list_changed = changed

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
        """Pass a client's notification (e.g. ``roots/list_changed``) to each of its own sessions.

        Not to a shared one: its server would ask back outside any call, which is refused there."""
        for server, session in self.sessions_of(client).items():
            if (client.conn_id, server) not in self._joined:
                await session.notify(method, params)

    async def forget(self, client: ClientState) -> None:
        """The connection closed: end its own sessions, and a shared one it was the last to hold."""
        self._channels.pop(client.conn_id, None)
        self._clients.pop(client.conn_id, None)
        ending: list[Upstream] = []
        for key in [key for key in self._sessions if key[0] == client.conn_id]:
            session = self._sessions.pop(key)
            joined = self._joined.pop(key, None)
            if joined is None:
                self._ledger.give_back(_QUOTA, client.principal, f"{key[0]}/{key[1]}")
                ending.append(session)
                continue
            shared = self._shared[joined]
            shared.clients.pop(client.conn_id, None)
            if not shared.clients:  # the last holder: the session (its process) ends
                del self._shared[joined]
                self._ledger.give_back(_QUOTA, client.principal, shared.holder)
                ending.append(session)
        await asyncio.gather(*(s.close() for s in ending), return_exceptions=True)

    async def close(self) -> None:
        """End every session."""
        sessions = self.every()
        self._sessions, self._shared, self._joined = {}, {}, {}
        with contextlib.suppress(Exception):
            await asyncio.gather(*(s.close() for s in sessions), return_exceptions=True)
