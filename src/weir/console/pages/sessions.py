"""Agent sessions: what each has seen (its labels), and where each label came from (lineage)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from weir.console.html import Markup, h, join
from weir.console.pages.common import label_facts, session_link

__all__ = ["SessionSnapshot", "session_page", "sessions_page"]


@dataclass(frozen=True)
class SessionSnapshot:
    """One agent session as it stood when the page was drawn."""

    id: str
    steps: Sequence[tuple[str, str]]
    """(server, tool) of each call, by step."""
    label: dict[str, Any]
    """The session's label as JSON, with ``origins``."""
    lineage: Sequence[tuple[str, str]]
    """(fact, where it first entered the session)."""


def sessions_page(items: Sequence[SessionSnapshot]) -> Markup:
    """Every live agent session, with a summary of its labels."""
    if not items:
        return h("p", "No agent session is live.", class_="muted")
    head = h("tr", h("th", "session"), h("th", "calls"), h("th", "labels"))
    rows = [
        h("tr", h("td", session_link(s.id)), h("td", str(len(s.steps))), h("td", _short(s.label)), id=f"session-{s.id}")
        for s in items
    ]
    return h("table", head, *rows)


def _short(label: dict[str, Any]) -> str:
    shown = [k if v is True else f"{k}={v}" for k, v in label.items() if k not in ("origins", "findings", "evidence")]
    return ", ".join(shown) or "nothing seen yet"


def session_page(item: SessionSnapshot) -> Markup:
    """One session: its label with origins, the lineage of each fact, its calls."""
    lineage = (
        h(
            "table",
            h("tr", h("th", "fact"), h("th", "first seen")),
            *(h("tr", h("td", h("code", f)), h("td", w)) for f, w in item.lineage),
        )
        if item.lineage
        else h("p", "No label has entered this session.", class_="muted")
    )
    steps = h("ol", *(h("li", h("code", f"{server}/{tool}")) for server, tool in item.steps), start="0")
    audit = h("a", "its events in the audit trail", href=f"/console/audit?session={quote(item.id, safe='')}")
    return join(
        [
            h("h2", "Labels"),
            label_facts(item.label),
            h("h2", "Lineage: where each label came from"),
            lineage,
            h("h2", "Calls"),
            steps if item.steps else h("p", "No call yet.", class_="muted"),
            h("p", audit),
        ]
    )
