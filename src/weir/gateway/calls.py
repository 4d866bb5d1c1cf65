"""One ``tools/call`` through the gateway: decide, ask, forward, inspect, audit, release.

The order is the contract: the pre-call decision is audited before anything runs; the
post-call decision is audited before the result is released; an upstream failure becomes a
clear error result for that call only.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from weir.errors import UpstreamError
from weir.gateway import confirm, effects, jsonrpc
from weir.gateway.audit import Step
from weir.gateway.catalog import Route
from weir.gateway.config import ConfirmFallback
from weir.gateway.enforcer import PostCall, PreCall
from weir.gateway.era import Era
from weir.gateway.exchange import Exchange
from weir.gateway.jsonrpc import Message, RpcError
from weir.gateway.upstream import Upstream

if TYPE_CHECKING:
    from weir.gateway.proxy import Gateway

__all__ = ["ToolCalls"]

_RESOLUTION_KEY = "io.modelcontextprotocol/tool-resolution"
_tokens = itertools.count(1)


class ToolCalls:
    """The tools/call pipeline of one gateway."""

    def __init__(self, gateway: Gateway) -> None:
        self.gw = gateway
        self.pending = confirm.PendingConfirmations(gateway.settings.confirm_timeout_s * 4)
        self._heavy: dict[str, asyncio.Semaphore] = {}

    async def call(self, ex: Exchange) -> dict[str, Any]:
        """Answer one tools/call request with a result dict (errors become results or RpcError)."""
        name = ex.params.get("name")
        if not isinstance(name, str):
            raise RpcError(jsonrpc.INVALID_PARAMS, 'tools/call needs a string "name"', id=ex.request_id)
        arguments = ex.params.get("arguments") or {}
        if not isinstance(arguments, Mapping):
            raise RpcError(jsonrpc.INVALID_PARAMS, '"arguments" must be an object', id=ex.request_id)
        route = await self.gw.route_tool(name)
        if route is None:
            raise RpcError(jsonrpc.INVALID_PARAMS, f"Unknown tool: {name}", id=ex.request_id)
        state = ex.params.get("requestState")
        if isinstance(state, str) and state.startswith(confirm.STATE_PREFIX):
            return await self._resume(ex, route, dict(arguments), state)
        if self.gw.recorder is not None:
            self.gw.recorder.call(ex.session, route.server, route.name, dict(arguments), dict(ex.meta))
        pre = await self._decide(ex, route, dict(arguments))
        self._audit_call(ex, route, pre, arguments)
        if pre.effect == "block":
            return effects.blocked_result(name, pre.rules, pre.reasons)
        if pre.effect == "confirm":
            return await self._confirm(ex, route, dict(arguments), pre)
        return await self._run(ex, route, dict(arguments), pre)

    # -- deciding ---------------------------------------------------------------------------

    async def _decide(self, ex: Exchange, route: Route, arguments: dict[str, Any]) -> PreCall:
        resolved = await self._resolve(ex, route, arguments)
        try:
            return self.gw.enforcer.before_call(
                ex.session, route.server, route.name, arguments, meta=ex.meta, resolved=resolved
            )
        except Exception as exc:  # top-level decision boundary: any failure blocks (fail closed)
            why = f"deciding failed: {type(exc).__name__}: {exc}"
            return PreCall(effect="block", decided="block", rules=("weir/decision-error",), reasons=(why,), error=why)

    async def _resolve(self, ex: Exchange, route: Route, arguments: dict[str, Any]) -> Mapping[str, Any] | None:
        """Ask a resolvable tool what this call will do; failure leaves the possible set in force."""
        tool = self.gw.catalog.raw_tool(route) or {}
        ext = (tool.get("_meta") or {}).get(_RESOLUTION_KEY)
        if not (isinstance(ext, Mapping) and ext.get("resolvable") is True):
            return None
        params = {"name": route.name, "arguments": arguments, "_meta": {}}
        try:
            return await self.gw.upstreams[route.server].request(
                "tools/resolve", params, timeout=self.gw.settings.call_timeout_s
            )
        except (RpcError, UpstreamError):
            return None

    @staticmethod
    def _step(ex: Exchange, route: Route) -> Step:
        return Step(ex.session, ex.client.conn_id, route.server, route.name, ex.request_id)

    def _audit_call(self, ex: Exchange, route: Route, pre: PreCall, arguments: Mapping[str, Any]) -> None:
        self.gw.audit.append(self._step(ex, route).call(pre, arguments))

    # -- confirming -------------------------------------------------------------------------

    async def _confirm(self, ex: Exchange, route: Route, arguments: dict[str, Any], pre: PreCall) -> dict[str, Any]:
        name = str(ex.params["name"])
        form = confirm.elicitation_params(name, arguments, pre.reasons)
        if not ex.can_elicit or (ex.era is Era.LEGACY and not ex.back_channel):
            return await self._fallback(ex, route, arguments, pre)
        if ex.era is Era.MODERN:
            return confirm.input_required(form, self.pending.open(ex.session, name, arguments))
        try:
            answer = await self.gw.ask_client(ex, "elicitation/create", form, self.gw.settings.confirm_timeout_s)
        except (TimeoutError, RpcError, UpstreamError) as exc:
            return self._declined(ex, route, pre, f"the confirmation was not answered ({exc or 'timed out'})")
        if not confirm.accepted(answer):
            return self._declined(ex, route, pre, f"the user did not approve ({answer.get('action', 'no answer')})")
        self._note(ex, route, "allow", ("weir/confirmed",), ("the user approved the call",))
        return await self._run(ex, route, arguments, pre)

    async def _resume(self, ex: Exchange, route: Route, arguments: dict[str, Any], state: str) -> dict[str, Any]:
        """A modern retry under a gateway state: the answer to its question, or to the server's."""
        name = str(ex.params["name"])
        kept = self.pending.close(state, ex.session, name, arguments)
        pre = await self._decide(ex, route, arguments)
        if isinstance(kept, str):
            return self._declined(ex, route, pre, kept)
        problem = self._unapproved(ex, kept)
        if problem is not None:
            return self._declined(ex, route, pre, problem)
        if pre.effect == "block":
            self._audit_call(ex, route, pre, arguments)
            return effects.blocked_result(name, pre.rules, pre.reasons)
        if kept.approved:
            why = "the client answered the server's own question; the call goes on under the user's approval"
            self._note(ex, route, "allow", ("weir/confirmed-resume",), (why,))
        else:
            self._note(ex, route, "allow", ("weir/confirmed",), ("the user approved the call",))
        return await self._run(ex, route, arguments, pre, kept=kept)

    @staticmethod
    def _unapproved(ex: Exchange, kept: confirm.Kept) -> str | None:
        """Why the retry does not approve the call, or ``None`` when it does."""
        if kept.approved:
            return None
        responses = ex.params.get("inputResponses")
        answer = responses.get(confirm.CONFIRM_KEY) if isinstance(responses, Mapping) else None
        if confirm.accepted(answer):
            return None
        action = answer.get("action") if isinstance(answer, Mapping) else None
        return f"the user did not approve ({action or 'no answer'})"

    async def _fallback(self, ex: Exchange, route: Route, arguments: dict[str, Any], pre: PreCall) -> dict[str, Any]:
        why = "the client cannot be asked (no elicitation support)"
        if self.gw.settings.confirm_fallback is ConfirmFallback.ALLOW:
            self._note(ex, route, "allow", ("weir/confirm-fallback",), (f"{why}; fallback allows",))
            return await self._run(ex, route, arguments, pre)
        return self._declined(ex, route, pre, f"{why}; fallback blocks")

    def _declined(self, ex: Exchange, route: Route, pre: PreCall, why: str) -> dict[str, Any]:
        rules, reasons = (*pre.rules, "weir/confirm"), (*pre.reasons, why)
        self._note(ex, route, "block", rules, reasons)
        return effects.blocked_result(str(ex.params["name"]), rules, reasons)

    def _note(self, ex: Exchange, route: Route, effect: str, rules: tuple[str, ...], reasons: tuple[str, ...]) -> None:
        self.gw.audit.append(self._step(ex, route).note(effect, rules, reasons))

    # -- running ----------------------------------------------------------------------------

    async def _run(
        self, ex: Exchange, route: Route, arguments: dict[str, Any], pre: PreCall, *, kept: confirm.Kept | None = None
    ) -> dict[str, Any]:
        upstream = self.gw.upstreams[route.server]
        params, token = self._upstream_params(ex, route, arguments, pre, kept)
        started = time.perf_counter()
        try:
            result = await self._forward(ex, upstream, params, token, pre)
        except UpstreamError as exc:
            return self._failed(ex, route, started, str(exc.message))
        except RpcError as exc:
            self._failed(ex, route, started, f"error {exc.code}: {exc.message}")
            raise RpcError(exc.code, exc.message, id=ex.request_id, data=exc.data) from None
        if result.get("resultType") == "input_required":
            if ex.era is Era.MODERN:
                # The upstream's own question: the client answers it and retries. A call the user
                # approved keeps that approval across the retry (else it would be asked again, forever).
                if kept is None:
                    return result
                state = self.pending.carry(ex.session, str(ex.params["name"]), arguments, result.get("requestState"))
                return {**result, "requestState": state}
            try:
                result = await self._answer_for_legacy(ex, upstream, params, result, token=token, pre=pre)
            except UpstreamError as exc:
                return self._failed(ex, route, started, str(exc.message))
        return self._release(ex, route, result, (time.perf_counter() - started) * 1000, pre)

    async def _answer_for_legacy(
        self,
        ex: Exchange,
        upstream: Upstream,
        params: dict[str, Any],
        result: dict[str, Any],
        *,
        token: Any,
        pre: PreCall,
    ) -> dict[str, Any]:
        """A modern upstream asked for input; a legacy client is asked request by request."""
        for _ in range(10):  # as many rounds as the SDK client allows
            if result.get("resultType") != "input_required":
                return result
            answers: dict[str, Any] = {}
            for key, request in (result.get("inputRequests") or {}).items():
                method = str(request.get("method", "")) if isinstance(request, dict) else ""
                if not ex.back_channel or not method:
                    raise UpstreamError("the server needs input the client cannot be asked for", server=upstream.name)
                try:
                    answers[key] = await self.gw.ask_client(
                        ex, method, request.get("params") or {}, self.gw.settings.confirm_timeout_s
                    )
                except (TimeoutError, RpcError) as exc:
                    raise UpstreamError(f"the client did not answer the server's question: {exc}") from exc
            retry = {**params, "inputResponses": answers}
            if result.get("requestState") is not None:
                retry["requestState"] = result["requestState"]
            result = await self._forward(ex, upstream, retry, token, pre)
        raise UpstreamError("the server kept asking for input", server=upstream.name)

    def _upstream_params(
        self, ex: Exchange, route: Route, arguments: dict[str, Any], pre: PreCall, kept: confirm.Kept | None
    ) -> tuple[dict[str, Any], Any]:
        params = dict(ex.params)
        if kept is not None:
            # The gateway's own state; the upstream never saw it.
            params.pop("requestState", None)
            if not kept.approved:
                params.pop("inputResponses", None)  # the answer to the gateway's own question
            elif kept.upstream_state is not None:
                params["requestState"] = kept.upstream_state  # the answers go back with the server's state
        params["name"] = route.name
        params["arguments"] = arguments
        meta = dict(ex.meta)
        meta.update(pre.request_meta)
        token = meta.get("progressToken")
        if token is not None:
            meta["progressToken"] = f"weir-{next(_tokens)}"
        params["_meta"] = meta
        return params, token

    async def _forward(
        self, ex: Exchange, upstream: Upstream, params: dict[str, Any], token: Any, pre: PreCall
    ) -> dict[str, Any]:
        ob = pre.obligations
        timeout = ob.timeout_s or (self.gw.settings.slow_timeout_s if ob.slow else self.gw.settings.call_timeout_s)
        tries = 1 + (self.gw.settings.retries if ob.retry_allowed else 0)
        limit = self._heavy.get(upstream.name)
        if limit is None:
            limit = self._heavy[upstream.name] = asyncio.Semaphore(self.gw.settings.heavy_concurrency)

        async def notify(msg: Message) -> None:
            # The client's own progress token goes back in place of the gateway's; only the two
            # levels that change are copied (the message is the upstream's, fresh per message).
            params = msg.get("params")
            if token is not None and isinstance(params, dict) and "progressToken" in params:
                msg = {**msg, "params": {**params, "progressToken": token}}
            await ex.send(msg)

        async def relay(msg: Message) -> Message:
            return await self.gw.relay_to_client(ex, msg)

        for attempt in range(tries):
            try:
                if ob.heavy:
                    async with limit:
                        return await upstream.request(
                            "tools/call", params, timeout=timeout, on_request=relay, on_notify=notify
                        )
                return await upstream.request("tools/call", params, timeout=timeout, on_request=relay, on_notify=notify)
            except UpstreamError:
                if attempt + 1 >= tries:
                    raise
        raise AssertionError("unreachable")

    def _failed(self, ex: Exchange, route: Route, started: float, message: str) -> dict[str, Any]:
        latency = (time.perf_counter() - started) * 1000
        self.gw.audit.append(self._step(ex, route).error(message, latency))
        return effects.error_result(str(ex.params["name"]), message)

    def _release(
        self, ex: Exchange, route: Route, result: dict[str, Any], latency: float, pre: PreCall
    ) -> dict[str, Any]:
        if self.gw.recorder is not None:
            self.gw.recorder.result(ex.session, route.server, route.name, result)
        post = self._after(ex, route, result)
        released = self._shape(str(ex.params["name"]), pre, post)
        self.gw.audit.append(self._step(ex, route).result(post, released, latency))
        return released

    @staticmethod
    def _shape(name: str, pre: PreCall, post: PostCall) -> dict[str, Any]:
        """The result as the client will see it: the enforcer's shaped result plus a pre-call warning."""
        if post.effect == "block" and post.result.get("isError") is not True:
            # The enforcer said block but handed back something releasable: withhold it anyway.
            return effects.blocked_result(name, post.rules, post.reasons, phase="result")
        released = dict(post.result)
        if pre.effect == "warn" and post.effect != "block":
            released = effects.with_warning(released, pre.rules, pre.reasons)
        return released

    def _after(self, ex: Exchange, route: Route, result: dict[str, Any]) -> PostCall:
        try:
            return self.gw.enforcer.after_call(ex.session, route.server, route.name, result)
        except Exception as exc:  # top-level decision boundary: fail closed
            why = f"deciding failed: {type(exc).__name__}: {exc}"
            return PostCall(effect="block", result={}, rules=("weir/decision-error",), reasons=(why,), error=why)
