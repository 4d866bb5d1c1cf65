"""The safety table as one self-contained HTML page: inline CSS, no script, no external asset.

Every string from a catalog goes through :func:`html.escape` (quotes included) before it is
placed, and only ever as element text — never into an attribute, a URL or the stylesheet — so
a hostile tool description renders as the text it is. The page references nothing outside
itself, so it can be attached to a CI run or mailed and opened offline.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from weir._version import __version__
from weir.docs.markdown import Section
from weir.docs.table import COLUMNS, Cell, Risk, SafetyRow

__all__ = ["to_html"]

_MAX_DESCRIPTION = 600

_CSS = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em; color: #1d1d1f; }
h1 { font-size: 1.6em; margin-bottom: .2em; } h2 { font-size: 1.2em; margin-top: 2em; }
p.meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; width: 100%; margin-top: .6em; }
th, td { border: 1px solid #d0d0d7; padding: .45em .55em; vertical-align: top; text-align: left; }
td.tool { min-width: 11em; }
th { background: #f3f3f6; position: sticky; top: 0; }
td.tool b { font-family: ui-monospace, Menlo, Consolas, monospace; }
td.tool .desc { color: #444; margin-top: .25em; white-space: pre-wrap; overflow-wrap: anywhere; }
.src { display: block; color: #6b6b75; font-size: .8em; margin-top: .25em; font-family: ui-monospace, monospace; }
.lint { display: block; color: #8a2b00; font-size: .8em; margin-top: .3em; }
td.high, .legend .high { background: #fde7e7; } td.high .v { color: #9b1111; font-weight: 600; }
td.medium, .legend .medium { background: #fff6e0; }
td.low, .legend .low { background: #eaf6ec; }
td.unknown, .legend .unknown {
  background: repeating-linear-gradient(45deg, #f4f4f6, #f4f4f6 6px, #ececf0 6px, #ececf0 12px);
}
td.unknown .v { color: #555; font-style: italic; }
.legend span { display: inline-block; padding: .1em .5em; margin-right: .4em; border: 1px solid #d0d0d7; }
"""


def _breakable(key: str) -> str:
    """A wire key, escaped, that wraps only between its parts (after ``.`` and ``/``, before ``[``),
    never inside a word."""
    return re.sub(r"(?<=[./])|(?=\[)", "<wbr>", escape(key)).replace("<wbr><wbr>", "<wbr>")


def _cell(cell: Cell) -> str:
    sources = "".join(f'<span class="src">{_breakable(s)}</span>' for s in cell.sources)
    return f'<td class="{cell.risk.value}"><span class="v">{escape(cell.text)}</span>{sources}</td>'


def _tool(row: SafetyRow) -> str:
    out = f"<b>{escape(row.name)}</b>"
    if row.title:
        out += f" — {escape(row.title)}"
    desc = row.description[:_MAX_DESCRIPTION] + ("…" if len(row.description) > _MAX_DESCRIPTION else "")
    if desc:
        out += f'<div class="desc">{escape(desc)}</div>'
    if row.findings:
        out += f'<span class="lint">lint: {escape(", ".join(row.findings))}</span>'
    return f'<td class="tool">{out}</td>'


def _table(heading: str, rows: Sequence[SafetyRow]) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in ("Tool", *COLUMNS))
    body = "\n".join(f"<tr>{_tool(r)}{''.join(_cell(c) for c in r.cells)}</tr>" for r in rows)
    count = f"{len(rows)} tool{'s' if len(rows) != 1 else ''}"
    return (
        f'<section><h2>{escape(heading)}</h2><p class="meta">{count}</p>\n'
        f"<table><thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table></section>"
    )


def to_html(sections: Sequence[Section], *, title: str = "Tool safety") -> str:
    """One complete HTML document with a legend and one table per section."""
    legend = "".join(
        f'<span class="{r.value}">{label}</span>'
        for r, label in (
            (Risk.HIGH, "high risk"),
            (Risk.MEDIUM, "changes state / personal data"),
            (Risk.LOW, "claimed safe"),
            (Risk.UNKNOWN, "unknown: no claim, treated as unsafe"),
        )
    )
    tables = "\n".join(_table(h, rows) for h, rows in sections)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="weir {escape(__version__)}">
<title>{escape(title)}</title>
<style>{_CSS}</style>
</head>
<body>
<h1>{escape(title)}</h1>
<p class="meta">What each tool declares about itself, in every vocabulary it uses, and where each fact came from
(vocabulary: wire key). Claims are the server's own; unknown is never shown as safe.</p>
<p class="legend">{legend}</p>
{tables}
</body>
</html>
"""
