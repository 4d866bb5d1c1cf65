"""The HTML page: self-contained, hostile catalog text escaped, unknown shown as unknown."""

from __future__ import annotations

import itertools
import re
from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

from weir.catalog import parse_catalog, read_catalog_file
from weir.catalog.bundled import bundled_catalogs
from weir.docs import safety_rows, to_html
from weir.docs.markdown import Section

HOSTILE = (
    '</td></tr></table><script>alert("pwned")</script><img src="http://evil.example/x.png" onerror="steal()">'
    '<a href="javascript:alert(1)">click</a><style>body{background:url(http://evil.example/bg)}</style>'
)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(page: str) -> _Tags:
    p = _Tags()
    p.feed(page)
    return p


def _bundled_sections() -> list[Section]:
    out: list[Section] = []
    for name, path in bundled_catalogs().items():
        out.append((name, safety_rows(read_catalog_file(path))))
    return out


def test_the_page_references_nothing_outside_itself() -> None:
    page = to_html(_bundled_sections())
    assert "http" not in page
    assert "src=" not in page
    assert "url(" not in page
    assert "@import" not in page
    tags = _parse(page)
    assert not {"script", "link", "img", "iframe", "object", "embed"} & set(tags.tags)
    assert not [a for a, _ in tags.attrs if a in {"src", "href", "srcset", "action"} or a.startswith("on")]
    assert tags.tags.count("style") == 1


def test_a_hostile_description_renders_as_text() -> None:
    catalog = parse_catalog([{"name": "evil<b>", "title": "<i>t</i>", "description": HOSTILE}], source="<x>")
    page = to_html([("hostile & <catalog>", safety_rows(catalog))], title="<title>")
    tags = _parse(page)
    assert set(tags.tags) <= {
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "h1",
        "p",
        "span",
        "section",
        "h2",
        "table",
        "thead",
        "tr",
        "th",
        "tbody",
        "td",
        "b",
        "div",
    }
    assert not [a for a, _ in tags.attrs if a in {"src", "href"} or a.startswith("on")]
    assert tags.tags.count("script") == 0
    assert tags.tags.count("b") == 1  # ours, around the (escaped) name
    text = "".join(tags.text)
    assert '<script>alert("pwned")</script>' in text
    assert "evil<b>" in text
    assert "&lt;script&gt;" in page


def test_unknown_is_shown_as_unknown_and_styled_apart() -> None:
    page = to_html([("c", safety_rows(parse_catalog([{"name": "mystery"}], source="c")))])
    assert page.count('<td class="unknown"><span class="v">unknown') == 8
    assert '<td class="low"' not in page


def test_the_page_is_a_complete_document() -> None:
    page = to_html(_bundled_sections(), title="Catalogs")
    assert page.startswith("<!DOCTYPE html>")
    assert page.rstrip().endswith("</html>")
    assert '<meta charset="utf-8">' in page
    tags = _parse(page)
    assert tags.tags.count("tr") == 1 + sum(len(rows) for _, rows in _bundled_sections()) + len(_bundled_sections()) - 1


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=200), st.text(max_size=40))
def test_no_catalog_text_can_add_markup(description: str, name: str) -> None:
    benign = _parse(to_html([("c", safety_rows(parse_catalog([{"name": "n", "description": "d"}], source="c")))]))
    page = to_html(
        [(name, safety_rows(parse_catalog([{"name": name or "n", "description": description}], source="c")))]
    )
    tags = _parse(page)
    assert tags.tags == benign.tags
    assert tags.attrs == benign.attrs


def test_long_wire_keys_wrap_between_their_parts_never_mid_word() -> None:
    """Unbreakable keys like annotations.inputMetadata.destination pushed Confirmation and
    Reversibility past the right edge of a 1600-pixel window; breaking them anywhere split words
    (``returnMeta-data``). They now break only after ``.`` and ``/`` and before ``[``
    (tests/e2e/test_docs_browser.py measures the page in Chromium)."""
    css = to_html([]).split("<style>", 1)[1].split("</style>", 1)[0]
    src_rule = css.split(".src {", 1)[1].split("}", 1)[0]
    assert "anywhere" not in src_rule
    row = {
        "name": "t",
        "_meta": {"io.modelcontextprotocol/action-metadata": {"returnMetadata": {"source": "internal"}}},
    }
    page = to_html([("c", safety_rows(parse_catalog([row], source="c")))])
    [source] = re.findall(r'<span class="src">(.*?)</span>', page)
    parts = source.split("<wbr>")
    assert len(parts) > 3
    assert all(p.endswith((".", "/")) or nxt.startswith("[") for p, nxt in itertools.pairwise(parts))
    assert (
        "".join(parts)
        == "action-metadata: _meta[&quot;io.modelcontextprotocol/action-metadata&quot;].returnMetadata.source"
    )
