"""Requests the gateway sends its clients mid-request, and the replies that answer them.

On 2025-11-25 the gateway asks a client things while one of its requests is being answered:
its own confirmations (``elicitation/create``) and the questions an upstream server relays
(elicitation, sampling, roots). Each question gets an id nobody can guess, and belongs to the
connection it was sent on: a reply is taken only from that connection. Another client — even
one that learnt the id — cannot answer a user's confirmation.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from weir.gateway.clients.exchange import ClientState, Exchange
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.era import Era
from weir.gateway.wire.jsonrpc import Message, RpcError

log = logging.getLogger(__name__)

__all__ = ["ClientRequests"]


class ClientRequests:
    """The questions in flight to every client of one gateway."""

    def __init__(self) -> None:
        self._waits: dict[str, tuple[str, asyncio.Future[Message]]] = {}  # id → (connection, its answer)

    async def ask(self, ex: Exchange, method: str, params: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send a request to the client of ``ex`` and wait for its result (raises RpcError, TimeoutError)."""
        msg_id = f"weir-{secrets.token_urlsafe(16)}"
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waits[msg_id] = (ex.client.conn_id, future)
        try:
            await ex.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
            reply = await asyncio.wait_for(future, timeout)
        finally:
            self._waits.pop(msg_id, None)
        if "error" in reply:
            err = reply["error"] if isinstance(reply["error"], dict) else {}
            raise RpcError(int(err.get("code", jsonrpc.INTERNAL_ERROR)), str(err.get("message", "")))
        result = reply.get("result")
        return result if isinstance(result, dict) else {}

    async def relay(self, ex: Exchange, msg: Message, timeout: float) -> Message:
        """Relay an upstream's mid-call request (elicitation, sampling, roots) to the client of ``ex``."""
        if ex.era is Era.MODERN or not ex.back_channel:
            return jsonrpc.error(msg["id"], jsonrpc.METHOD_NOT_FOUND, "the client cannot be reached mid-call")
        try:
            params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
            result = await self.ask(ex, str(msg["method"]), params or {}, timeout)
        except RpcError as exc:
            return jsonrpc.error(msg["id"], exc.code, exc.message)
        except TimeoutError:
            return jsonrpc.error(msg["id"], jsonrpc.INTERNAL_ERROR, "the client did not answer in time")
        return jsonrpc.result(msg["id"], result)

    def answer(self, msg: Message, client: ClientState) -> None:
        """A response from ``client``: hand it to the question it answers, when that question was
        sent to this very connection (any other reply is ignored, and logged)."""
        waiting = self._waits.get(msg["id"]) if isinstance(msg.get("id"), str) else None
        if waiting is None or waiting[0] != client.conn_id:
            log.warning("ignored a response from %s to a question it was not asked: %r", client.conn_id, msg.get("id"))
            return
        if not waiting[1].done():
            waiting[1].set_result(msg)

    def forget(self, client: ClientState) -> None:
        """A connection closed: its unanswered questions fail now rather than at their timeout."""
        for msg_id, (conn, future) in list(self._waits.items()):
            if conn == client.conn_id and not future.done():
                future.set_exception(RpcError(jsonrpc.INTERNAL_ERROR, "the client went away"))
                del self._waits[msg_id]
