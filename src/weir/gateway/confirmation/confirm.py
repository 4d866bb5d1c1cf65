"""Asking the user before a call runs: the form, reading the answer, and modern retry state.

On 2025-11-25 the gateway sends ``elicitation/create`` mid-call. On 2026-07-28 there is no
back-channel: the gateway answers ``tools/call`` with ``resultType: "input_required"`` and
keeps the decision under an opaque ``requestState``; the client retries the same call with
the answer. The state is bound to the exact tool and arguments, so an answer given for one
call cannot be replayed for another.

A confirmed call whose server then asks the user itself (its own ``input_required``) keeps
the approval: the gateway hands the client a new state of its own that carries the server's
``requestState``, so the client's next retry — answering the server — resumes the approved
call instead of being asked to confirm it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from weir.approvals import ApprovalQueue, PendingApproval
from weir.errors import UpstreamError
from weir.gateway.clients.asking import ClientRequests
from weir.gateway.clients.exchange import Exchange
from weir.gateway.config import ConfirmFallback, GatewayConfig
from weir.gateway.wire.era import Era
from weir.gateway.wire.jsonrpc import RpcError
from weir.guard.checks import CallCheck
from weir.labels.keys import WEIR_DECISION
from weir.pipeline import Answer, Approved, Declined, Deferred, ToolCall
from weir.quoting import escaped, one_line, quote
from weir.state.memory import MemoryRequestStates
from weir.state.ports import RequestStates, StateError

__all__ = [
    "CONFIRM_KEY",
    "STATE_PREFIX",
    "ExchangeAsker",
    "Kept",
    "PendingConfirmations",
    "Told",
    "accepted",
    "elicitation_params",
    "input_required",
    "retry_answer",
]

CONFIRM_KEY: Final = "dev.weir/confirm"
"""The key of the gateway's own request inside ``inputRequests``/``inputResponses``."""
STATE_PREFIX: Final = "dev.weir/confirm:"
"""``requestState`` values the gateway minted (upstream states never start with it)."""
_ARGS_SHOWN: Final = 2000


def elicitation_params(
    tool: str, arguments: Mapping[str, Any], reasons: Sequence[str], lines: Sequence[str] = ()
) -> dict[str, Any]:
    """An ``elicitation/create`` form naming the tool, its arguments and why: one line a person
    reads per rule when ``lines`` are given (:attr:`weir.policy.decision.Decision.lines`), the full
    ``reasons`` then in the form's ``_meta["dev.weir/decision"]``; else the reasons themselves."""
    # The user decides what the call will do: the arguments as they will be sent, on one line
    # (escaped, so no value can write a line of its own into Weir's question), the tool quoted.
    args = escaped(json.dumps(arguments, ensure_ascii=False, sort_keys=True, default=str))
    if len(args) > _ARGS_SHOWN:
        args = args[:_ARGS_SHOWN] + "…"
    if lines:
        why = "\n".join(f"- {one_line(line)}" for line in lines)
    else:
        why = "\n".join(f"- {one_line(r)}" for r in reasons) or "- policy requires confirmation"
    message = f"Weir: allow the tool call {quote(tool)}?\nArguments: {args}\nWhy you are asked:\n{why}"
    schema = {
        "type": "object",
        "properties": {"approve": {"type": "boolean", "title": "Run this tool call", "default": True}},
    }
    form: dict[str, Any] = {"mode": "form", "message": message, "requestedSchema": schema}
    if lines:
        form["_meta"] = {WEIR_DECISION: {"summary": lines[0], "reasons": list(reasons)}}
    return form


def accepted(answer: Any) -> bool:
    """True for an accept (issue 30: the form's accept means approve): without a form (a client
    that shows a plain yes/no), with a form the user did not touch (no ``approve``: a client that
    answers "accept" without ticking the box), or with ``approve: true``.

    An accept whose form says anything else is a no: ``false`` (the user unticked the box), and any
    value that is not the JSON boolean (``"no"``, ``"yes"``, ``1``): an answer that cannot be read
    as one is not an approval. Decline, cancel and anything that is not an answer are no.
    """
    if not isinstance(answer, Mapping) or answer.get("action") != "accept":
        return False
    if "content" not in answer or answer["content"] is None:
        return True
    content = answer["content"]
    return isinstance(content, Mapping) and content.get("approve", True) is True


def input_required(params: dict[str, Any], state: str) -> dict[str, Any]:
    """The modern `tools/call` result that asks the client to elicit and retry."""
    return {
        "resultType": "input_required",
        "inputRequests": {CONFIRM_KEY: {"method": "elicitation/create", "params": params}},
        "requestState": state,
    }


