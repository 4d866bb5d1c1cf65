"""The gateway's router: how a decided call reaches its upstream server and comes back.

A :class:`CallRouter` is made per request; it carries the client's exchange (progress and
relayed questions go back on it) and applies the decision's obligations: the configured
timeouts (the longer one for slow tools), retries for idempotent tools, and the per-server
limit on resource-intensive calls. A call goes on the client's own session with its server
(:mod:`weir.gateway.upstream.links`), so the client's own progress token travels as it is. When a
2026-07-28 upstream asks for input and the client speaks 2025-11-25, the questions are asked of
the client one by one and the call is retried. What the server sends meanwhile — notifications,
its own requests, its interim questions — and what the client answers are decided on the call's
agent session (:mod:`weir.gateway.routing.messages`) before they are relayed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from weir.errors import UpstreamError
from weir.gateway.clients.asking import ClientRequests
from weir.gateway.clients.exchange import Exchange
from weir.gateway.config import GatewayConfig
from weir.gateway.confirmation.confirm import Kept
from weir.gateway.routing.messages import Messages
from weir.gateway.routing.naming import Route, ToolTable
from weir.gateway.upstream.links import Links
from weir.gateway.upstream.session import Upstream
from weir.gateway.wire.era import Era
from weir.gateway.wire.jsonrpc import METHOD_NOT_FOUND, Message, RpcError
from weir.guard.checks import CallCheck
from weir.labels.keys import TOOL_RESOLUTION
from weir.labels.resolve_answer import RESOLVE_EXTENSIONS, failed_answer, offers_resolution
from weir.pipeline import Forwarded, ToolCall

__all__ = ["CallRouter", "Forwarding"]

_INPUT_ROUNDS = 10  # as many input_required rounds as the SDK client allows
_ASKED = 1024


class Forwarding:
    """What every call's router shares: the sessions, the tools, the limits, the client channel."""

    def __init__(
        self,
        links: Links,
        tools: ToolTable,
        settings: GatewayConfig,
        questions: ClientRequests,
        messages: Messages,
    ) -> None:
        self.links = links
        self.tools = tools
        self.settings = settings
        self.questions = questions
        self.messages = messages
        self.asked: dict[str, dict[str, str]] = {}
        """A 2026-07-28 server's ``requestState`` → the method of each question it asked (so the
        client's answers, on its retry, are decided as answers to those requests). Bounded."""
        self._heavy: dict[str, asyncio.Semaphore] = {}

    def remember(self, state: Any, requests: Mapping[str, str]) -> None:
        """Note what a server asked under ``state`` (the oldest half is dropped past a bound)."""
        if not isinstance(state, str):
            return
        if len(self.asked) >= _ASKED:
            for key in list(self.asked)[: _ASKED // 2]:
                del self.asked[key]
        self.asked[state] = dict(requests)

    async def router(self, ex: Exchange, route: Route, kept: Kept | None = None) -> CallRouter:
        """The router of one request (``kept``: the gateway's own state the client retried with), over
        the client's session with the route's server (opened, and counted against its quota, on first use)."""
        return CallRouter(self, ex, route, kept, await self.links.session(route.server, ex))

    def heavy_limit(self, server: str) -> asyncio.Semaphore:
        """The per-server limit on resource-intensive calls."""
        limit = self._heavy.get(server)
        if limit is None:
            limit = self._heavy[server] = asyncio.Semaphore(self.settings.heavy_concurrency)
        return limit


class CallRouter:
    """Routes one ``tools/call`` request (implements :class:`weir.pipeline.Router`)."""

    def __init__(self, shared: Forwarding, ex: Exchange, route: Route, kept: Kept | None, upstream: Upstream) -> None:
        self._shared = shared
        self._ex = ex
        self._route = route
        self._kept = kept
        self._upstream = upstream

    async def resolve(self, call: ToolCall) -> Mapping[str, Any] | None:
        """Ask a resolvable tool what this call will do (the tool-resolution draft's negotiation).

        None when there is nothing to ask: the tool is not marked, the server does not advertise
        the extension (or advertises settings this revision does not know), or it does not
        implement the method. Any other failure is a stand-in answer the Guard rejects and the
        audit records; the static definition decides either way.
        """
        tool = self._shared.tools.raw_tool(self._route) or {}
        ext = (tool.get("_meta") or {}).get(TOOL_RESOLUTION)
        if not (isinstance(ext, Mapping) and ext.get("resolvable") is True):
            return None
        upstream = self._upstream
        try:
            if not upstream.connected:
                await upstream.ensure_started()
            if not offers_resolution(upstream.capabilities):
                return None
            params = {"name": call.tool, "arguments": call.arguments}
            timeout = self._shared.settings.call_timeout_s
            # 2026-07-28: the capability travels on this very request; 2025-11-25: negotiated at initialize.
            return await upstream.request("tools/resolve", params, timeout=timeout, extensions=RESOLVE_EXTENSIONS)
        except RpcError as exc:
            return None if exc.code == METHOD_NOT_FOUND else failed_answer(exc.code, exc.message)
        except UpstreamError as exc:
            return failed_answer(None, exc.message)

    async def forward(self, call: ToolCall, check: CallCheck) -> Forwarded:
        """Send the call upstream under the decision's obligations."""
        params = self._params(call, check)
        refused = await self._answers(call, params)
        if refused is not None:
            raise UpstreamError(refused, server=self._upstream.name)
        result = await self._send(params, check, call.session)
        if result.get("resultType") != "input_required":
            return Forwarded(result)
        if self._ex.era is Era.MODERN:
            return await self._interim(call, result)  # the client answers the server itself and retries
        return Forwarded(await self._answer_for_legacy(params, result, check, call.session))

    async def _answers(self, call: ToolCall, params: Mapping[str, Any]) -> str | None:
        """A 2026-07-28 retry carries the client's answers to the server's questions: each is decided
        before it reaches the server; why one may not, or None."""
        responses = params.get("inputResponses")
        if not isinstance(responses, Mapping) or not responses:
            return None
        asked = self._shared.asked.pop(str(params.get("requestState")), {})
        for key, answer in responses.items():
            if not isinstance(answer, Mapping):
                continue
            method = asked.get(str(key), "elicitation/create")
            refused = await self._shared.messages.decided_answer(
                self._ex, self._upstream.name, method, answer, call.session
            )
            if refused is not None:
                return refused
        return None

    async def _interim(self, call: ToolCall, result: dict[str, Any]) -> Forwarded:
        """A 2026-07-28 server's ``input_required``: the interim result and each question in it
        decided before the client sees them; a question that may not reach it ends the call."""
        messages, server = self._shared.messages, self._upstream.name
        shown = await messages.interim(self._ex, call.session, server, result)
        if isinstance(shown, str):
            raise UpstreamError(shown, server=server)
        requests = shown.get("inputRequests")
        decided: dict[str, Any] = {}
        methods: dict[str, str] = {}
        for key, request in requests.items() if isinstance(requests, Mapping) else ():
            method = str(request.get("method", "")) if isinstance(request, Mapping) else ""
            params = request.get("params") if isinstance(request, Mapping) else None
            ask = await messages.decided_request(
                self._ex, server, method, dict(params) if isinstance(params, Mapping) else {}, call.session
            )
            if isinstance(ask, str):
                raise UpstreamError(ask, server=server)
            decided[key] = {**request, "params": ask}
            methods[str(key)] = method
        self._shared.remember(shown.get("requestState"), methods)
        return Forwarded({**shown, "inputRequests": decided}, final=False)

    def _params(self, call: ToolCall, check: CallCheck) -> dict[str, Any]:
        params = dict(self._ex.params)
        kept = self._kept
        if kept is not None:
            params.pop("requestState", None)  # the gateway's own state; the upstream never saw it
            if not kept.approved:
                params.pop("inputResponses", None)  # the answer to the gateway's own question
            elif kept.upstream_state is not None:
                params["requestState"] = kept.upstream_state  # the answers go back with the server's state
        params["name"] = call.tool
        params["arguments"] = call.arguments
        # What the decision says to send (the client's keys this server may see, and the labels),
        # not the client's _meta as it came: a key withheld there must not arrive anyway.
        params["_meta"] = dict(check.request_meta)
        return params

    async def _send(self, params: dict[str, Any], check: CallCheck, session: str) -> dict[str, Any]:
        ob = check.decision.obligations
        settings = self._shared.settings
        # The deployer's timeouts decide how long to wait; the policy only says whether the tool is slow.
        timeout = settings.slow_timeout_s if ob.progress else settings.call_timeout_s
        tries = 1 + (settings.retries if ob.retry_allowed else 0)
        ex, messages, server = self._ex, self._shared.messages, self._upstream.name

        async def notify(msg: Message) -> None:
            shown = await messages.notification(ex.client, server, msg, session)
            if shown is not None:
                await ex.send(shown)

        async def relay(msg: Message) -> Message:
            return await messages.server_request(ex, server, msg, session)

        for attempt in range(tries):
            try:
                if ob.concurrency_class is not None:
                    async with self._shared.heavy_limit(self._upstream.name):
                        return await self._upstream.request(
                            "tools/call", params, timeout=timeout, on_request=relay, on_notify=notify
                        )
                return await self._upstream.request(
                    "tools/call", params, timeout=timeout, on_request=relay, on_notify=notify
                )
            except UpstreamError:
                if attempt + 1 >= tries:
                    raise
        raise AssertionError("unreachable")

    async def _answer_for_legacy(
        self, params: dict[str, Any], result: dict[str, Any], check: CallCheck, session: str
    ) -> dict[str, Any]:
        """A modern upstream asked for input; a legacy client is asked request by request (each
        question, and each answer, decided as the server's request and the client's answer)."""
        ex, name, messages = self._ex, self._upstream.name, self._shared.messages
        for _ in range(_INPUT_ROUNDS):
            if result.get("resultType") != "input_required":
                return result
            answers: dict[str, Any] = {}
            for key, request in (result.get("inputRequests") or {}).items():
                method = str(request.get("method", "")) if isinstance(request, dict) else ""
                if not ex.back_channel or not method:
                    raise UpstreamError("the server needs input the client cannot be asked for", server=name)
                asked = request.get("params") if isinstance(request.get("params"), dict) else {}
                ask = await messages.decided_request(ex, name, method, asked or {}, session)
                if isinstance(ask, str):
                    raise UpstreamError(ask, server=name)
                try:
                    answer = await self._shared.questions.ask(ex, method, ask, self._shared.settings.confirm_timeout_s)
                except (TimeoutError, RpcError) as exc:
                    raise UpstreamError(f"the client did not answer the server's question: {exc}") from exc
                refused = await messages.decided_answer(ex, name, method, answer, session)
                if refused is not None:
                    raise UpstreamError(refused, server=name)
                answers[key] = answer
            retry = {**params, "inputResponses": answers}
            if result.get("requestState") is not None:
                retry["requestState"] = result["requestState"]
            result = await self._send(retry, check, session)
        raise UpstreamError("the server kept asking for input", server=name)
