"""Every message between a server and a client, through the pipeline, on the gateway's side.

The gateway relays far more than ``tools/call``: what a server answers (resource contents,
prompts, completions, lists and their descriptions, task results), its ``instructions``, its
notifications, its errors, its own requests (sampling, elicitation, roots) and what the client
answers them. Each is handed to the shared pipeline (:class:`weir.pipeline.flows.MessageFlow`):
labelled, joined into the agent session, decided, shaped, audited and recorded — the same stages
a tool's result walks — and only then relayed, as the decision shapes it:

- a response that is blocked becomes a JSON-RPC error naming Weir's reasons;
- a notification that is blocked is dropped;
- a server's request is refused (an error to the server) when the client did not declare the
  capability for it, when it is blocked, or when it needs the user's confirmation and the user
  does not give it; a form or URL the user sees names the requesting server and is never worded
  as Weir's own question;
- the client's answer is decided before it reaches the server (like a call's arguments).

Which agent session: a request's own (its ``_meta`` may name one, :class:`AgentSessions`); what
a server sends outside any request — a log line, a request on the standing stream — belongs to
the connection's current agent session (the one its last call used; the connection's own before
any call).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from weir.gateway.clients.asking import ClientRequests
from weir.gateway.clients.exchange import ClientState, Exchange
from weir.gateway.config import GatewayConfig
from weir.gateway.confirmation.confirm import accepted
from weir.gateway.routing.caching import CACHEABLE, cache_fields, kept_as_sent
from weir.gateway.wire import jsonrpc
from weir.gateway.wire.era import Era
from weir.gateway.wire.jsonrpc import Message, RpcError
from weir.guard.messages import ANSWER, SERVER_REQUESTS, McpMessage, kind_of
from weir.guard.shaping import decision_meta, explain
from weir.pipeline import CallPipeline
from weir.policy.decision import Decision, Verdict

__all__ = ["BLOCKED", "Messages", "server_named"]

BLOCKED: Final = -32003
"""The JSON-RPC error code of a response Weir withheld (its message names the rules and reasons)."""

_SILENT = frozenset({"notifications/cancelled", "notifications/initialized", "notifications/roots/list_changed"})
"""Notifications that carry no content of the server's (ids, list changes): relayed undecided."""
_CAPABILITY = {"sampling/createMessage": "sampling", "elicitation/create": "elicitation", "roots/list": "roots"}


