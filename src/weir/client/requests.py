"""A server's own requests and logs in :class:`weir.client.WeirClient`: the host's callbacks, guarded.

The SDK calls a host's ``sampling_callback``, ``elicitation_callback``, ``list_roots_callback``
and ``logging_callback`` directly. :func:`guarded_callbacks` wraps each so that what the server
sends walks the message flow first (:mod:`weir.pipeline.flows`, the gateway's): the request is
labelled, joined into the agent session and decided before the callback sees it (a block answers
the server with an error; a confirm asks the host's ``confirm`` callback — none, or anything but
True, refuses), and the callback's answer is decided before the server gets it. A log line that
is blocked is dropped; one that is redacted reaches the callback redacted.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import mcp_types as t
from pydantic import ValidationError

from weir.client.outcome import ConfirmFn, ConfirmRequest
from weir.flow.session import Session
from weir.guard.messages import ANSWER, McpMessage, kind_of
from weir.pipeline import CallPipeline
from weir.policy.decision import Decision, Verdict

__all__ = ["guarded_callbacks"]

_REFUSED = -32003  # the gateway's code for what Weir withheld

_METHODS = {
    "sampling_callback": "sampling/createMessage",
    "elicitation_callback": "elicitation/create",
    "list_roots_callback": "roots/list",
}


def _wire(value: Any) -> dict[str, Any]:
    if hasattr(value, "model_dump"):
        dumped = value.model_dump(by_alias=True, mode="json", exclude_none=True)
        return dumped if isinstance(dumped, dict) else {}
    return dict(value) if isinstance(value, Mapping) else {}


class _Guarded:
    """The decisions every wrapped callback of one server shares."""

    def __init__(self, server: str, pipeline: CallPipeline, session: Session, confirm: ConfirmFn | None) -> None:
        self.server = server
        self.pipeline = pipeline
        self.session = session
        self.confirm = confirm

    async def allowed(self, method: str, decision: Decision, shown: Mapping[str, Any]) -> str | None:
        """Why the flow may not go on (None: it may)."""
        if decision.applied is Verdict.BLOCK:
            return f"Weir blocked {method} of server {self.server!r}: {'; '.join(decision.reasons)}"
        if decision.applied is not Verdict.CONFIRM:
            return None
        if self.confirm is None:
            return f"{method} of server {self.server!r} needs confirmation and no callback is configured"
        request = ConfirmRequest(self.server, method, dict(shown), decision, self.session.label)
        try:
            answer = self.confirm(request)
            if inspect.isawaitable(answer):
                answer = await answer
        except Exception:  # a confirmation that cannot be obtained is a no (fail closed)
            answer = False
        return None if answer is True else f"the user did not approve {method} of server {self.server!r}"

    async def request(self, method: str, params: Any, reply: Callable[[dict[str, Any]], Awaitable[Any]]) -> Any:
        flows = self.pipeline.messages
        payload = _wire(params)
        check = flows.arrive(self.session.id, McpMessage(self.server, method, payload, kind_of(method, payload)))
        refused = await self.allowed(method, check.decision, check.result)
        if refused is not None:
            return t.ErrorData(code=_REFUSED, message=refused)
        answer = await reply(check.result)
        if isinstance(answer, t.ErrorData):
            return answer
        decided = flows.answer(self.session.id, McpMessage(self.server, method, _wire(answer), ANSWER))
        refused = await self.allowed(f"the answer to {method}", decided.decision, _wire(answer))
        return answer if refused is None else t.ErrorData(code=_REFUSED, message=refused)


def guarded_callbacks(
    server: str, options: Mapping[str, Any], pipeline: CallPipeline, session: Session, confirm: ConfirmFn | None
) -> dict[str, Any]:
    """``options`` (``mcp.Client`` keyword arguments) with the server-request and logging callbacks
    wrapped so that each goes through the message flow of ``pipeline`` on ``session``."""
    out = dict(options)
    guard = _Guarded(server, pipeline, session, confirm)
    for key, method in _METHODS.items():
        callback = options.get(key)
        if callback is not None:
            out[key] = _wrap(guard, method, callback)
    log = options.get("logging_callback")
    if log is not None:

        async def logged(params: Any) -> None:
            payload = _wire(params)
            message = McpMessage(server, "notifications/message", payload, "notification")
            check = pipeline.messages.arrive(session.id, message)
            if check.decision.applied is not Verdict.BLOCK:
                await log(t.LoggingMessageNotificationParams.model_validate(check.result))

        out["logging_callback"] = logged
    return out


def _wrap(guard: _Guarded, method: str, callback: Callable[..., Any]) -> Callable[..., Any]:
    if method == "roots/list":

        async def roots(ctx: Any) -> Any:
            async def reply(_shown: dict[str, Any]) -> Any:
                return await callback(ctx)

            return await guard.request(method, {}, reply)

        return roots

    async def asked(ctx: Any, params: Any) -> Any:
        async def reply(shown: dict[str, Any]) -> Any:
            try:  # the request as decided (redacted) in the SDK's type; one that cannot be is not shown
                typed = type(params).model_validate(shown)
            except ValidationError as exc:
                return t.ErrorData(code=_REFUSED, message=f"{method} as decided is not valid: {exc}")
            return await callback(ctx, typed)

        return await guard.request(method, params, reply)

    return asked
