"""The safety table as Markdown (GitHub-flavoured tables), for READMEs and release notes.

Everything that came from the catalog is escaped: a description is attacker-controlled, and
Markdown renderers pass HTML through, so ``<``, ``>`` and ``&`` become entities, ``|`` cannot
break out of its cell, and backticks and brackets cannot open code spans or links.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from weir.docs.table import COLUMNS, Cell, Risk, SafetyRow

__all__ = ["Section", "escape_md", "to_markdown"]

Section = tuple[str, Sequence[SafetyRow]]
"""A heading (usually the catalog's source) and its rows."""

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~])")
_MAX_DESCRIPTION = 300


def escape_md(text: str) -> str:
    """Text safe inside a Markdown table cell: HTML entities, escaped punctuation, no newlines."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    text = _MD_SPECIAL.sub(r"\\\1", text)
    return " ".join(text.split())


def _cell(cell: Cell) -> str:
    value = escape_md(cell.text)
    if cell.risk is Risk.HIGH:
        value = f"**{value}**"
    elif cell.risk is Risk.UNKNOWN:
        value = f"_{value}_"
    if cell.sources:
        value += "<br><sub>" + "; ".join(escape_md(s) for s in cell.sources) + "</sub>"
    return value


def _tool(row: SafetyRow) -> str:
    head = f"**{escape_md(row.name)}**"
    if row.title:
        head += f" ({escape_md(row.title)})"
    desc = row.description[:_MAX_DESCRIPTION] + ("…" if len(row.description) > _MAX_DESCRIPTION else "")
    if desc:
        head += f"<br>{escape_md(desc)}"
    if row.findings:
        head += "<br><sub>lint: " + ", ".join(escape_md(f) for f in row.findings) + "</sub>"
    return head


def to_markdown(sections: Sequence[Section], *, title: str = "Tool safety") -> str:
    """A Markdown document: a heading, a legend, and one table per section."""
    out = [
        f"# {escape_md(title)}",
        "",
        "Each fact shows where it came from (vocabulary: wire key). **Bold** is high risk; "
        "_unknown_ means no server claim — Weir treats it as unsafe, never as safe.",
    ]
    for heading, rows in sections:
        out += ["", f"## {escape_md(heading)}", ""]
        out.append("| Tool | " + " | ".join(COLUMNS) + " |")
        out.append("|" + "---|" * (len(COLUMNS) + 1))
        out += ["| " + " | ".join([_tool(r), *(_cell(c) for c in r.cells)]) + " |" for r in rows]
    return "\n".join(out) + "\n"