def _fingerprint(tool: str, arguments: Mapping[str, Any]) -> str:
    raw = json.dumps([tool, arguments], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()


@dataclass(frozen=True)
class Kept:
    """What a valid gateway state stood for, handed back when the client retries with it."""

    approved: bool
    """False: the gateway's own question, whose answer is in this retry. True: the user already
    approved the call and this retry answers the server's own question."""
    upstream_state: str | None = None
    """The server's ``requestState`` to send back with the answers (when ``approved``)."""


class PendingConfirmations:
    """Confirmations asked of modern clients and not yet answered, each single-use and expiring.

    Kept in ``states``: this process's memory by default, Redis in a fleet (``state.redis``), where
    the replica that answers a retry need not be the one that asked. A store that does not answer
    raises :class:`weir.state.ports.StateError`: the question is not asked, or the answer not taken
    (the call is declined) — never approved.
    """

    def __init__(self, ttl_s: float, *, limit: int = 10_000, states: RequestStates | None = None) -> None:
        self._ttl = ttl_s
        self._states: RequestStates = states if states is not None else MemoryRequestStates(limit=limit)

    async def open(self, session: str, tool: str, arguments: Mapping[str, Any]) -> str:
        """Remember a question; return the ``requestState`` that names it."""
        return await self._keep(session, tool, arguments, Kept(approved=False))

    async def carry(self, session: str, tool: str, arguments: Mapping[str, Any], upstream_state: Any) -> str:
        """Remember that the user approved this call and its server asked a question of its own.

        Returns the ``requestState`` to give the client in place of the server's (which may be
        absent); the retry that carries it goes on without asking for approval again.
        """
        kept = Kept(approved=True, upstream_state=upstream_state if isinstance(upstream_state, str) else None)
        return await self._keep(session, tool, arguments, kept)

    async def close(self, state: str, session: str, tool: str, arguments: Mapping[str, Any]) -> Kept | str:
        """Consume a state: what it stood for when it is valid for this call, else why it is not."""
        try:
            record = await self._states.take(state)
        except StateError as exc:
            return f"the confirmation could not be checked ({exc.message})"
        if record is None:
            return "the confirmation expired or is unknown"
        try:
            item = json.loads(record)
            fingerprint, owner, approved, upstream = item["f"], item["s"], item["a"], item["u"]
        except (ValueError, KeyError, TypeError):  # not what _keep wrote: nothing is approved by it
            return "the confirmation is unreadable"
        if fingerprint != _fingerprint(tool, arguments) or owner != session:
            return "the confirmation was given for a different call"
        return Kept(approved=approved is True, upstream_state=upstream if isinstance(upstream, str) else None)

    async def _keep(self, session: str, tool: str, arguments: Mapping[str, Any], kept: Kept) -> str:
        state = STATE_PREFIX + secrets.token_urlsafe(18)
        record = {"f": _fingerprint(tool, arguments), "s": session, "a": kept.approved, "u": kept.upstream_state}
        await self._states.put(state, json.dumps(record), self._ttl)
        return state


class ExchangeAsker:
    """Asks the client of one request (implements :class:`weir.pipeline.Asker`).

    2025-11-25 with a back-channel: ``elicitation/create`` now, waiting for the answer.
    2026-07-28: the question goes out as the answer itself (``input_required``) and the
    client's retry carries the answer (:func:`retry_answer`). A client that cannot elicit gets
    the configured fallback — with ``queue``, the call waits in ``approvals`` for an operator,
    and the client is told where (:class:`Told`).
    """

    def __init__(
        self,
        ex: Exchange,
        questions: ClientRequests,
        pending: PendingConfirmations,
        settings: GatewayConfig,
        approvals: ApprovalQueue | None = None,
    ) -> None:
        self._ex = ex
        self._questions = questions
        self._pending = pending
        self._settings = settings
        self._approvals = approvals

    async def ask(self, call: ToolCall, check: CallCheck) -> Answer:
        """The user's answer, the fallback's, or the question to send back (modern clients)."""
        ex = self._ex
        form = elicitation_params(call.name, call.arguments, check.decision.reasons, check.decision.lines)
        if not ex.can_elicit or (ex.era is Era.LEGACY and not ex.back_channel):
            return await self._fallback(call, check)
        if ex.era is Era.MODERN:
            try:
                state = await self._pending.open(call.session, call.name, call.arguments)
            except StateError as exc:  # the question could not be kept: nobody can answer it, so no
                return Declined(f"the confirmation could not be asked ({exc.message})")
            return Deferred(input_required(form, state))
        try:
            answer = await self._questions.ask(ex, "elicitation/create", form, self._settings.confirm_timeout_s)
        except (TimeoutError, RpcError, UpstreamError) as exc:
            return Declined(f"the confirmation was not answered ({exc or 'timed out'})")
        if not accepted(answer):
            return Declined(f"the user did not approve ({answer.get('action', 'no answer')})")
        return Approved()

    async def _fallback(self, call: ToolCall, check: CallCheck) -> Answer:
        why = "the client cannot be asked (no elicitation support)"
        fallback = self._settings.confirm_fallback
        if fallback is ConfirmFallback.ALLOW:
            return Approved("weir/confirm-fallback", f"{why}; fallback allows")
        if fallback is ConfirmFallback.QUEUE and self._approvals is not None:
            told = Told(self._ex, self._questions, self._settings.queue_timeout_s)
            try:
                return await self._approvals.hold(call, check, principal=self._ex.client.principal, tell=told.tell)
            finally:
                await told.done()
        if fallback is ConfirmFallback.QUEUE:
            return Declined(f"{why}; the approvals queue is not running here, so the fallback blocks")
        return Declined(f"{why}; fallback blocks")


class Told:
    """Tells a client whose call waits in the approvals queue where it can be approved.

    2025-11-25 clients that declared URL-mode elicitation get ``elicitation/create`` with
    ``mode: "url"`` naming the console page (answered or not, the call waits for the operator),
    and ``notifications/elicitation/complete`` once it is decided; a request that carries a
    ``progressToken`` gets a progress notification whose message names the page. Every other
    client learns it from the result (a declined call's message names the approval and the page).
    """

    def __init__(self, ex: Exchange, questions: ClientRequests, timeout_s: float) -> None:
        self._ex = ex
        self._questions = questions
        self._timeout_s = timeout_s
        self._asked: asyncio.Task[Any] | None = None
        self._elicited: str | None = None

    async def tell(self, item: PendingApproval) -> None:
        """Say where ``item`` waits, by whatever channel this client has (never raises)."""
        ex = self._ex
        message = f"Weir: the call {quote(item.call.name)} waits for an operator's approval"
        message += f" at {item.link}" if item.link else f" (weir approvals approve {item.id})"
        try:
            if item.link and self._url_mode():
                params: dict[str, Any] = {"mode": "url", "message": message, "url": item.link, "elicitationId": item.id}
                self._elicited = item.id
                self._asked = asyncio.ensure_future(
                    self._questions.ask(ex, "elicitation/create", params, self._timeout_s)
                )
            elif isinstance(ex.meta.get("progressToken"), str | int):
                progress = {"progressToken": ex.meta["progressToken"], "progress": 0, "message": message}
                await ex.send({"jsonrpc": "2.0", "method": "notifications/progress", "params": progress})
        except Exception:  # telling is a courtesy: the call waits for the operator either way
            return

    async def done(self) -> None:
        """The call was decided: end the URL elicitation (if one was sent)."""
        if self._asked is not None and not self._asked.done():
            self._asked.cancel()
        elif self._asked is not None:
            with contextlib.suppress(BaseException):  # its answer (or error) is not needed
                self._asked.exception()
        if self._elicited is not None:
            note = {"jsonrpc": "2.0", "method": "notifications/elicitation/complete"}
            with contextlib.suppress(Exception):  # the client may be gone
                await self._ex.send({**note, "params": {"elicitationId": self._elicited}})

    def _url_mode(self) -> bool:
        ex = self._ex
        caps = ex.capabilities.get("elicitation")
        return ex.era is Era.LEGACY and ex.back_channel and isinstance(caps, Mapping) and "url" in caps


def retry_answer(kept: Kept | str, responses: Any) -> Answer:
    """What a modern retry under a gateway state answers: approved, or declined and why.

    ``kept`` is what :meth:`PendingConfirmations.close` gave for the state (why it is invalid,
    as a string, when it is); ``responses`` the retry's ``inputResponses``.
    """
    if isinstance(kept, str):
        return Declined(kept)
    if kept.approved:
        why = "the client answered the server's own question; the call goes on under the user's approval"
        return Approved("weir/confirmed-resume", why)
    answer = responses.get(CONFIRM_KEY) if isinstance(responses, Mapping) else None
    if accepted(answer):
        return Approved()
    action = answer.get("action") if isinstance(answer, Mapping) else None
    return Declined(f"the user did not approve ({action or 'no answer'})")
