"""W3xx: values the readers could not accept, and possible sets versus resolved values."""

from __future__ import annotations

from tests.lint.rules.helpers import lint_tools, rules_for, tool

RO = {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False}


def test_an_unknown_enum_value_is_an_error_at_its_path() -> None:
    [f] = lint_tools(tool("t", {**RO, "returnMetadata": {"source": "somewhere"}}), select=["W301"])
    assert (f.path, f.severity.value) == ("annotations.returnMetadata.source", "error")
    assert "somewhere" in f.message


def test_a_wrong_json_type_is_an_error() -> None:
    [f] = lint_tools(tool("t", {**RO, "openWorldHint": "false"}), select=["W301"])
    assert f.path == "annotations.openWorldHint"


def test_an_empty_possible_set_is_a_warning() -> None:
    [f] = lint_tools(tool("t", {**RO, "inputMetadata": {"outcomes": []}}), select=["W302"])
    assert f.path == "annotations.inputMetadata.outcomes"


def test_arrays_in_single_valued_vocabularies_are_flagged_and_lower_case_arrays_are_not() -> None:
    sep2061 = tool("t", {**RO, "inputMetadata": {"Destination": ["Ephemeral", "User"]}})
    assert [f.path for f in lint_tools(sep2061, select=["W303"])] == ["annotations.inputMetadata.Destination"]
    effect = tool("t", RO, {"mcp.dev/effect": ["read"]})
    assert rules_for(effect, "W303") == {"W303"}
    sep1913 = tool("t", {**RO, "inputMetadata": {"destination": ["ephemeral", "user"]}})
    assert rules_for(sep1913, "W3") == set()
    sep2061_sensitivity = tool("t", {**RO, "returnMetadata": {"Source": "User", "Sensitivity": ["PII", "User"]}})
    assert rules_for(sep2061_sensitivity, "W3") == set()


def test_data_labels_on_a_tool_are_flagged_once() -> None:
    t = tool("t", {**RO, "sensitiveHint": "high"}, {"io.modelcontextprotocol/trust-annotations": {"sensitive": True}})
    found = lint_tools(t, select=["W3"])
    assert sorted((f.rule, f.path) for f in found) == [
        ("W304", '_meta["io.modelcontextprotocol/trust-annotations"]'),
        ("W304", "annotations.sensitiveHint"),
    ]
