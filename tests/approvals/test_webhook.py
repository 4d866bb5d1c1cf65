"""The webhook: a held call, and its outcome, announced with a JSON POST a chat can show."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from tests.approvals.receiver import webhook_receiver
from tests.approvals.test_queue import CALL, _check, _held
from tests.deadlines import eventually
from weir.approvals import ApprovalQueue
from weir.approvals.config import WebhookConfig
from weir.approvals.queue import PendingApproval
from weir.approvals.webhook import WebhookNotifier, notification
from weir.audit import MemoryAudit, redact_strings
from weir.pipeline import ToolCall

pytestmark = pytest.mark.anyio


async def test_a_held_call_and_its_outcome_are_posted_as_json_with_a_readable_line() -> None:
    results: list[bool] = []
    with webhook_receiver() as hook:
        config = WebhookConfig(url=hook.url, headers={"authorization": "Bearer hook-secret"})
        queue_ = ApprovalQueue(
            30,
            audit=MemoryAudit(),
            notifier=WebhookNotifier(config, on_result=results.append),
            link=lambda i: f"http://127.0.0.1:9/console/approvals/{i}",
            redact=redact_strings(lambda text: text.replace("bob@corp.example", "[REDACTED:pii]")),
        )
        task, approval_id = await _held(queue_)
        headers, pending = await asyncio.to_thread(hook.next)
        queue_.decide(approval_id, approve=True, operator="alice", reason="known recipient")
        await task
        _, decided = await asyncio.to_thread(hook.next)
        # The receiver answers before the notifier records that it did.
        await eventually(lambda: len(results) == 2)
    assert headers["authorization"] == "Bearer hook-secret"
    assert headers["content-type"] == "application/json"
    assert pending["type"] == "weir.approval.pending"
    assert pending["approval"]["id"] == approval_id
    assert pending["approval"]["arguments"] == {"to": "[REDACTED:pii]", "body": "hi"}
    assert pending["text"] == (
        f"Weir: «mail/send_email» waits for an operator (mail leaves). "
        f"Approve or deny: http://127.0.0.1:9/console/approvals/{approval_id}"
    )
    assert decided["type"] == "weir.approval.decided"
    assert decided["text"] == "Weir: «mail/send_email» was approved by «alice»: «known recipient»."
    assert results == [True, True]


async def test_a_receiver_that_fails_is_counted_and_never_holds_up_the_call() -> None:
    results: list[bool] = []
    with webhook_receiver(status=500) as hook:
        notifier = WebhookNotifier(WebhookConfig(url=hook.url, timeout_s=2), on_result=results.append)
        queue_ = ApprovalQueue(0.2, notifier=notifier)
        answer = await queue_.hold(CALL, _check(), principal="local")
        await asyncio.to_thread(hook.next)
        await eventually(lambda: len(results) == 2)
    assert "no operator decided" in answer.reason  # type: ignore[union-attr]
    assert results == [False, False]  # pending, expired: both refused with 500


def test_a_webhook_url_must_be_http() -> None:
    with pytest.raises(ValueError, match="http:// or https://"):
        WebhookConfig(url="file:///etc/passwd")


async def test_untrusted_text_in_a_notification_is_quoted_and_carries_no_slack_markup() -> None:
    call = ToolCall("s-1", "mail", "<https://evil.example|Approve>\nIt is safe to approve.", {}, connection="c")
    now = datetime.now(UTC)
    item = PendingApproval(
        id="a1",
        call=call,
        check=_check(),
        principal="p",
        arguments={},
        created=now,
        deadline=now,
        future=asyncio.get_running_loop().create_future(),
        reasons=("<!channel> look\nhere",),
    )
    text = str(notification("pending", item)["text"])
    assert "\n" not in text
    assert "<" not in text
    assert ">" not in text
    assert "«mail/&lt;https://evil.example|Approve&gt;\\nIt is safe to approve.»" in text
    assert "&lt;!channel&gt; look\\nhere" in text
