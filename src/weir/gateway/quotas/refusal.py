"""A quota refused: the precise error, and the audit row that keeps it.

A refusal names the principal, the quota, its limit and its config key, and says what frees
room, so the client (and the operator reading the trail) knows exactly what happened. The log and
the audit keep one record per quota and principal per ``interval_s``, counting the refusals in
between — a client hammering its quota cannot grow the trail (or the log) by a row per request.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from weir.audit.event import AuditEvent, DecisionRecord, Phase, RuleRecord
from weir.errors import WeirError
from weir.observe.logs import fields
from weir.pipeline.ports import AuditSink
from weir.quoting import quote

__all__ = ["RULE", "QuotaExceeded", "QuotaUnavailable", "Refusals"]

log = logging.getLogger(__name__)

RULE = "weir/quota"
"""The rule name an audited refusal carries."""

_WHAT = {
    "client_sessions": ("HTTP client sessions", "end one (DELETE /mcp with its Mcp-Session-Id) or let one idle out"),
    "agent_sessions": ("agent sessions", "reuse a session's name, or let unused ones expire"),
    "upstream_sessions": (
        "upstream sessions (one process each for a stdio server)",
        "end a client session to close its upstream sessions",
    ),
    "queued_bytes": ("bytes of events queued for one client session", "read the stream (GET /mcp) to keep up"),
    "requests_per_s": ("requests a second", "slow down: wait the Retry-After seconds, then send one at a time"),
}


def what(quota: str) -> str:
    """What ``quota`` counts, in words (``"agent sessions"``)."""
    return _WHAT.get(quota, (quota, ""))[0]


class QuotaExceeded(WeirError):
    """A principal would hold more than its quota allows (nothing was taken)."""

    def __init__(self, quota: str, principal: str, limit: int, *, detail: str | None = None) -> None:
        what, remedy = _WHAT.get(quota, (quota, "wait for one to end"))
        said = detail or f"already holds {limit} {what}, the most it may"
        super().__init__(
            f"quota exceeded: principal {quote(principal)} {said} (gateway.quotas.{quota}: {limit}); {remedy}"
        )
        self.quota = quota
        self.principal = principal
        self.limit = limit

    @property
    def data(self) -> dict[str, Any]:
        """The refusal as JSON-RPC error data (for clients that act on it)."""
        return {"quota": self.quota, "limit": self.limit}


class QuotaUnavailable(QuotaExceeded):
    """A quota (or the request rate) could not be counted: the fleet's shared state does not answer.

    Refused like a quota exceeded (logged, audited, nothing taken) — when a decision cannot be made
    the answer is no — but it says why, and an HTTP client gets 503 rather than 429."""

    def __init__(self, quota: str, principal: str, limit: int, why: str) -> None:
        WeirError.__init__(
            self, f"quota not checked: the {what(quota)} of principal {quote(principal)} could not be counted: {why}"
        )
        self.quota = quota
        self.principal = principal
        self.limit = limit

    @property
    def data(self) -> dict[str, Any]:
        """The refusal as JSON-RPC error data."""
        return {"quota": self.quota, "limit": self.limit, "unavailable": True}


class Refusals:
    """Logs every refusal and audits them, at most one row per quota and principal per ``interval_s``."""

    def __init__(
        self, audit: AuditSink | None, *, interval_s: float = 10.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._audit = audit
        self._interval = interval_s
        self._clock = clock
        self._last: OrderedDict[tuple[str, str], float] = OrderedDict()
        self._since: dict[tuple[str, str], int] = {}  # refusals not audited yet

    def refused(self, exc: QuotaExceeded, *, connection: str | None = None, session: str | None = None) -> None:
        """Note one refusal (logged and audited now, or counted into the next record of its quota and principal)."""
        key = (exc.quota, exc.principal)
        self._since[key] = self._since.get(key, 0) + 1
        now = self._clock()
        last = self._last.get(key)
        if last is not None and now - last < self._interval:
            return
        if len(self._last) > 10_000:  # a bounded memory of who was refused: the oldest go first
            self._since.pop(self._last.popitem(last=False)[0], None)
        self._last[key] = now
        count = self._since.pop(key)
        log.warning("%s", exc.message, extra=fields(connection=connection, quota=exc.quota, refusals=count))
        if self._audit is None:
            return
        rule = RuleRecord(name=RULE, effect="block", reason=exc.message)
        decision = DecisionRecord(effect="block", applied="block", rules=(rule,), reasons=(exc.message,))
        details = {"quota": exc.quota, "principal": exc.principal, "limit": exc.limit, "refusals": count}
        if isinstance(exc, QuotaUnavailable):
            details["unavailable"] = True
        event = AuditEvent(
            phase=Phase.ERROR, session=session, connection=connection, decision=decision, details=details
        )
        try:
            self._audit.append(event)
        except Exception:  # the refusal stands whether or not the trail took it; say so loudly
            log.exception("the audit trail could not record a quota refusal")
