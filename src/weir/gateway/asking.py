"""Requests the gateway sends its clients mid-request, and the replies that answer them.

On 2025-11-25 the gateway asks a client things while one of its requests is being answered:
its own confirmations (``elicitation/create``) and the questions an upstream server relays
(elicitation, sampling, roots). Each question gets a fresh id; the reply is matched by that id.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

from weir.gateway import jsonrpc
from weir.gateway.era import Era
from weir.gateway.exchange import Exchange
from weir.gateway.jsonrpc import Message, RpcError

__all__ = ["ClientRequests"]


class ClientRequests:
    """The questions in flight to every client of one gateway."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self._waits: dict[str, asyncio.Future[Message]] = {}

    async def ask(self, ex: Exchange, method: str, params: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send a request to the client of ``ex`` and wait for its result (raises RpcError, TimeoutError)."""
        msg_id = f"weir-{next(self._ids)}"
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waits[msg_id] = future
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

    def answer(self, msg: Message) -> None:
        """A client's response: hand it to the question it answers (unknown ids are ignored)."""
        future = self._waits.get(msg["id"]) if isinstance(msg.get("id"), str) else None
        if future is not None and not future.done():
            future.set_result(msg)
