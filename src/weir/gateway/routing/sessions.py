"""Which agent session a ``tools/call`` belongs to, and what naming one may not do.

A client may name its agent session in request ``_meta["dev.weir/session"]`` (one agent session
spans connections and servers). Names belong to the connection's principal: the same name under
another bearer token is another session, so no client can join — and taint, or read the labels
of — a session of someone else. And naming never sheds what a connection has already seen: a
connection that switches to a new name carries its session's labels and remembered values into
it; one that has seen data cannot switch to an existing session with a history of its own (two
histories cannot be merged), and is told so. The number of agent sessions is bounded.
"""

from __future__ import annotations

from weir.gateway.clients.exchange import LOCAL, ClientState, Exchange
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.jsonrpc import RpcError
from weir.pipeline import Decider
from weir.pipeline.worker import Worker

__all__ = ["AgentSessions"]


class AgentSessions:
    """Resolves each call's agent session for one gateway."""

    def __init__(self, decider: Decider, worker: Worker, *, limit: int) -> None:
        self._decider = decider
        self._worker = worker
        self._limit = limit
        self._known: set[str] = set()

    async def resolve(self, ex: Exchange) -> str:
        """The agent session of this call (RpcError when the name cannot be used by this connection)."""
        client = ex.client
        name = ex.session_name
        wanted = _scoped(client.principal, name) if name is not None else (client.session or client.conn_id)
        current = client.session
        if wanted not in self._known:
            if len(self._known) >= self._limit:
                raise RpcError(jsonrpc.INVALID_REQUEST, f"too many agent sessions (the limit is {self._limit})")
            self._known.add(wanted)
        if current is not None and current != wanted:
            carried = await self._worker.stage(
                current, lambda _: self._decider.carry(current, wanted), _refused, sessions=(current, wanted)
            )
            if not carried:
                raise RpcError(
                    jsonrpc.INVALID_PARAMS,
                    f"agent session {name!r} already has a history and this connection has seen data in another "
                    "session: the two cannot be merged; use a new name, or a new connection",
                    id=ex.request_id,
                )
        client.session = wanted
        return wanted

    def known(self) -> list[str]:
        """The agent sessions in use, sorted (what the console lists)."""
        return sorted(self._known)

    def forget(self, client: ClientState) -> None:
        """A connection closed: its own default session can never be named again."""
        if client.conn_id in self._known:
            self._known.discard(client.conn_id)
            self._decider.forget(client.conn_id)


def _refused(why: str) -> bool:
    return False


def _scoped(principal: str, name: str) -> str:
    """The agent session a principal's name stands for: the local user's names are as given;
    every other principal's are prefixed with it, so no two principals share a name."""
    return name if principal == LOCAL else f"{principal}/{name}"