def server_named(server: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """A server's elicitation as the user sees it: its message says which server asks, first,
    so that no server's form or link reads as Weir's own question."""
    out = dict(params)
    message = str(out.get("message") or "")
    out["message"] = f"[Server {server!r} asks — this is not a question from Weir]\n{message}"
    return out


class Messages:
    """Decides what crosses the gateway besides ``tools/call``, for one gateway."""

    def __init__(self, pipeline: CallPipeline, questions: ClientRequests, settings: GatewayConfig) -> None:
        self._flow = pipeline.messages
        self._questions = questions
        self._settings = settings

    @staticmethod
    def session_of(client: ClientState) -> str:
        """The agent session of what a connection receives outside a request: its current one."""
        return client.session or client.conn_id

    # -- what a server answers -----------------------------------------------------------

    async def response(
        self, ex: Exchange, session: str, server: str, method: str, result: dict[str, Any], *, item: str = ""
    ) -> dict[str, Any]:
        """A server's answer to the client's request, as the client may see it (RpcError: withheld)."""
        message = McpMessage(
            server, method, result, kind_of(method, result), item, principal=ex.client.principal_fact()
        )
        check = await self._flow.arriving(session, message, connection=ex.client.conn_id, principal=ex.client.principal)
        if check.decision.applied is Verdict.BLOCK:
            raise _blocked(method, server, check.decision, ex.request_id)
        if method in CACHEABLE:  # the cache obligation: the decision's, never the server's alone
            return {**check.result, **cache_fields(method, result, cacheable=kept_as_sent(check))}
        return check.result

    async def error(self, ex: Exchange, session: str, server: str, method: str, exc: RpcError) -> RpcError:
        """A server's JSON-RPC error, its ``message`` and ``data`` decided as content."""
        payload: dict[str, Any] = {"code": exc.code, "message": exc.message}
        if exc.data is not None:
            payload["data"] = exc.data
        message = McpMessage(server, method, payload, "error")
        check = await self._flow.arriving(session, message, connection=ex.client.conn_id, principal=ex.client.principal)
        if check.decision.applied is Verdict.BLOCK:
            return _blocked(method, server, check.decision, ex.request_id)
        shaped = check.result
        return RpcError(exc.code, str(shaped.get("message", "")), id=ex.request_id, data=shaped.get("data"))

    async def interim(self, ex: Exchange, session: str, server: str, result: dict[str, Any]) -> dict[str, Any] | str:
        """A 2026-07-28 ``input_required`` result as the client may see it, or why it is withheld
        (each question in it is then decided as the server's request, :meth:`decided_request`)."""
        message = McpMessage(server, "tools/call", result, "interim")
        check = await self._flow.arriving(session, message, connection=ex.client.conn_id, principal=ex.client.principal)
        if check.decision.applied is Verdict.BLOCK:
            return f"Weir blocked the interim result of server {server!r}: {explain(check.decision)}"
        return check.result

    async def instructions(self, client: ClientState, server: str, text: str) -> str | None:
        """A server's ``instructions`` as the client may read them (``None``: withheld)."""
        message = McpMessage(server, "initialize", {"instructions": text}, "instructions")
        check = await self._flow.arriving(
            self.session_of(client), message, connection=client.conn_id, principal=client.principal
        )
        if check.decision.applied is Verdict.BLOCK:
            return None
        shaped = check.result.get("instructions")
        return shaped if isinstance(shaped, str) else None

    async def server_info(self, client: ClientState, server: str, info: dict[str, Any]) -> dict[str, Any] | None:
        """A server's ``serverInfo`` (its title and description are the server's text) as the client
        may read it in the gateway's ``_meta`` (``None``: withheld)."""
        message = McpMessage(server, "initialize", {"serverInfo": info}, "description")
        check = await self._flow.arriving(
            self.session_of(client), message, connection=client.conn_id, principal=client.principal
        )
        if check.decision.applied is Verdict.BLOCK:
            return None
        shaped = check.result.get("serverInfo")
        return dict(shaped) if isinstance(shaped, dict) else None

    # -- what a server sends of its own --------------------------------------------------

    async def notification(
        self, client: ClientState, server: str, msg: Message, session: str | None = None
    ) -> Message | None:
        """A server's notification as the client may see it (``None``: dropped)."""
        method = str(msg.get("method", ""))
        params = msg.get("params")
        if method in _SILENT or method.endswith("/list_changed") or not isinstance(params, dict):
            return msg
        message = McpMessage(server, method, params, "notification")
        check = await self._flow.arriving(
            session or self.session_of(client), message, connection=client.conn_id, principal=client.principal
        )
        if check.decision.applied is Verdict.BLOCK:
            return None
        return {**msg, "params": check.result}

    async def server_request(self, ex: Exchange, server: str, msg: Message, session: str | None = None) -> Message:
        """Decide a server's request (sampling, elicitation, roots) before the client sees it, relay
        it, decide the client's answer before the server sees it: the response for the server."""
        method = str(msg.get("method", ""))
        if ex.era is Era.MODERN or not ex.back_channel:
            return jsonrpc.error(msg["id"], jsonrpc.METHOD_NOT_FOUND, "the client cannot be reached mid-call")
        params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
        ask = await self.decided_request(ex, server, method, params or {}, session)
        if isinstance(ask, str):
            return jsonrpc.error(msg["id"], jsonrpc.METHOD_NOT_FOUND if "capability" in ask else BLOCKED, ask)
        try:
            answer = await self._questions.ask(ex, method, ask, self._settings.confirm_timeout_s)
        except RpcError as exc:
            return jsonrpc.error(msg["id"], exc.code, exc.message)
        except TimeoutError:
            return jsonrpc.error(msg["id"], jsonrpc.INTERNAL_ERROR, "the client did not answer in time")
        refused = await self.decided_answer(ex, server, method, answer, session)
        if refused is not None:
            return jsonrpc.error(msg["id"], BLOCKED, refused)
        return jsonrpc.result(msg["id"], answer)

    async def decided_request(
        self, ex: Exchange, server: str, method: str, params: dict[str, Any], session: str | None = None
    ) -> dict[str, Any] | str:
        """A server's request as the client may see it, or why it is not relayed."""
        who = session or self.session_of(ex.client)
        message = McpMessage(server, method, params, kind_of(method, params))
        check = await self._flow.arriving(who, message, connection=ex.client.conn_id, principal=ex.client.principal)
        missing = _undeclared(ex, method, params)
        if missing is not None:
            return missing
        decision = check.decision
        if decision.applied is Verdict.BLOCK:
            return f"Weir blocked the {method} request of server {server!r}: {explain(decision)}"
        if decision.applied is Verdict.CONFIRM:
            why = await self._confirm(ex, f"relay the {method} request of server {server!r}", decision)
            if why is not None:
                return why
        shaped = dict(check.result)
        return server_named(server, shaped) if method == "elicitation/create" else shaped

    async def decided_answer(
        self, ex: Exchange, server: str, method: str, answer: Mapping[str, Any], session: str | None = None
    ) -> str | None:
        """Decide the client's answer to a server's request; why it is not sent, or None to send it."""
        who = session or self.session_of(ex.client)
        message = McpMessage(server, method, dict(answer), ANSWER)
        check = await self._flow.answering(who, message, connection=ex.client.conn_id, principal=ex.client.principal)
        decision = check.decision
        if decision.applied is Verdict.BLOCK:
            return f"Weir blocked the client's answer to {method}: {explain(decision)}"
        if decision.applied is Verdict.CONFIRM:
            return await self._confirm(
                ex, f"send the client's answer to {method} to server {server!r}", decision, shown=answer
            )
        return None

    async def _confirm(
        self, ex: Exchange, what: str, decision: Decision, *, shown: Mapping[str, Any] | None = None
    ) -> str | None:
        """Ask the user with Weir's own form; why not approved, or None when approved."""
        if not ex.can_elicit or ex.era is not Era.LEGACY or not ex.back_channel:
            return f"Weir needs the user's confirmation to {what} and cannot ask this client: {explain(decision)}"
        why = "\n".join(f"- {r}" for r in decision.reasons) or "- policy requires confirmation"
        text = f"Weir: {what}?\nWhy you are asked:\n{why}"
        if shown is not None:
            text += "\nAnswer: " + json.dumps(shown, ensure_ascii=False, default=str)[:2000]
        form = {
            "mode": "form",
            "message": text,
            "requestedSchema": {
                "type": "object",
                "properties": {"approve": {"type": "boolean", "title": "Allow", "default": False}},
                "required": ["approve"],
            },
        }
        try:
            reply = await self._questions.ask(ex, "elicitation/create", form, self._settings.confirm_timeout_s)
        except (TimeoutError, RpcError) as exc:
            return f"the confirmation to {what} was not answered ({exc or 'timed out'})"
        return None if accepted(reply) else f"the user did not approve: {what}"


def _undeclared(ex: Exchange, method: str, params: Mapping[str, Any]) -> str | None:
    """Why a server's request may not reach this client: it did not declare the capability."""
    capability = _CAPABILITY.get(method)
    if capability is None or method not in SERVER_REQUESTS:
        return f"{method}: not a request a server may send a client"
    caps = ex.capabilities.get(capability)
    if not isinstance(caps, Mapping):
        return f"{method}: the client did not declare the {capability} capability"
    if method == "elicitation/create" and params.get("mode") == "url" and "url" not in caps:
        return f"{method}: the client did not declare URL-mode elicitation"
    return None


def _blocked(method: str, server: str, decision: Decision, request_id: Any) -> RpcError:
    return RpcError(
        BLOCKED,
        f"Weir blocked the {method} answer of server {server!r}: {explain(decision)}",
        id=request_id,
        data={"dev.weir/decision": decision_meta(decision)},
    )
