"""Pieces several pages share: a decision explained, effects, times."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

from weir.console.html import Markup, h, join

__all__ = ["effect", "explained_rules", "label_facts", "session_link", "when"]


def effect(name: str | None, applied: str | None = None) -> Markup:
    """An effect as a coloured badge (``confirm → block`` when what was applied differs)."""
    if not name:
        return h("span", "-", class_="muted")
    badge = h("span", name, class_=f"effect effect-{name}")
    if applied and applied != name:
        return join([badge, " → ", h("span", applied, class_=f"effect effect-{applied}")])
    return badge


def session_link(session_id: str) -> Markup:
    """A link to an agent session's page (its id is the client's to choose: quoted whole)."""
    return h("a", session_id, href=f"/console/sessions/{quote(session_id, safe='')}")


def when(value: datetime | str | None) -> str:
    """A time as operators read it (UTC, to the second)."""
    if value is None:
        return "-"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S UTC")
    return value.replace("T", " ")[:19] + " UTC"


def explained_rules(rules: Iterable[Mapping[str, Any]]) -> Markup:
    """Every rule that matched: its effect, its reason, and the labels behind it with their origins."""
    rows = [
        h(
            "tr",
            h("td", h("code", r.get("name", ""))),
            h("td", effect(str(r.get("effect", "")))),
            h("td", r.get("reason", "")),
            h("td", h("ul", *(h("li", label) for label in r.get("labels") or ()), class_="facts")),
        )
        for r in rules
    ]
    if not rows:
        return h("p", "No rule matched.", class_="muted")
    head = h(
        "tr", h("th", "rule"), h("th", "effect"), h("th", "why"), h("th", "labels behind it, and where each came from")
    )
    return h("table", head, *rows, class_="rules")


def label_facts(label: Mapping[str, Any] | None) -> Markup:
    """A label as JSON (bottom values left out), each field with the wire keys it came from."""
    if not label:
        return h("span", "nothing seen yet", class_="muted")
    origins = label.get("origins") or {}
    items = []
    for key, value in label.items():
        if key == "origins":
            continue
        where = origins.get(key)
        source = f" — from {', '.join(_origin(o) for o in where)}" if isinstance(where, list) and where else ""
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        items.append(h("li", h("code", key), f": {shown}", h("span", source, class_="muted")))
    return h("ul", *items, class_="facts")


def _origin(origin: Any) -> str:
    if isinstance(origin, Mapping) and "path" in origin:
        return f"{origin['path']} ({origin.get('dialect', '?')})"
    return str(origin)
