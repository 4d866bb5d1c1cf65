"""The approvals queue of a fleet: any replica's operators see and decide every replica's held calls.

A call still waits on the replica that holds its request (:class:`weir.approvals.ApprovalQueue`);
this queue also announces it through a relay (:mod:`weir.state.relay`), mirrors what the other
replicas announce, and sends a decision on a call held elsewhere to its holder, which records it in
its audit trail (naming the operator) before it takes effect, as a single gateway does. A decision
the holder never receives (it is gone, or Redis is) decides nothing: the call expires, declined.
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import datetime
from typing import Any, Protocol

from weir.approvals.queue import ApprovalError, ApprovalQueue, PendingApproval
from weir.guard.checks import CallCheck
from weir.pipeline import Answer, ToolCall
from weir.policy.decision import Decision, Verdict
from weir.state.ports import StateError

__all__ = ["ApprovalRelay", "RemoteApproval", "SharedApprovalQueue"]


class ApprovalRelay(Protocol):
    """What the fleet's queue needs of a relay (:class:`weir.state.relay.RedisApprovalRelay`)."""

    replica: str

    async def announce(self, approval_id: str, summary: dict[str, Any]) -> None: ...
    async def withdraw(self, approval_id: str) -> None: ...
    async def decide(self, approval_id: str, *, approve: bool, operator: str, reason: str) -> None: ...
    async def waiting(self) -> list[dict[str, Any]]: ...
    def listen(self, handler: Any) -> None: ...


class RemoteApproval(PendingApproval):
    """A call waiting on another replica, as its holder announced it (its summary, redacted there)."""

    announced: dict[str, Any]

    def summary(self) -> dict[str, Any]:
        return dict(self.announced)


class SharedApprovalQueue(ApprovalQueue):
    """:class:`ApprovalQueue` plus the other replicas' held calls, through ``relay``."""

    def __init__(self, timeout_s: float, *, relay: ApprovalRelay, **kwargs: Any) -> None:
        super().__init__(timeout_s, **kwargs)
        self._relay = relay
        self._remote: dict[str, RemoteApproval] = {}
        self._relaying: set[asyncio.Task[None]] = set()
        self._announced: set[str] = set()

    async def start(self) -> None:
        """Mirror what already waits elsewhere, then follow the fleet's messages."""
        self._relay.listen(self._message)
        with contextlib.suppress(StateError):
            for message in await self._relay.waiting():
                self._message(message)

    def pending(self) -> list[PendingApproval]:
        """Every call waiting in the fleet, oldest first."""
        return sorted([*super().pending(), *self._remote.values()], key=lambda p: p.created)

    def get(self, approval_id: str) -> PendingApproval | None:
        return super().get(approval_id) or self._remote.get(approval_id)

    def decide(self, approval_id: str, *, approve: bool, operator: str, reason: str) -> PendingApproval:
        """Decide here when the call waits here; otherwise send the decision to its holder."""
        if super().get(approval_id) is not None:
            return super().decide(approval_id, approve=approve, operator=operator, reason=reason)
        item = self._remote.get(approval_id)
        if item is None:
            raise ApprovalError(f"no call waits for approval under {approval_id!r} (decided, expired or unknown)")
        self._relay_soon(self._relay.decide(approval_id, approve=approve, operator=operator, reason=reason))
        return item

    async def hold(self, call: ToolCall, check: CallCheck, *, principal: str, tell: Any = None) -> Answer:
        """Hold the call here, announced to the fleet until it stops waiting (however it stops)."""
        try:
            return await super().hold(call, check, principal=principal, tell=tell)
        finally:
            for gone in [i for i in self._announced if i not in self._items]:
                self._announced.discard(gone)
                self._relay_soon(self._relay.withdraw(gone))

    def _spawn(self, kind: str, item: PendingApproval) -> None:
        super()._spawn(kind, item)
        if kind == "pending":
            self._announced.add(item.id)
            self._relay_soon(self._relay.announce(item.id, item.summary()))

    def _message(self, message: dict[str, Any]) -> None:
        kind, approval_id = message.get("kind"), str(message.get("id"))
        if kind == "pending" and message.get("replica") != self._relay.replica:
            self._remote[approval_id] = _mirror(message.get("summary") or {})
        elif kind == "gone":
            self._remote.pop(approval_id, None)
        elif kind == "decide" and super().get(approval_id) is not None:
            with contextlib.suppress(ApprovalError):  # decided here meanwhile: the first decision stands
                super().decide(
                    approval_id,
                    approve=bool(message.get("approve")),
                    operator=str(message.get("operator")),
                    reason=str(message.get("reason") or ""),
                )

    def _relay_soon(self, work: Any) -> None:
        async def run() -> None:
            with contextlib.suppress(StateError):  # Redis gone: the call waits here alone, then expires
                await work

        task = asyncio.get_running_loop().create_task(run())
        self._relaying.add(task)
        task.add_done_callback(self._relaying.discard)


def _mirror(summary: dict[str, Any]) -> RemoteApproval:
    call = ToolCall(str(summary.get("session")), str(summary.get("server")), str(summary.get("tool")))
    confirm = Decision(effect=Verdict.CONFIRM, applied=Verdict.CONFIRM, reasons=tuple(summary.get("reasons") or ()))
    item = RemoteApproval(
        id=str(summary.get("id")),
        call=call,
        check=CallCheck(confirm, {}, (), None),
        principal=str(summary.get("principal")),
        arguments=summary.get("arguments"),
        created=_when(summary.get("createdAt")),
        deadline=_when(summary.get("expiresAt")),
        future=asyncio.get_running_loop().create_future(),
        link=summary.get("url"),
        reasons=tuple(summary.get("reasons") or ()),
        rules=tuple(summary.get("rules") or ()),
    )
    item.announced = summary
    return item


def _when(value: Any) -> datetime:
    return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
