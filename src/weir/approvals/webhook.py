"""Announcing queued calls to a chat (or anything that takes a JSON POST).

Each notification is one POST of ``{"type": "weir.approval.pending|decided|expired", "text": …,
"approval": {…}}``: ``text`` is a line a person reads (Slack and Mattermost incoming webhooks
show it as it is), ``approval`` what ``weir approvals list --json`` shows of the call — its
arguments redacted. Delivery runs in a thread (the standard library's HTTP client) and never
holds up the call; a failure is logged and counted, not retried.
"""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.error
import urllib.request
from collections.abc import Callable

from weir.approvals.config import WebhookConfig
from weir.approvals.queue import PendingApproval
from weir.observe.logs import fields
from weir.quoting import for_mrkdwn, one_line, quote

__all__ = ["WebhookNotifier", "notification"]

log = logging.getLogger("weir.approvals")


def notification(kind: str, item: PendingApproval) -> dict[str, object]:
    """The JSON body announcing ``item`` (``kind``: pending, decided or expired).

    ``text`` is Weir's sentence: what it did not write (the tool, the reasons' quoted values, the
    operator's reason) is quoted (:mod:`weir.quoting`) and the whole made inert for Slack's
    ``mrkdwn`` — no untrusted link, mention or entity survives; the reasons are the redacted ones.
    """
    call = item.call
    where = quote(f"{call.server}/{call.tool}")
    if kind == "pending":
        why = "; ".join(one_line(r) for r in item.reasons) or "policy requires confirmation"
        text = f"Weir: {where} waits for an operator ({why})."
        text += f" Approve or deny: {item.link}" if item.link else f" Approve or deny: weir approvals approve {item.id}"
    elif kind == "decided" and item.outcome is not None:
        verdict = "approved" if item.outcome.approved else "denied"
        reason = quote(item.outcome.reason) if item.outcome.reason else "no reason given"
        text = f"Weir: {where} was {verdict} by {quote(item.outcome.operator or '?')}: {reason}."
    else:
        text = f"Weir: {where} expired: nobody decided in time; the call was declined."
    return {"type": f"weir.approval.{kind}", "text": for_mrkdwn(text), "approval": item.summary()}


class WebhookNotifier:
    """POSTs each notification to the configured URL."""

    def __init__(self, config: WebhookConfig, *, on_result: Callable[[bool], None] = lambda _ok: None) -> None:
        self._config = config
        self._on_result = on_result

    async def notify(self, kind: str, item: PendingApproval) -> None:
        """Deliver one notification (never raises)."""
        body = json.dumps(notification(kind, item), ensure_ascii=False).encode()
        try:
            await asyncio.to_thread(self._post, body)
        except (OSError, ValueError, urllib.error.URLError) as exc:
            self._on_result(False)
            log.warning("webhook delivery failed", extra=fields(url=self._config.url, error=str(exc), kind=kind))
            return
        self._on_result(True)

    def _post(self, body: bytes) -> None:
        headers = {"content-type": "application/json", "user-agent": "weir", **self._config.headers}
        # The deployer's URL, http(s) only (WebhookConfig validates it): urlopen opens nothing else.
        request = urllib.request.Request(self._config.url, data=body, headers=headers, method="POST")
        with urllib.request.urlopen(request, timeout=self._config.timeout_s) as response:
            response.read()
