"""Writers: the default current form, every dialect on request, and read(write(x, d)) recovering x."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.labels.strategies import labels, profiles
from weir.errors import WeirError
from weir.labels import DataClass, DataLabel, Dialect, Level, Outcome, SideEffect, ToolProfile
from weir.labels.evidenceref import EvidenceRef
from weir.labels.read import read_data_meta, read_tool
from weir.labels.vocab import class_level
from weir.labels.write import DATA_DIALECTS, DATA_FIELDS, TOOL_DIALECTS, TOOL_FIELDS, write_data_meta, write_tool


def _tool_projection(profile: ToolProfile, dialect: Dialect | None) -> dict[str, Any]:
    """The facts ``dialect`` can carry: scopes imply the regulated class; SEP-2061 has no scopes."""
    facts = {f: getattr(profile, f) for f in TOOL_FIELDS[dialect]}
    for side in ("input", "return"):
        if getattr(profile, f"{side}_scopes") and f"{side}_classes" in facts:
            facts[f"{side}_classes"] = facts[f"{side}_classes"] | {DataClass.REGULATED}
    return facts


@settings(max_examples=150)
@given(profiles(), st.sampled_from([None, *TOOL_DIALECTS]))
def test_reading_what_was_written_recovers_every_fact_the_dialect_can_express(
    profile: ToolProfile, dialect: Dialect | None
) -> None:
    wire = write_tool(profile, dialect=dialect)
    reading = read_tool({"name": profile.name, **wire})
    assert [d for d in reading.diagnostics if d.severity != "info"] == []
    got = {f: getattr(reading.profile, f) for f in TOOL_FIELDS[dialect]}
    assert got == _tool_projection(profile, dialect)


def _data_projection(label: DataLabel, dialect: Dialect | None) -> dict[str, Any]:
    classes = label.classes | ({DataClass.REGULATED} if label.scopes else set())
    level = max([label.level, *(class_level(c) for c in classes)])
    dumped = label.model_dump(exclude={"origins", "findings", "evidence"})
    facts: dict[str, Any] = {**dumped, "evidence": label.evidence, "classes": classes, "level": level}
    if dialect is Dialect.TRUST_EXT:
        facts["level"] = Level.MEDIUM if level >= Level.MEDIUM else Level.NONE
        facts["evidence"] = frozenset(sorted(label.evidence, key=EvidenceRef.sort_key)[:1])
    return {f: facts[f] for f in DATA_FIELDS[dialect]}


@settings(max_examples=150)
@given(labels, st.sampled_from([None, *DATA_DIALECTS]))
def test_data_labels_round_trip_in_every_dialect(label: DataLabel, dialect: Dialect | None) -> None:
    read, diagnostics = read_data_meta(write_data_meta(label, dialect=dialect))
    assert diagnostics == ()
    assert {f: getattr(read, f) for f in DATA_FIELDS[dialect]} == _data_projection(label, dialect)


def test_the_default_form_puts_core_hints_in_annotations_and_mirrors_the_rest_into_meta() -> None:
    profile = ToolProfile(
        name="send", read_only=False, reversible=False, outcomes=frozenset({Outcome.IRREVERSIBLE}), resolvable=True
    )
    wire = write_tool(profile)
    assert wire["annotations"] == {
        "readOnlyHint": False,
        "reversibleHint": False,
        "inputMetadata": {"outcomes": "irreversible"},
    }
    # The draft's current form: the outcome is the extension's own top-level key.
    assert wire["_meta"]["io.modelcontextprotocol/action-metadata"] == {"outcome": "irreversible"}
    assert wire["_meta"]["dev.weir/annotations"] == {
        "reversibleHint": False,
        "inputMetadata": {"outcomes": "irreversible"},
    }
    assert wire["_meta"]["io.modelcontextprotocol/tool-resolution"] == {"resolvable": True}


def test_writing_never_invents_a_claim() -> None:
    assert write_tool(ToolProfile(name="t")) == {"annotations": {}, "_meta": {}}
    assert write_data_meta(DataLabel()) == {}


def test_the_default_data_form_is_issue_711_plus_trust_annotations() -> None:
    meta = write_data_meta(DataLabel(untrusted=True, level=Level.HIGH, attribution=frozenset({"u"})))
    assert meta == {
        "annotations": {"sensitiveHint": "high", "openWorldHint": True, "attribution": ["u"]},
        "io.modelcontextprotocol/trust-annotations": {"sensitive": True, "untrusted": True},
    }


def test_a_dialect_that_cannot_describe_the_thing_is_a_clear_error() -> None:
    with pytest.raises(WeirError, match="does not describe tools"):
        write_tool(ToolProfile(name="t"), dialect=Dialect.ISSUE711)
    with pytest.raises(WeirError, match="does not describe data"):
        write_data_meta(DataLabel(), dialect=Dialect.MCP_CORE)


def test_the_default_form_never_writes_the_reserved_mcp_dev_prefix() -> None:
    profile = ToolProfile(
        name="t", effects=frozenset({SideEffect.DELETE}), requires_confirmation=True, result_level=Level.HIGH
    )
    wire = write_tool(profile)
    assert not [k for k in wire["_meta"] if k.startswith("mcp.dev/")]
    assert wire["_meta"]["dev.weir/annotations"] == {
        "effect": "delete",
        "requiresConfirmation": True,
        "resultSensitivity": "restricted",
    }
    assert write_tool(profile, dialect=Dialect.MCP_DEV)["_meta"]["mcp.dev/effect"] == "delete"
