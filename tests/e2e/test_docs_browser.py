"""The HTML safety table, laid out by a real Chromium: every column on a laptop screen."""

from __future__ import annotations

from typing import Any

import pytest

from weir.catalog import read_catalog_file
from weir.catalog.bundled import bundled_catalogs
from weir.docs import safety_rows, to_html
from weir.lint import lint_catalog

pytestmark = [pytest.mark.slow]


def test_every_bundled_catalog_fits_a_1600_pixel_window_without_splitting_words(chromium: Any) -> None:
    catalogs = [read_catalog_file(path) for path in bundled_catalogs().values()]
    page_html = to_html([(c.source, safety_rows(c, lint_catalog(c))) for c in catalogs])
    context = chromium.new_context(viewport={"width": 1600, "height": 900})
    try:
        page = context.new_page()
        page.set_content(page_html)
        width = page.evaluate("document.documentElement.scrollWidth")
        # Each wire key may wrap only where it was given a break: every line of it ends at one.
        broken = page.evaluate(
            """() => [...document.querySelectorAll('.src')].filter(el => {
                const range = document.createRange(); range.selectNodeContents(el);
                const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
                const breaks = el.querySelectorAll('wbr').length + (el.textContent.match(/[ -]/g) || []).length;
                return lines > breaks + 1;
            }).length"""
        )
    finally:
        context.close()
    assert width <= 1600
    assert broken == 0
