"""Linting whole catalogs: the planted defects are found, clean catalogs stay clean, nothing crashes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from weir.catalog import parse_catalog, read_catalog_file
from weir.catalog.bundled import bundled_catalogs, expected_findings
from weir.labels.provenance import Severity
from weir.lint import lint_catalog
from weir.lint.report import tool_contexts


@pytest.mark.parametrize("name", sorted(bundled_catalogs()))
def test_each_bundled_catalog_yields_exactly_its_documented_findings(name: str) -> None:
    report = lint_catalog(read_catalog_file(bundled_catalogs()[name]))
    got = sorted((f.rule, f.tool) for f in report.findings)
    assert got == sorted((e["rule"], e["tool"]) for e in expected_findings(name))


@pytest.mark.parametrize("name", ["mail", "files", "web"])
def test_clean_catalogs_produce_no_finding_at_any_severity(name: str) -> None:
    report = lint_catalog(read_catalog_file(bundled_catalogs()[name]))
    assert report.findings == ()
    assert not report.failed


def test_every_finding_says_what_where_and_how_to_fix() -> None:
    report = lint_catalog(read_catalog_file(bundled_catalogs()["planted"]))
    assert report.failed
    for f in report.findings:
        assert f.rule.startswith("W")
        assert len(f.rule) == 4
        assert f.name
        assert f.message
        assert f.fix
        assert f.severity in set(Severity)
        assert f.path or f.rule in {"W102"}, f


def test_findings_are_ordered_by_tool_position_then_severity() -> None:
    report = lint_catalog(read_catalog_file(bundled_catalogs()["planted"]))
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    keys = [(f.index, order[f.severity], f.rule) for f in report.findings]
    assert keys == sorted(keys)


def test_select_and_ignore_take_ids_and_family_prefixes() -> None:
    catalog = read_catalog_file(bundled_catalogs()["planted"])
    only_w2 = lint_catalog(catalog, select=["W2"])
    assert only_w2.findings
    assert {f.rule[:2] for f in only_w2.findings} == {"W2"}
    without = lint_catalog(catalog, select=["W2"], ignore=["W207", "W21"])
    assert {f.rule for f in without.findings} == {f.rule for f in only_w2.findings} - {"W207", "W210", "W211"}


def test_the_report_counts_by_severity() -> None:
    report = lint_catalog(read_catalog_file(bundled_catalogs()["seeds"]))
    assert (report.count(Severity.ERROR), report.count(Severity.INFO)) == (1, 4)
    assert report.tools == 8


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
_keys = st.sampled_from(
    ["readOnlyHint", "destructiveHint", "inputMetadata", "returnMetadata", "reversibleHint", "sensitiveHint", "x"]
)
_meta_keys = st.sampled_from(["mcp.dev/effect", "mcp.dev/requiresConfirmation", "dev.weir/annotations", "annotations"])
_tool = st.fixed_dictionaries(
    {},
    optional={
        "name": st.text(max_size=20) | _json,
        "description": st.text(max_size=40) | _json,
        "annotations": st.dictionaries(_keys, _json, max_size=4) | _json,
        "_meta": st.dictionaries(_meta_keys, _json, max_size=3) | _json,
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_tool, max_size=4))
def test_linting_arbitrary_json_tools_never_raises(tools: list[dict[str, Any]]) -> None:
    report = lint_catalog(parse_catalog(tools, source="fuzz"))
    assert report.tools == len(tools)
    assert all(f.index < len(tools) for f in report.findings)


def test_tool_contexts_share_one_name_index_instead_of_copying_the_earlier_names() -> None:
    """A copy of the earlier names per tool made a 60,000-tool catalog (3.5 MB) take 15 GB."""
    catalog = parse_catalog([{"name": f"t{i}"} for i in range(3)] + [{"name": "t0"}], source="s")
    contexts = tool_contexts(catalog)
    assert all(c.first_index is contexts[0].first_index for c in contexts)
    assert dict(contexts[0].first_index) == {"t0": 0, "t1": 1, "t2": 2}
    duplicates = [(f.rule, f.index) for f in lint_catalog(catalog, select=["W002"]).findings]
    assert duplicates == [("W002", 3)]
