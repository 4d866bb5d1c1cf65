"""The safety table: each fact with its wire source; unknown is shown as unknown, never as safe."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.labels.strategies import profiles
from weir.catalog import parse_catalog, read_catalog_file
from weir.catalog.bundled import bundled_catalogs
from weir.docs import COLUMNS, Risk, SafetyRow, safety_rows
from weir.labels.write import TOOL_DIALECTS, write_tool
from weir.lint import lint_catalog


def _row(tool: dict[str, Any]) -> dict[str, Any]:
    [row] = safety_rows(parse_catalog([tool], source="t"))
    return dict(zip(COLUMNS, row.cells, strict=True))


def test_a_tool_without_claims_is_unknown_in_every_column() -> None:
    row = _row({"name": "mystery", "description": "Does things."})
    for column, cell in row.items():
        assert cell.risk is Risk.UNKNOWN, column
        assert cell.text.startswith("unknown"), column
        assert cell.sources == ()


def test_each_fact_names_its_vocabulary_and_wire_key() -> None:
    row = _row(
        {
            "name": "send_email",
            "annotations": {"inputMetadata": {"Destination": "Public", "Outcomes": "Irreversible"}},
            "_meta": {"mcp.dev/requiresConfirmation": True, "mcp.dev/effect": "external"},
        }
    )
    assert (row["Outcome"].text, row["Outcome"].risk) == ("irreversible", Risk.HIGH)
    assert row["Outcome"].sources == ("sep-2061: annotations.inputMetadata.Outcomes",)
    assert row["Destination"].text == "public"
    assert row["Confirmation"].text == "required"
    assert row["Confirmation"].sources == ('mcp.dev: _meta["mcp.dev/requiresConfirmation"]',)
    assert row["Effect"].text == "external"
    assert row["Reversibility"].text == "irreversible (possible outcome)"


def test_possible_sets_are_shown_whole_and_coloured_by_their_worst_member() -> None:
    row = _row({"name": "t", "annotations": {"inputMetadata": {"outcomes": ["benign", "irreversible"]}}})
    assert row["Outcome"].text == "benign / irreversible"
    assert row["Outcome"].risk is Risk.HIGH


def test_sensitivity_shows_classes_scopes_and_levels() -> None:
    row = _row(
        {
            "name": "t",
            "annotations": {
                "sensitiveDataHint": True,
                "returnMetadata": {"source": "internal", "sensitivity": ["pii", {"regulated": {"scopes": ["HIPAA"]}}]},
            },
            "_meta": {"mcp.dev/resultSensitivity": "restricted"},
        }
    )
    assert row["Sensitivity in"].text == "sensitive data"
    assert "pii" in row["Sensitivity out"].text
    assert "regulated (HIPAA)" in row["Sensitivity out"].text
    assert "level high" in row["Sensitivity out"].text
    assert row["Sensitivity out"].risk is Risk.HIGH
    assert row["Returns from"].text == "internal"


def test_rows_carry_lint_findings_when_a_report_is_given() -> None:
    catalog = read_catalog_file(bundled_catalogs()["seeds"])
    rows = safety_rows(catalog, lint_catalog(catalog))
    by_name = {r.name: r for r in rows}
    assert isinstance(by_name["send_email"], SafetyRow)
    assert set(by_name["send_email"].findings) == {"W101 error", "W103 info"}
    assert by_name["restart_service"].findings == ()
    assert len(rows) == len(catalog.tools)


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=10,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["name", "title", "description", "annotations", "_meta"]), _json))
def test_any_json_tool_gets_a_full_row(tool: dict[str, Any]) -> None:
    [row] = safety_rows(parse_catalog([tool], source="fuzz"))
    assert len(row.cells) == len(COLUMNS)
    assert all(cell.text for cell in row.cells)


def test_a_tool_that_modifies_without_saying_how_is_shown_destructive_by_the_spec_default() -> None:
    row = _row({"name": "create_issue", "annotations": {"title": "Open new issue", "readOnlyHint": False}})
    assert row["Effect"].text == "modifies / destructive unknown (spec default: destructive)"
    assert row["Effect"].risk is Risk.HIGH
    assert row["Effect"].sources == ("mcp-core: annotations.readOnlyHint",)


def test_contradictory_reversibility_is_shown_as_such_in_the_riskier_colour() -> None:
    row = _row(
        {
            "name": "t",
            "annotations": {"reversibleHint": True, "inputMetadata": {"outcomes": ["consequential", "irreversible"]}},
        }
    )
    assert row["Reversibility"].text.startswith("contradictory")
    assert row["Reversibility"].risk is Risk.HIGH
    assert row["Reversibility"].sources == (
        "sep-1984: annotations.reversibleHint",
        "sep-1913: annotations.inputMetadata.outcomes",
    )


_written_tools = st.builds(
    lambda profile, dialect: {"name": profile.name, **write_tool(profile, dialect=dialect)},
    profiles(),
    st.sampled_from([None, *TOOL_DIALECTS]),
)


@settings(max_examples=150, deadline=None)
@given(_written_tools | st.dictionaries(st.sampled_from(["name", "annotations", "_meta"]), _json))
def test_nothing_is_shown_safe_or_unknown_without_saying_why(tool: dict[str, Any]) -> None:
    """A green cell always names the claim behind it; an unknown cell names none and says unknown."""
    [row] = safety_rows(parse_catalog([tool], source="fuzz"))
    for cell in row.cells:
        if cell.risk is Risk.LOW:
            assert cell.sources, cell
        if cell.risk is Risk.UNKNOWN:
            assert cell.text.startswith("unknown")
            assert cell.sources == ()


def test_values_read_as_words_not_as_wire_spellings() -> None:
    row = _row({"name": "fetch", "annotations": {"returnMetadata": {"source": "untrustedPublic"}}})
    assert row["Returns from"].text == "untrusted public"


def test_none_is_not_listed_beside_a_real_class() -> None:
    row = _row({"name": "t", "annotations": {"returnMetadata": {"sensitivity": ["none", "pii"]}}})
    assert row["Sensitivity out"].text == "pii"
    alone = _row({"name": "t", "annotations": {"returnMetadata": {"sensitivity": "none"}}})
    assert alone["Sensitivity out"].text == "none"


def test_a_read_only_tool_needs_no_confirmation_and_is_not_shown_as_missing_one() -> None:
    row = _row({"name": "list_inbox", "annotations": {"readOnlyHint": True}})
    assert (row["Confirmation"].text, row["Confirmation"].risk) == ("not needed (claimed read-only)", Risk.LOW)
    assert row["Confirmation"].sources == ("mcp-core: annotations.readOnlyHint",)
    writer = _row({"name": "save", "annotations": {"readOnlyHint": False}})
    assert writer["Confirmation"].risk is Risk.UNKNOWN
