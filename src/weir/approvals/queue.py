"""Calls held until an operator decides: the queue behind ``confirm_fallback: queue``.

A call whose decision is *confirm*, from a client that cannot be asked (no elicitation), waits
here — its request held open — until an operator approves or denies it (the console, or
``weir approvals``), or until ``gateway.queue_timeout_s`` passes (then it is declined: fail
closed). The operator's decision is appended to the audit trail, naming the operator, before it
takes effect: a decision the trail cannot record does not happen. Everything runs on the
gateway's event loop; a call whose client goes away leaves the queue at once.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from weir.audit.event import AuditEvent, Phase
from weir.errors import WeirError
from weir.guard.checks import CallCheck
from weir.observe.logs import fields
from weir.pipeline import Answer, Approved, AuditSink, Declined, ToolCall

__all__ = ["ApprovalError", "ApprovalQueue", "Notifier", "Outcome", "PendingApproval"]

log = logging.getLogger("weir.approvals")

APPROVED_RULE = "weir/approved-by-operator"
"""The rule an operator's approval is recorded under (the pipeline's confirmation note)."""


class ApprovalError(WeirError):
    """No such pending call: never queued, already decided, or expired."""


@dataclass(frozen=True)
class Outcome:
    """How a queued call ended."""

    approved: bool
    operator: str | None
    """Who decided; ``None`` when nobody did in time."""
    reason: str


@dataclass
class PendingApproval:
    """One call waiting for an operator."""

    id: str
    """Unguessable; names the call in the console's address and in ``weir approvals``."""
    call: ToolCall
    check: CallCheck
    """The decision that asked for confirmation: its rules, reasons and the labels behind them."""
    principal: str
    """Who made the call (the connection's principal)."""
    arguments: Any
    """The call's arguments as operators see them (redacted)."""
    created: datetime
    deadline: datetime
    future: asyncio.Future[Outcome] = field(repr=False, compare=False)
    """Resolved with the decision."""
    link: str | None = None
    """Where an operator decides (the console page), when the console's address is known."""
    outcome: Outcome | None = None
    reasons: tuple[str, ...] = ()
    """The decision's reasons as they may leave the gateway: redacted like :attr:`arguments` (a
    reason quotes the argument values it is about)."""
    rules: tuple[dict[str, Any], ...] = ()
    """Each matched rule (name, effect, reason, labels), redacted the same way."""

    def summary(self) -> dict[str, Any]:
        """The JSON an operator (``weir approvals list``, the webhook) sees of it (redacted)."""
        return {
            "id": self.id,
            "url": self.link,
            "session": self.call.session,
            "server": self.call.server,
            "tool": self.call.tool,
            "principal": self.principal,
            "arguments": self.arguments,
            "reasons": list(self.reasons),
            "rules": [dict(rule) for rule in self.rules],
            "untrustedArguments": [
                {"path": t.path, "kind": t.kind, "step": t.step, "server": t.server, "tool": t.tool}
                for t in self.check.args_from_untrusted
            ],
            "createdAt": _iso(self.created),
            "expiresAt": _iso(self.deadline),
        }


class Notifier(Protocol):
    """Tells someone outside (a chat channel) about queued calls: ``pending``, ``decided``, ``expired``."""

    async def notify(self, kind: str, item: PendingApproval) -> None:
        """Deliver one notification; must not raise (a failure is the notifier's to report)."""
        ...


Tell = Callable[[PendingApproval], Awaitable[None]]
"""Tells the waiting client where its call can be approved (URL elicitation, progress)."""


