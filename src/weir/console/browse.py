"""Reading the audit trail for the console: filters from a query string, newest events first, and
the chain's verification (walked again only when the trail grew)."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Mapping
from typing import get_args

from weir.audit import AuditQuery, AuditStore, StoredEvent, VerifyReport
from weir.audit.event import EffectName, Phase
from weir.audit.read import parse_time
from weir.console.pages.audit import FILTERS, AuditView
from weir.errors import WeirError

__all__ = ["ChainCheck", "audit_view"]

_LIMIT = 100
_PHASES = frozenset(p.value for p in Phase)
_EFFECTS = frozenset(get_args(EffectName))


class ChainCheck:
    """The trail's verification, kept until its head moves (a walk reads every row)."""

    def __init__(self, trail: AuditStore) -> None:
        self._trail = trail
        self._lock = threading.Lock()
        self._seen: tuple[int, str] | None = None
        self._report: VerifyReport | None = None

    def report(self) -> VerifyReport | None:
        """The report for the current head (``None`` when the trail cannot be read)."""
        with self._lock:
            try:
                head = self._trail.head()
                key = (head.id, head.hash) if head is not None else (0, "")
                if key != self._seen or self._report is None:
                    self._report = self._trail.verify()
                    self._seen = key
            except WeirError:
                return None
            return self._report


def audit_view(trail: AuditStore, params: Mapping[str, str], chain: ChainCheck | None = None) -> AuditView:
    """The events matching ``params`` (see :data:`FILTERS`; ``before`` an id to page back from), newest first."""
    filters = {k: params.get(k, "").strip() for k in FILTERS}
    report = chain.report() if chain is not None else None
    try:
        query = _query(filters)
        before = int(params["before"]) if params.get("before", "").isdigit() else None
        limit = min(int(params["limit"]), 1000) if params.get("limit", "").isdigit() else _LIMIT
    except WeirError as exc:
        return AuditView((), filters, report, error=str(exc))
    principal = filters.get("principal") or None  # not a column of the stores: matched on the event
    newest: deque[StoredEvent] = deque(maxlen=limit + 1)  # one more: are there older ones?
    try:
        for item in trail.query(query):
            if before is not None and item.id > before:
                break
            if principal is None or item.event.principal == principal:
                newest.append(item)
    except WeirError as exc:
        return AuditView((), filters, report, error=f"the trail cannot be read: {exc}")
    shown = list(newest)[-limit:]
    older = shown[0].id - 1 if len(newest) > limit and shown else None
    return AuditView(list(reversed(shown)), filters, report, older=older)


def _query(filters: Mapping[str, str]) -> AuditQuery:
    phase = filters.get("phase") or None
    effect = filters.get("effect") or None
    if phase is not None and phase not in _PHASES:
        raise WeirError(f"unknown phase {phase!r}")
    if effect is not None and effect not in _EFFECTS:
        raise WeirError(f"unknown effect {effect!r}")
    return AuditQuery.model_validate(
        {
            "session": filters.get("session") or None,
            "server": filters.get("server") or None,
            "tool": filters.get("tool") or None,
            "phase": phase,
            "effect": effect,
            "since": parse_time(filters["since"]) if filters.get("since") else None,
            "until": parse_time(filters["until"]) if filters.get("until") else None,
        }
    )
