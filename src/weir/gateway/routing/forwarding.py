"""The gateway's router: how a decided call reaches its upstream server and comes back.

A :class:`CallRouter` is made per request; it carries the client's exchange (progress and
relayed questions go back on it) and applies the decision's obligations: the configured
timeouts (the longer one for slow tools), retries for idempotent tools, and the per-server
limit on resource-intensive calls. A call goes on the client's own session with its server
(:mod:`weir.gateway.upstream.links`), so the client's own progress token travels as it is. When a
2026-07-28 upstream asks for input and the client speaks 2025-11-25, the questions are asked of
the client one by one and the call is retried.
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
from weir.gateway.routing.naming import Route, ToolTable
from weir.gateway.upstream.links import Links
from weir.gateway.wire.era import Era
from weir.gateway.wire.jsonrpc import Message, RpcError
from weir.guard.checks import CallCheck
from weir.labels.keys import TOOL_RESOLUTION
from weir.pipeline import Forwarded, ToolCall
from weir.policy.obligations import TIMEOUT_S

__all__ = ["CallRouter", "Forwarding"]

_INPUT_ROUNDS = 10  # as many input_required rounds as the SDK client allows


class Forwarding:
    """What every call's router shares: the sessions, the tools, the limits, the client channel."""

    def __init__(
        self,
        links: Links,
        tools: ToolTable,
        settings: GatewayConfig,
        questions: ClientRequests,
    ) -> None:
        self.links = links
        self.tools = tools
        self.settings = settings
        self.questions = questions
        self._heavy: dict[str, asyncio.Semaphore] = {}

    def router(self, ex: Exchange, route: Route, kept: Kept | None = None) -> CallRouter:
        """The router of one request (``kept``: the gateway's own state the client retried with)."""
        return CallRouter(self, ex, route, kept)

    def heavy_limit(self, server: str) -> asyncio.Semaphore:
        """The per-server limit on resource-intensive calls."""
        limit = self._heavy.get(server)
        if limit is None:
            limit = self._heavy[server] = asyncio.Semaphore(self.settings.heavy_concurrency)
        return limit


class CallRouter:
    """Routes one ``tools/call`` request (implements :class:`weir.pipeline.Router`)."""

    def __init__(self, shared: Forwarding, ex: Exchange, route: Route, kept: Kept | None) -> None:
        self._shared = shared
        self._ex = ex
        self._route = route
        self._kept = kept
        self._upstream = shared.links.session(route.server, ex)

    async def resolve(self, call: ToolCall) -> Mapping[str, Any] | None:
        """Ask a resolvable tool what this call will do; failure leaves the possible set in force."""
        tool = self._shared.tools.raw_tool(self._route) or {}
        ext = (tool.get("_meta") or {}).get(TOOL_RESOLUTION)
        if not (isinstance(ext, Mapping) and ext.get("resolvable") is True):
            return None
        params = {"name": call.tool, "arguments": call.arguments, "_meta": {}}
        try:
            return await self._upstream.request("tools/resolve", params, timeout=self._shared.settings.call_timeout_s)
        except (RpcError, UpstreamError):
            return None

    async def forward(self, call: ToolCall, check: CallCheck) -> Forwarded:
        """Send the call upstream under the decision's obligations."""
        params = self._params(call, check)
        result = await self._send(params, check)
        if result.get("resultType") != "input_required":
            return Forwarded(result)
        if self._ex.era is Era.MODERN:
            return Forwarded(result, final=False)  # the client answers the server itself and retries
        return Forwarded(await self._answer_for_legacy(params, result, check))

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
        meta = dict(self._ex.meta)
        meta.update(check.request_meta)
        params["_meta"] = meta
        return params

    async def _send(self, params: dict[str, Any], check: CallCheck) -> dict[str, Any]:
        ob = check.decision.obligations
        settings = self._shared.settings
        slow = ob.progress or ob.timeout_s > TIMEOUT_S
        # The deployer's timeouts decide how long to wait; the policy only says whether the tool is slow.
        timeout = settings.slow_timeout_s if slow else settings.call_timeout_s
        tries = 1 + (settings.retries if ob.retry_allowed else 0)
        ex = self._ex

        async def notify(msg: Message) -> None:
            await ex.send(msg)

        async def relay(msg: Message) -> Message:
            return await self._shared.questions.relay(ex, msg, settings.confirm_timeout_s)

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
        self, params: dict[str, Any], result: dict[str, Any], check: CallCheck
    ) -> dict[str, Any]:
        """A modern upstream asked for input; a legacy client is asked request by request."""
        ex, name = self._ex, self._upstream.name
        for _ in range(_INPUT_ROUNDS):
            if result.get("resultType") != "input_required":
                return result
            answers: dict[str, Any] = {}
            for key, request in (result.get("inputRequests") or {}).items():
                method = str(request.get("method", "")) if isinstance(request, dict) else ""
                if not ex.back_channel or not method:
                    raise UpstreamError("the server needs input the client cannot be asked for", server=name)
                try:
                    answers[key] = await self._shared.questions.ask(
                        ex, method, request.get("params") or {}, self._shared.settings.confirm_timeout_s
                    )
                except (TimeoutError, RpcError) as exc:
                    raise UpstreamError(f"the client did not answer the server's question: {exc}") from exc
            retry = {**params, "inputResponses": answers}
            if result.get("requestState") is not None:
                retry["requestState"] = result["requestState"]
            result = await self._send(retry, check)
        raise UpstreamError("the server kept asking for input", server=name)
