"""The approvals queue: a held call waits for an operator, whose decision is audited before it counts."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.deadlines import eventually
from weir.approvals import ApprovalError, ApprovalQueue
from weir.audit import MemoryAudit, redact_strings
from weir.audit.event import AuditEvent, Phase
from weir.errors import AuditError
from weir.guard.checks import CallCheck
from weir.pipeline import Approved, Declined, ToolCall
from weir.policy.decision import Decision, RuleMatch, Verdict

pytestmark = pytest.mark.anyio

CALL = ToolCall("s-1", "mail", "send_email", {"to": "bob@corp.example", "body": "hi"}, connection="c-1", call_id=7)


def _check(reason: str = "mail leaves") -> CallCheck:
    rule = RuleMatch(name="ask-before-mail", effect=Verdict.CONFIRM, reason=reason, labels=("tool.name=send_email",))
    decision = Decision(effect=Verdict.CONFIRM, applied=Verdict.CONFIRM, rules=(rule,), reasons=(reason,))
    return CallCheck(decision, {}, (), None)


async def _held(queue: ApprovalQueue, check: CallCheck | None = None, **kw: Any) -> tuple[asyncio.Task[Any], str]:
    task = asyncio.create_task(queue.hold(CALL, check or _check(), principal="token:abc", **kw))
    if await eventually(queue.pending, step=0.01):
        return task, queue.pending()[0].id
    raise AssertionError("the call never reached the queue")


async def test_an_approval_is_audited_naming_the_operator_before_the_call_goes_on() -> None:
    audit = MemoryAudit()
    outcomes: list[str] = []
    queue = ApprovalQueue(30, audit=audit, on_outcome=outcomes.append)
    task, approval_id = await _held(queue)
    queue.decide(approval_id, approve=True, operator="alice", reason="expected")
    answer = await task
    assert answer == Approved("weir/approved-by-operator", "operator alice approved: expected")
    [event] = audit.events
    assert event.phase is Phase.OPERATOR
    assert (event.session, event.server, event.tool, event.call_id) == ("s-1", "mail", "send_email", "7")
    assert event.details == {"action": "approve", "approval": approval_id, "operator": "alice", "reason": "expected"}
    assert outcomes == ["approved"]
    assert queue.pending() == []


async def test_a_denial_declines_with_the_operator_and_the_reason() -> None:
    queue = ApprovalQueue(30, audit=MemoryAudit(), link=lambda i: f"http://127.0.0.1:1/console/approvals/{i}")
    task, approval_id = await _held(queue)
    queue.decide(approval_id, approve=False, operator="bob", reason="not this recipient")
    answer = await task
    assert isinstance(answer, Declined)
    assert answer.reason.startswith("operator bob denied: not this recipient (approval ")
    assert f"http://127.0.0.1:1/console/approvals/{approval_id}" in answer.reason


async def test_no_decision_in_time_declines_the_call() -> None:
    outcomes: list[str] = []
    queue = ApprovalQueue(0.05, on_outcome=outcomes.append)
    answer = await queue.hold(CALL, _check(), principal="local")
    assert isinstance(answer, Declined)
    assert answer.reason.startswith("no operator decided within 0.05s")
    assert outcomes == ["expired"]
    assert queue.pending() == []


async def test_a_decision_the_trail_cannot_record_does_not_happen() -> None:
    class Broken:
        def append(self, event: AuditEvent) -> None:
            raise AuditError("disk full")

    queue = ApprovalQueue(30, audit=Broken())
    task, approval_id = await _held(queue)
    with pytest.raises(AuditError):
        queue.decide(approval_id, approve=True, operator="alice", reason="")
    assert not task.done()
    assert queue.get(approval_id) is not None  # still waiting for a decision that can be recorded
    task.cancel()


async def test_an_unknown_or_already_decided_call_is_refused() -> None:
    queue = ApprovalQueue(30, audit=MemoryAudit())
    task, approval_id = await _held(queue)
    with pytest.raises(ApprovalError):
        queue.decide("nope", approve=True, operator="alice", reason="")
    queue.decide(approval_id, approve=True, operator="alice", reason="")
    with pytest.raises(ApprovalError):
        queue.decide(approval_id, approve=False, operator="mallory", reason="too late")
    assert isinstance(await task, Approved)


async def test_a_call_whose_client_went_away_leaves_the_queue() -> None:
    queue = ApprovalQueue(30)
    task, _ = await _held(queue)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert queue.pending() == []


async def test_operators_see_the_arguments_redacted_and_never_raw_when_redaction_fails() -> None:
    hide_mail = redact_strings(lambda text: text.replace("bob@corp.example", "[REDACTED:pii]"))
    queue = ApprovalQueue(30, redact=hide_mail)
    task, _ = await _held(queue, check=_check(reason="mail leaves for bob@corp.example"))
    summary = queue.pending()[0].summary()
    assert summary["arguments"] == {"to": "[REDACTED:pii]", "body": "hi"}
    # The reasons quote the arguments: what leaves the gateway is redacted the same way.
    assert summary["reasons"] == ["mail leaves for [REDACTED:pii]"]
    assert summary["rules"] == [
        {
            "name": "ask-before-mail",
            "effect": "confirm",
            "reason": "mail leaves for [REDACTED:pii]",
            "labels": ["tool.name=send_email"],
        }
    ]
    assert "bob@corp.example" not in str(summary)
    task.cancel()

    def broken(_args: Any) -> Any:
        raise RuntimeError("boom")

    failing = ApprovalQueue(30, redact=broken)
    task, _ = await _held(failing)
    assert failing.pending()[0].arguments == "[withheld: the redactor failed]"
    task.cancel()


async def test_a_full_queue_declines_at_once() -> None:
    queue = ApprovalQueue(30, limit=1)
    task, _ = await _held(queue)
    answer = await queue.hold(CALL, _check(), principal="local")
    assert isinstance(answer, Declined)
    assert "too many calls already wait" in answer.reason
    task.cancel()
