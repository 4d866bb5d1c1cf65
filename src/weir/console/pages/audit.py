"""The audit trail: filters, the chain's verification, and every event's decision explained."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from weir.audit import Phase, StoredEvent, VerifyReport
from weir.console.html import Markup, h, join, pretty
from weir.console.pages.common import effect, explained_rules, label_facts, session_link, when

__all__ = ["FILTERS", "AuditView", "audit_page", "event_page"]

FILTERS = ("session", "principal", "server", "tool", "phase", "effect", "since", "until")
"""The query parameters the audit page filters on (and ``before``, ``limit`` for paging)."""
_PHASES = ("", *(p.value for p in Phase))  # every phase the trail records, message rows too
_EFFECTS = ("", "allow", "warn", "redact", "confirm", "block")


@dataclass(frozen=True)
class AuditView:
    """What the audit page shows."""

    events: Sequence[StoredEvent]
    """Newest first."""
    filters: Mapping[str, str]
    report: VerifyReport | None
    """The chain's verification (``None`` when it could not be run)."""
    older: int | None = None
    """The id to page back from, when older matching events exist."""
    error: str | None = None


def audit_page(view: AuditView) -> Markup:
    """The filter form, the chain status and the events."""
    parts: list[Any] = [_chain(view.report), _filters(view.filters)]
    if view.error:
        parts.append(h("p", view.error, class_="notice"))
    if not view.events:
        parts.append(h("p", "No event matches.", class_="muted"))
    else:
        head = h(
            "tr", *(h("th", x) for x in ("#", "time (UTC)", "phase", "server/tool", "effect", "session", "summary"))
        )
        parts.append(h("table", head, *(_row(e) for e in view.events), class_="events"))
    if view.older is not None:
        query = {k: v for k, v in view.filters.items() if v} | {"before": str(view.older)}
        parts.append(h("p", h("a", "older events →", href=f"/console/audit?{urlencode(query)}")))
    return join(parts)


def _chain(report: VerifyReport | None) -> Markup:
    if report is None:
        return h("p", "The chain could not be verified.", class_="bad", id="chain")
    if report.ok:
        head = f"; head #{report.head.id} {report.head.hash[:16]}…" if report.head else ""
        return h("p", f"Chain verified: {report.checked} events intact{head}.", class_="ok", id="chain")
    problem = report.problem.message if report.problem else "unknown problem"
    return h("p", f"Chain TAMPERED: {problem} (after {report.checked} good rows).", class_="bad", id="chain")


def _filters(values: Mapping[str, str]) -> Markup:
    def text(name: str, hint: str) -> Markup:
        return h("label", name, h("input", type="text", name=name, value=values.get(name, ""), placeholder=hint))

    def choice(name: str, options: Sequence[str]) -> Markup:
        picked = values.get(name, "")
        opts = [h("option", o or "any", value=o, selected=o == picked) for o in options]
        return h("label", name, h("select", *opts, name=name))

    return h(
        "form",
        text("session", "agent session id"),
        text("principal", "principal id"),
        text("server", "server"),
        text("tool", "tool"),
        choice("phase", _PHASES),
        choice("effect", _EFFECTS),
        text("since", "2026-11-21T19:00"),
        text("until", "ISO 8601"),
        h("button", "Filter", type="submit"),
        method="get",
        action="/console/audit",
        class_="filters",
    )


def _row(item: StoredEvent) -> Markup:
    e = item.event
    decision = e.decision
    where = "/".join(x for x in (e.server, e.tool) if x) or "-"
    session = session_link(e.session) if e.session else "-"
    cells = [
        h("td", h("a", str(item.id), href=f"/console/audit/{item.id}")),
        h("td", when(e.time)),
        h("td", e.phase.value),
        h("td", h("code", where)),
        h("td", effect(decision.effect if decision else None, decision.applied if decision else None)),
        h("td", session),
        h("td", _summary(item)),
    ]
    return h("tr", *cells, id=f"event-{item.id}")


def _summary(item: StoredEvent) -> Markup:
    """One line, and the decision explained under it (opens without script: ``<details>``)."""
    e = item.event
    details = e.details or {}
    line: list[Any] = []
    if details.get("operator") or details.get("by"):
        who = details.get("operator") or details.get("by")
        line.append(h("b", f"{details.get('action', 'action')} by {who}"))
        if details.get("reason"):
            line.append(f": {details['reason']}")
    elif e.decision is not None and e.decision.reasons:
        line.append("; ".join(e.decision.reasons)[:300])
    elif e.upstream_error:
        line.append(f"upstream error: {e.upstream_error[:300]}")
    elif details.get("findings"):
        line.append(f"{len(details['findings'])} finding(s): " + "; ".join(map(str, details["findings"]))[:300])
    return h("details", h("summary", *line or ["details"]), _explained(item))


def _explained(item: StoredEvent) -> Markup:
    e = item.event
    parts: list[Any] = []
    if e.decision is not None:
        d = e.decision
        parts.append(h("p", "Decision: ", effect(d.effect, d.applied), f" — error: {d.error}" if d.error else ""))
        parts.append(explained_rules([r.model_dump() for r in d.rules]))
    if e.labels_after:
        parts.extend([h("h4", "The session's labels after this step"), label_facts(e.labels_after)])
    if e.details:
        parts.extend([h("h4", "Details"), pretty(e.details)])
    return join(parts)


def event_page(item: StoredEvent) -> Markup:
    """One event in full, as stored (payloads as the store sealed them)."""
    e = item.event
    facts = h(
        "table",
        h("tr", h("th", "id"), h("td", str(item.id))),
        h("tr", h("th", "hash"), h("td", h("code", item.hash))),
        h("tr", h("th", "previous hash"), h("td", h("code", item.prev_hash))),
        h("tr", h("th", "time"), h("td", when(e.time))),
        h("tr", h("th", "phase"), h("td", e.phase.value)),
        h("tr", h("th", "session"), h("td", e.session or "-")),
        h("tr", h("th", "principal"), h("td", e.principal or "-")),
        h("tr", h("th", "server/tool"), h("td", "/".join(x for x in (e.server, e.tool) if x) or "-")),
        h("tr", h("th", "latency"), h("td", f"{e.latency_ms:.1f} ms" if e.latency_ms is not None else "-")),
    )
    stored = e.model_dump(mode="json", by_alias=True, exclude_none=True)
    return join([facts, _explained(item), h("h4", "The event as stored"), pretty(stored)])
