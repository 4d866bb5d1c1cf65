"""W1xx: destructive tools must state a confirmation preference; tools must claim something."""

from __future__ import annotations

import pytest

from tests.lint.rules.helpers import lint_tools, rules_for, tool

CORE_SAFE = {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}


def test_a_destructive_tool_without_a_confirmation_preference_is_an_error() -> None:
    t = tool("drop", {**CORE_SAFE, "destructiveHint": True})
    [f] = lint_tools(t, select=["W101"])
    assert (f.severity.value, f.path) == ("error", "_meta")
    assert "annotations.destructiveHint" in f.message


def test_asking_for_confirmation_satisfies_the_check() -> None:
    t = tool("drop", {**CORE_SAFE, "destructiveHint": True}, {"mcp.dev/requiresConfirmation": True})
    assert rules_for(t, "W1") == set()


def test_declining_confirmation_on_an_irreversible_tool_points_at_that_key() -> None:
    t = tool(
        "send",
        {**CORE_SAFE, "inputMetadata": {"Destination": "Public", "Outcomes": "Irreversible"}},
        {"mcp.dev/requiresConfirmation": False},
    )
    [f] = lint_tools(t, select=["W101"])
    assert f.path == '_meta["mcp.dev/requiresConfirmation"]'
    assert "inputMetadata.Outcomes" in f.message


def test_the_spec_default_counts_when_a_tool_says_it_writes_but_not_how() -> None:
    t = tool("save", {"readOnlyHint": False, "idempotentHint": True, "openWorldHint": False})
    [f] = lint_tools(t, select=["W101"])
    assert "spec default" in f.message


def test_delete_effect_and_reversible_false_each_make_a_tool_dangerous() -> None:
    assert rules_for(tool("a", CORE_SAFE, {"mcp.dev/effect": "delete"}), "W101") == {"W101"}
    assert rules_for(tool("b", {**CORE_SAFE, "reversibleHint": False}), "W101") == {"W101"}


def test_a_tool_that_claims_nothing_gets_one_warning_not_a_confirmation_error() -> None:
    assert rules_for(tool("mystery"), "W1") == {"W102"}
    assert rules_for(tool("mystery", {"title": "Mystery"}), "W1") == {"W102"}


def test_extension_metadata_without_core_hints_is_noted() -> None:
    t = tool("x", None, {"io.modelcontextprotocol/action-metadata": {"inputMetadata": {"outcomes": "benign"}}})
    assert rules_for(t, "W1") == {"W103"}
    idempotent_only_in_meta = tool("y", None, {"mcp.dev/idempotent": True})
    assert rules_for(idempotent_only_in_meta, "W103") == {"W103"}


def test_a_confirmation_preference_in_the_weir_mirror_counts_too() -> None:
    t = tool("drop", {**CORE_SAFE, "destructiveHint": True}, {"dev.weir/annotations": {"requiresConfirmation": True}})
    assert rules_for(t, "W101") == set()


def test_claims_that_never_say_whether_the_tool_changes_anything_are_a_warning() -> None:
    t = tool("summary", {"title": "Summary", "idempotentHint": True, "openWorldHint": False})
    [f] = lint_tools(t, select=["W104"])
    assert (f.severity.value, f.path) == ("warning", "annotations")
    assert "may modify and destroy" in f.message


def test_any_one_of_the_state_claims_answers_the_question() -> None:
    answers = [
        tool("a", {"readOnlyHint": True}),
        tool("b", {"destructiveHint": False}),
        tool("c", {"openWorldHint": True}, {"mcp.dev/effect": "write"}),
        tool("d", {"inputMetadata": {"outcomes": "benign"}}),
    ]
    for t in answers:
        assert "W104" not in rules_for(t, "W1"), t["name"]


def test_a_tool_without_any_claim_is_w102_not_w104() -> None:
    assert rules_for(tool("bare"), "W1") == {"W102"}


def test_w105_a_tool_that_answers_resolve_without_declaring_it() -> None:
    from weir.catalog import Catalog
    from weir.lint import lint_catalog

    def w105(unannounced: frozenset[str]) -> list[str]:
        catalog = Catalog((tool("read_file"), tool("other")), source="live", unannounced_resolvers=unannounced)
        return [f.tool for f in lint_catalog(catalog, select=["W105"]).findings]

    assert w105(frozenset({"read_file"})) == ["read_file"]
    assert w105(frozenset()) == []  # a file, or a server whose undeclared tools do not resolve


@pytest.mark.anyio
async def test_w105_catches_fastmcp_tools_declared_with_the_labels_passed_to_declare() -> None:
    from fastmcp import FastMCP

    from weir.catalog.remote import _fetch
    from weir.lint import lint_catalog
    from weir.server import ServerLabels, ToolLabels
    from weir.server.fastmcp import extension

    labels = ServerLabels("files")
    app = FastMCP("files")
    app.add_extension(extension(labels))
    given = ToolLabels(read_only=True)
    # read_file is emitted with the labels passed to declare() (the mistake), list_dir with the ones
    # it returns; stat has no resolver at all.
    labels.declare("read_file", given, resolver=lambda args: given)
    emitted = labels.declare("list_dir", given, resolver=lambda args: given)
    labels.declare("stat", given)

    @app.tool(name="read_file", **given.fastmcp())
    def read_file(path: str) -> str:
        return path

    @app.tool(name="list_dir", **emitted.fastmcp())
    def list_dir(path: str) -> str:
        return path

    @app.tool(name="stat", **given.fastmcp())
    def stat(path: str) -> str:
        return path

    catalog = await _fetch(app._mcp_server, source="fastmcp", timeout=30)
    found = lint_catalog(catalog, select=["W105"]).findings
    assert [(f.rule, f.tool) for f in found] == [("W105", "read_file")]  # list_dir is asked; stat resolves nothing


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
