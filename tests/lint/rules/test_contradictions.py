"""W2xx: claims that contradict each other within or across vocabularies."""

from __future__ import annotations

import pytest

from tests.lint.rules.helpers import lint_tools, rules_for, tool

RO = {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False}


@pytest.mark.parametrize("outcome", ["consequential", "irreversible"])
def test_read_only_with_state_changing_outcomes_is_an_error(outcome: str) -> None:
    t = tool("t", {**RO, "inputMetadata": {"outcomes": outcome}}, {"mcp.dev/requiresConfirmation": True})
    assert "W201" in rules_for(t, "W2")


def test_read_only_by_effect_alone_also_contradicts_irreversible_outcomes() -> None:
    t = tool(
        "t",
        {"inputMetadata": {"outcomes": "irreversible"}},
        {"mcp.dev/effect": "read", "mcp.dev/requiresConfirmation": True},
    )
    assert "W201" in rules_for(t, "W2")


def test_read_only_and_benign_is_consistent() -> None:
    assert rules_for(tool("t", {**RO, "inputMetadata": {"outcomes": "benign"}}), "W2") == set()


def test_public_destination_and_write_effects_contradict_read_only() -> None:
    assert "W202" in rules_for(tool("t", {**RO, "inputMetadata": {"destination": ["internal", "public"]}}), "W2")
    assert "W203" in rules_for(tool("t", RO, {"mcp.dev/effect": "write"}), "W2")


def test_delete_effect_with_destructive_false_is_an_error() -> None:
    t = tool("t", {"readOnlyHint": False, "destructiveHint": False}, {"mcp.dev/effect": "delete"})
    [f] = lint_tools(t, select=["W205"])
    assert f.path == "annotations.destructiveHint"


def test_reversible_hint_on_a_read_only_tool_is_a_warning() -> None:
    [f] = lint_tools(tool("t", {**RO, "reversibleHint": False}), select=["W206"])
    assert f.severity.value == "warning"


def test_idempotent_hint_and_mcp_dev_idempotent_must_agree() -> None:
    t = tool("t", {**RO, "idempotentHint": False}, {"mcp.dev/idempotent": True})
    [f] = lint_tools(t, select=["W207"])
    assert "idempotentHint" in f.message
    assert "mcp.dev/idempotent" in f.message
    assert rules_for(tool("t", RO, {"mcp.dev/idempotent": True}), "W207") == set()


def test_the_same_metadata_in_two_vocabularies_must_agree() -> None:
    t = tool(
        "t",
        {**RO, "inputMetadata": {"Destination": "Ephemeral", "Sensitivity": "None", "Outcomes": "Benign"}},
        {"io.modelcontextprotocol/action-metadata": {"inputMetadata": {"destination": "internal"}}},
    )
    [f] = lint_tools(t, select=["W207"])
    assert "destinations" in f.message


def test_the_weir_mirror_must_match_the_annotations() -> None:
    t = tool(
        "t",
        {"readOnlyHint": False, "destructiveHint": False, "reversibleHint": True},
        {"dev.weir/annotations": {"reversibleHint": False}, "mcp.dev/requiresConfirmation": True},
    )
    assert "W207" in rules_for(t, "W2")


def test_reversible_but_irreversible_and_benign_but_destructive() -> None:
    a = tool("t", {"readOnlyHint": False, "reversibleHint": True, "inputMetadata": {"outcomes": "irreversible"}})
    assert "W208" in rules_for(a, "W2")
    b = tool("t", {"readOnlyHint": False, "destructiveHint": True, "inputMetadata": {"outcomes": "benign"}})
    assert "W211" in rules_for(b, "W2")


def test_sensitivity_hints_must_agree_with_declared_classes() -> None:
    a = tool(
        "t", {**RO, "sensitiveDataHint": False, "returnMetadata": {"source": "user", "sensitivity": "credentials"}}
    )
    assert "W209" in rules_for(a, "W2")
    b = tool(
        "t",
        RO,
        {
            "mcp.dev/resultSensitivity": "public",
            "io.modelcontextprotocol/action-metadata": {"returnMetadata": {"sensitivity": "pii"}},
        },
    )
    [f] = lint_tools(b, select=["W209"])
    assert "resultSensitivity" in f.path


def test_closed_world_tools_cannot_publish_or_read_untrusted_public_data() -> None:
    t = tool("t", {**RO, "returnMetadata": {"Source": "UntrustedPublic", "Sensitivity": "None"}})
    assert "W210" in rules_for(t, "W2")
