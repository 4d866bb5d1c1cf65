"""Which agent session a ``tools/call`` belongs to, and what naming one may not do.

A client may name its agent session in request ``_meta["dev.weir/session"]`` (one agent session
spans connections and servers). Names belong to the connection's principal: the same name under
another bearer token is another session, so no client can join — and taint, or read the labels
of — a session of someone else. And naming never sheds what a connection has already seen: a
connection that switches to a new name carries its session's labels and remembered values into
it; one that has seen data cannot switch to an existing session with a history of its own (two
histories cannot be merged), and is told so.

The number of agent sessions is bounded twice: in all (``gateway.max_agent_sessions``) and per
principal (``gateway.quotas.agent_sessions``, counted in the gateway's quota ledger), so one
principal's sessions cannot refuse everyone else's. A session that no live connection is in and
that nobody used for ``gateway.quotas.agent_session_idle_s`` is forgotten; a session some
connection is in is never forgotten (that connection would shed its labels).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from weir.gateway.clients.exchange import LOCAL, ClientState, Exchange
from weir.gateway.quotas import QuotaConfig, QuotaExceeded, QuotaLedger, QuotaUnavailable, Refusals
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.jsonrpc import RpcError
from weir.pipeline import Decider
from weir.pipeline.worker import Worker

__all__ = ["AgentSessions"]

QUOTA = "agent_sessions"
_FORCED_SWEEP_S = 1.0


class AgentSessions:
    """Resolves each call's agent session for one gateway."""

    def __init__(
        self,
        decider: Decider,
        worker: Worker,
        *,
        limit: int,
        ledger: QuotaLedger,
        quotas: QuotaConfig,
        refusals: Refusals,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._decider = decider
        self._worker = worker
        self._limit = limit
        self._ledger = ledger
        self._quotas = quotas
        self._refusals = refusals
        self.clock = clock
        """When sessions were last used (replaceable, for tests of idle expiry)."""
        self._known: dict[str, str] = {}  # agent session → its principal
        self._used: dict[str, float] = {}  # agent session → when it was last resolved
        self._in: dict[str, set[str]] = {}  # agent session → the connections whose current session it is
        self._swept = float("-inf")  # the first walk may come at once

    async def resolve(self, ex: Exchange) -> str:
        """The agent session of this call (RpcError when the name cannot be used by this connection,
        or when it would be one session more than the principal's quota or the gateway's limit)."""
        client = ex.client
        name = ex.session_name
        wanted = _scoped(client.principal, name) if name is not None else (client.session or client.conn_id)
        current = client.session
        if wanted not in self._known:
            await self._admit(wanted, ex)
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
        self._enter(client, wanted)
        self._used[wanted] = self.clock()
        return wanted

    async def _admit(self, wanted: str, ex: Exchange) -> None:
        """Count a new session against its principal's quota and the gateway's limit (idle sessions
        are forgotten first when either is reached)."""
        principal = ex.client.principal
        if len(self._known) >= self._limit:
            self.expire_idle(force=True)
        if len(self._known) >= self._limit:
            raise RpcError(jsonrpc.INVALID_REQUEST, f"too many agent sessions (the limit is {self._limit})")
        try:
            await self._take(principal, wanted)
        except QuotaExceeded as exc:
            self._refusals.refused(exc, connection=ex.client.conn_id, session=ex.client.session)
            raise RpcError(jsonrpc.INVALID_REQUEST, exc.message, data=exc.data, id=ex.request_id) from None
        if wanted in self._known:  # another call of this session took it meanwhile
            return
        self._known[wanted] = principal
        self.expire_idle()

    async def _take(self, principal: str, wanted: str) -> None:
        """Count ``wanted``; at the quota, forget the idle sessions (if that walk is due) and count again."""
        limit = self._quotas.agent_sessions
        try:
            await self._ledger.take(QUOTA, principal, wanted, limit)
        except QuotaUnavailable:
            raise
        except QuotaExceeded:
            if not self.expire_idle(force=True):
                raise
            await self._ledger.take(QUOTA, principal, wanted, limit)

    def _enter(self, client: ClientState, session: str) -> None:
        """The connection's current session is now ``session``."""
        if client.session is not None and client.session != session:
            self._leave(client)
        self._in.setdefault(session, set()).add(client.conn_id)
        client.session = session

    def _leave(self, client: ClientState) -> None:
        if client.session is None:
            return
        inside = self._in.get(client.session)
        if inside is not None:
            inside.discard(client.conn_id)
            if not inside:
                del self._in[client.session]

    def known(self) -> list[str]:
        """The agent sessions in use, sorted (what the console lists)."""
        return sorted(self._known)

    def forget(self, client: ClientState) -> None:
        """A connection closed: its own default session can never be named again; a named session it
        was in stays (for its idle time) for the principal's other connections."""
        self._leave(client)
        if client.conn_id in self._known:
            self._drop(client.conn_id)

    def expire_idle(self, *, force: bool = False) -> list[str]:
        """Forget the sessions no connection is in and unused past the idle limit (now and then; when
        ``force``, unless the last walk was within a second — a principal hammering its quota must not
        make every refusal a walk over every session); returns them."""
        idle = self._quotas.agent_session_idle_s
        now = self.clock()
        if idle is None or now - self._swept < (_FORCED_SWEEP_S if force else idle / 10):
            return []  # a walk over every session: a tenth of the limit apart (a second, forced) is enough
        self._swept = now
        gone = [s for s, used in self._used.items() if now - used > idle and s not in self._in]
        for session in gone:
            self._drop(session)
        return gone

    def _drop(self, session: str) -> None:
        principal = self._known.pop(session, None)
        self._used.pop(session, None)
        if principal is not None:
            self._ledger.give_back(QUOTA, principal, session)
        self._decider.forget(session)


def _refused(why: str) -> bool:
    return False


def _scoped(principal: str, name: str) -> str:
    """The agent session a principal's name stands for: the local user's names are as given;
    every other principal's are prefixed with it, so no two principals share a name."""
    return name if principal == LOCAL else f"{principal}/{name}"
