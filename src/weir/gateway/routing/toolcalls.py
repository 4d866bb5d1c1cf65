"""A ``tools/call`` request through the gateway: read it, route it, run it through the pipeline.

Everything that decides, asks, forwards, audits and records is the shared call pipeline
(:class:`weir.pipeline.CallPipeline`); this module only turns the JSON-RPC request into a
:class:`weir.pipeline.ToolCall`, plugs in the gateway's router and asker for that request, and
keeps the 2026-07-28 confirmation states between a question and the client's retry.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from weir.approvals import ApprovalQueue
from weir.errors import WeirError
from weir.gateway.clients.asking import ClientRequests
from weir.gateway.clients.exchange import Exchange
from weir.gateway.config import GatewayConfig
from weir.gateway.confirmation import confirm
from weir.gateway.quotas import QuotaLedger, Refusals
from weir.gateway.routing.forwarding import Forwarding
from weir.gateway.routing.messages import Messages
from weir.gateway.routing.naming import Route
from weir.gateway.routing.sessions import AgentSessions
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.jsonrpc import RpcError
from weir.guard import intent
from weir.observe.instruments import CallObserver
from weir.pipeline import Answer, CallPipeline, Passage, ToolCall
from weir.state.ports import RequestStates

__all__ = ["ToolCalls"]

RouteTool = Callable[[str, Exchange], Awaitable[Route | None]]
"""The server and name behind an exposed tool name (listing tools first if needed)."""


class ToolCalls:
    """Answers the ``tools/call`` requests of one gateway."""

    def __init__(
        self,
        pipeline: CallPipeline,
        forwarding: Forwarding,
        questions: ClientRequests,
        settings: GatewayConfig,
        route_tool: RouteTool,
        *,
        messages: Messages,
        ledger: QuotaLedger,
        refusals: Refusals,
        approvals: ApprovalQueue | None = None,
        observer: CallObserver | None = None,
        request_states: RequestStates | None = None,
    ) -> None:
        self.pipeline = pipeline
        self._messages = messages
        self.sessions = AgentSessions(
            pipeline.decider,
            pipeline.worker,
            limit=settings.max_agent_sessions,
            ledger=ledger,
            quotas=settings.quotas,
            refusals=refusals,
        )
        self.pending = confirm.PendingConfirmations(settings.confirm_timeout_s * 4, states=request_states)
        self._forwarding = forwarding
        self._questions = questions
        self._settings = settings
        self._route_tool = route_tool
        self._approvals = approvals
        self._observer = observer

    async def call(self, ex: Exchange) -> dict[str, Any]:
        """Answer one tools/call request with a result dict (a server's refusal is an RpcError)."""
        name = ex.params.get("name")
        if not isinstance(name, str):
            raise RpcError(jsonrpc.INVALID_PARAMS, 'tools/call needs a string "name"', id=ex.request_id)
        arguments = ex.params.get("arguments") or {}
        if not isinstance(arguments, Mapping):
            raise RpcError(jsonrpc.INVALID_PARAMS, '"arguments" must be an object', id=ex.request_id)
        route = await self._route_tool(name, ex)
        if route is None:
            raise RpcError(jsonrpc.INVALID_PARAMS, f"Unknown tool: {name}", id=ex.request_id)
        session = await self.sessions.resolve(ex)
        meta, said = self._intent(ex)
        call = ToolCall(
            session,
            route.server,
            route.name,
            dict(arguments),
            meta,
            name,
            ex.client.conn_id,
            ex.request_id,
            intent=said,
            principal=ex.client.principal_fact(),
        )
        state = ex.params.get("requestState")
        kept: confirm.Kept | str | None = None
        answer: Answer | None = None
        if isinstance(state, str) and state.startswith(confirm.STATE_PREFIX):
            kept = await self.pending.close(state, call.session, name, call.arguments)
            answer = confirm.retry_answer(kept, ex.params.get("inputResponses"))
        router = await self._forwarding.router(ex, route, kept if isinstance(kept, confirm.Kept) else None)
        asker = confirm.ExchangeAsker(ex, self._questions, self.pending, self._settings, self._approvals)

        async def run() -> Passage:
            return await self.pipeline.run(call, router, asker, answer=answer)

        try:
            passage = await (run() if self._observer is None else self._observer.around(call, run))
        except RpcError as exc:  # the server refused: its own code, its message and data decided as content
            raise await self._messages.error(ex, call.session, call.server, "tools/call", exc) from None
        return await self._result(passage)

    def _intent(self, ex: Exchange) -> tuple[dict[str, Any], str | None]:
        """The request's ``_meta`` without the user's words, and the words when a trusted host sent them."""
        trusted = ex.client.principal in self._settings.trusted_hosts
        try:
            return intent.split_meta(ex.meta, trusted=trusted)
        except WeirError as exc:
            raise RpcError(jsonrpc.INVALID_PARAMS, exc.message, id=ex.request_id) from None

    async def _result(self, passage: Passage) -> dict[str, Any]:
        result = passage.result
        if passage.interim and passage.confirmed:
            # The upstream's own question, on a call the user already approved: the approval is kept
            # across the client's retry (else it would be asked for again, forever).
            call = passage.call
            state = await self.pending.carry(call.session, call.name, call.arguments, result.get("requestState"))
            return {**result, "requestState": state}
        return result
