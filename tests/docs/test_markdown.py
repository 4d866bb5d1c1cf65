"""The Markdown table: catalog text cannot break the table or inject HTML."""

from __future__ import annotations

from weir.catalog import parse_catalog, read_catalog_file
from weir.catalog.bundled import bundled_catalogs
from weir.docs import COLUMNS, escape_md, safety_rows, to_markdown


def test_pipes_newlines_and_html_are_neutralised() -> None:
    text = escape_md("a | b\n<script>x</script> [link](javascript:1) `code`")
    assert "|" not in text.replace("\\|", "")
    assert "\n" not in text
    assert "<" not in text
    assert "\\[link\\]\\(javascript:1\\)" in text
    assert "\\`code\\`" in text


def test_every_row_has_one_cell_per_column() -> None:
    catalog = parse_catalog([{"name": "x|y", "description": "1 | 2 | 3\n| 4 |"}], source="c")
    md = to_markdown([("c", safety_rows(catalog))])
    rows = [line for line in md.splitlines() if line.startswith("| ") and "---" not in line]
    header, body = rows[0], rows[1]
    unescaped = [body.replace("\\|", "").count("|"), header.count("|")]
    assert unescaped == [len(COLUMNS) + 2, len(COLUMNS) + 2]


def test_unknown_is_written_as_unknown() -> None:
    md = to_markdown([("c", safety_rows(parse_catalog([{"name": "m"}], source="c")))])
    assert md.splitlines()[-1].count("_unknown") == len(COLUMNS)


def test_bundled_catalogs_render_with_sources() -> None:
    catalog = read_catalog_file(bundled_catalogs()["files"])
    md = to_markdown([(catalog.source, safety_rows(catalog))], title="Files")
    assert md.startswith("# Files")
    assert "action-metadata: \\_meta\\[&quot;io.modelcontextprotocol/action-metadata&quot;\\]" in md
