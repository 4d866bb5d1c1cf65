"""Tool pins: every pinned tool, what changed in a held one, and re-approving it."""

from __future__ import annotations

from collections.abc import Sequence

from weir.audit.pins import PinRow
from weir.console.html import Markup, csrf_field, h, join
from weir.detect.pinning import held_changes

__all__ = ["pins_page"]


def pins_page(rows: Sequence[PinRow], csrf: str) -> Markup:
    """The table of pins, then each held tool's diff with its approve form."""
    if not rows:
        return h("p", "No tool is pinned yet (pins are taken at a server's first listing).", class_="muted")
    head = h("tr", *(h("th", x) for x in ("server", "tool", "status", "approved", "by", "seen")))
    table = h(
        "table",
        head,
        *(
            h(
                "tr",
                h("td", r.server),
                h("td", h("code", r.tool)),
                h("td", h("span", r.pin.status, class_="bad" if r.held else "ok")),
                h("td", r.pin.approved.at if r.pin.approved else "-"),
                h("td", r.pin.by or "-"),
                h("td", r.pin.seen.at if r.pin.seen else "-"),
            )
            for r in rows
        ),
    )
    held = [_held(r, csrf) for r in rows if r.held]
    return join([table, h("h2", f"Held tools ({len(held)})"), *held] if held else [table])


def _held(row: PinRow, csrf: str) -> Markup:
    changes = held_changes(row.pin, limit=None, width=None)
    form = h(
        "form",
        csrf_field(csrf),
        h("input", type="hidden", name="server", value=row.server),
        h("input", type="hidden", name="tool", value=row.tool),
        h("button", "Approve this definition", type="submit", class_="approve"),
        method="post",
        action="/console/pins/approve",
        class_="decide",
    )
    what = "changed since it was approved" if row.pin.status == "changed" else "added after the server was pinned"
    return h(
        "section",
        h("h3", h("code", f"{row.server}/{row.tool}"), f" — {what}"),
        h("pre", "\n".join(changes), class_="diff"),
        h(
            "p",
            "Until approved, every call of this tool is confirmed (or blocked where the client cannot be asked).",
            class_="muted",
        ),
        form,
        class_="card held",
        id=f"held-{row.server}-{row.tool}",
    )