class ApprovalQueue:
    """The calls waiting for an operator, in one gateway."""

    def __init__(
        self,
        timeout_s: float,
        *,
        audit: AuditSink | None = None,
        notifier: Notifier | None = None,
        redact: Callable[[Any], Any] = lambda value: value,
        link: Callable[[str], str | None] = lambda _id: None,
        on_outcome: Callable[[str], None] = lambda _outcome: None,
        limit: int = 1000,
    ) -> None:
        self.timeout_s = timeout_s
        self._audit = audit
        self._notifier = notifier
        self._redact = redact
        self._link = link
        self._on_outcome = on_outcome
        self._limit = limit
        self._items: dict[str, PendingApproval] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def pending(self) -> list[PendingApproval]:
        """Every call waiting, oldest first."""
        return sorted(self._items.values(), key=lambda p: p.created)

    def get(self, approval_id: str) -> PendingApproval | None:
        """One waiting call, or ``None``."""
        return self._items.get(approval_id)

    async def hold(self, call: ToolCall, check: CallCheck, *, principal: str, tell: Tell | None = None) -> Answer:
        """Wait for an operator's decision on ``call``; declined when none comes in time."""
        if len(self._items) >= self._limit:
            return Declined(f"too many calls already wait for an operator ({self._limit})")
        item = self._open(call, check, principal)
        self._spawn("pending", item)
        log.info("call waits for an operator", extra=fields(approval=item.id, server=call.server, tool=call.tool))
        try:
            if tell is not None:
                await tell(item)
            outcome = await asyncio.wait_for(asyncio.shield(item.future), self.timeout_s)
        except TimeoutError:
            outcome = Outcome(False, None, f"no operator decided within {self.timeout_s:g}s")
            item.outcome = outcome
            self._on_outcome("expired")
            self._spawn("expired", item)
        finally:
            self._items.pop(item.id, None)
        return _answer(outcome, item)

    def decide(self, approval_id: str, *, approve: bool, operator: str, reason: str) -> PendingApproval:
        """Approve or deny a waiting call; recorded in the audit trail first (raises AuditError
        when it cannot be, and ApprovalError when nothing waits under that id)."""
        item = self._items.get(approval_id)
        if item is None or item.future.done():
            raise ApprovalError(f"no call waits for approval under {approval_id!r} (decided, expired or unknown)")
        action = "approve" if approve else "deny"
        if self._audit is not None:
            self._audit.append(_operator_event(item, action, operator, reason))
        item.outcome = Outcome(approve, operator, reason)
        item.future.set_result(item.outcome)
        done = "approved" if approve else "denied"
        self._on_outcome(done)
        log.info(f"operator {done} a call", extra=fields(approval=item.id, operator=operator, reason=reason))
        self._spawn("decided", item)
        return item

    def _open(self, call: ToolCall, check: CallCheck, principal: str) -> PendingApproval:
        now = datetime.now(UTC)
        # Hex, not URL-safe base64: an id may start with "-", which `weir approvals approve ID` read as an option.
        approval_id = secrets.token_hex(12)
        item = PendingApproval(
            id=approval_id,
            call=call,
            check=check,
            principal=principal,
            arguments=self._shown(call.arguments),
            reasons=tuple(self._shown_text(check.decision.reasons)),
            rules=tuple(self._shown_rules(check)),
            created=now,
            deadline=now + timedelta(seconds=self.timeout_s),
            future=asyncio.get_running_loop().create_future(),
            link=self._link(approval_id),
        )
        self._items[approval_id] = item
        return item

    def _shown(self, arguments: Any) -> Any:
        try:
            return self._redact(arguments)
        except Exception:  # a redactor that fails must not show the raw value
            return "[withheld: the redactor failed]"

    def _shown_text(self, texts: Sequence[str]) -> list[str]:
        shown = self._shown(list(texts))
        ok = isinstance(shown, list) and all(isinstance(t, str) for t in shown) and len(shown) == len(texts)
        return shown if ok else ["[withheld: the redactor failed]"] * len(texts)

    def _shown_rules(self, check: CallCheck) -> list[dict[str, Any]]:
        out = []
        for m in check.decision.rules:
            reason, *labels = self._shown_text([m.reason, *m.labels])
            out.append({"name": m.name, "effect": str(m.effect), "reason": reason, "labels": labels})
        return out

    def _spawn(self, kind: str, item: PendingApproval) -> None:
        if self._notifier is None:
            return
        task = asyncio.get_running_loop().create_task(self._notifier.notify(kind, item))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _answer(outcome: Outcome, item: PendingApproval) -> Answer:
    where = f" (approval {item.id}{' at ' + item.link if item.link else ''})"
    if outcome.approved:
        return Approved(APPROVED_RULE, f"operator {outcome.operator} approved: {outcome.reason or 'no reason given'}")
    if outcome.operator is None:
        return Declined(outcome.reason + where)
    return Declined(f"operator {outcome.operator} denied: {outcome.reason or 'no reason given'}{where}")


def _operator_event(item: PendingApproval, action: str, operator: str, reason: str) -> AuditEvent:
    call = item.call
    details = {"action": action, "approval": item.id, "operator": operator, "reason": reason}
    return AuditEvent(
        phase=Phase.OPERATOR,
        session=call.session,
        connection=call.connection or None,
        server=call.server,
        tool=call.tool,
        call_id=None if call.call_id is None else str(call.call_id),
        details=details,
    )


def _iso(value: datetime) -> str:
    return value.isoformat(timespec="seconds").replace("+00:00", "Z")
