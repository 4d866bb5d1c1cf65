"""The catalogs that ship with Weir: each has a sidecar documenting the findings it must produce."""

from __future__ import annotations

import json

from weir.catalog import read_catalog_file
from weir.catalog.bundled import CATALOG_DIR, bundled_catalogs, expected_findings
from weir.lint.registry import RULES


def test_the_promised_catalogs_ship_in_the_package() -> None:
    assert set(bundled_catalogs()) >= {"seeds", "mail", "files", "web", "planted"}
    assert CATALOG_DIR.is_relative_to(CATALOG_DIR.parents[2])


def test_every_catalog_has_a_sidecar_naming_real_rules_and_tools() -> None:
    import weir.lint.rules  # noqa: F401

    for name, path in bundled_catalogs().items():
        names = set(read_catalog_file(path).names()) | {""}
        sidecar = json.loads((CATALOG_DIR / f"{name}.expected.json").read_text(encoding="utf-8"))
        assert sidecar["catalog"] == path.name
        for entry in expected_findings(name):
            assert entry["rule"] in RULES, entry
            assert entry["tool"] in names, entry
            assert entry["why"].strip(), entry


def test_the_planted_catalog_documents_a_defect_for_every_rule() -> None:
    import weir.lint.rules  # noqa: F401

    live_only = {"W105"}  # needs a live server to ask: tests/lint/rules/test_claims.py lints one
    assert {e["rule"] for e in expected_findings("planted")} == set(RULES) - live_only


def test_the_catalogs_use_several_dialects() -> None:
    text = " ".join(p.read_text(encoding="utf-8") for p in bundled_catalogs().values())
    for marker in (
        "readOnlyHint",
        "reversibleHint",
        '"mcp.dev/effect"',
        '"Outcomes"',
        '"outcomes"',
        "io.modelcontextprotocol/action-metadata",
        "dev.weir/annotations",
        "tool-resolution",
    ):
        assert marker in text, marker
