"""Typed declarations become the canonical profile and the current wire form, losing nothing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.labels.read import read_tool
from weir.labels.vocab import DataClass, Destination, Level, Outcome, SideEffect, Source
from weir.server import DeclarationError, Returns, ToolLabels

CORE = {"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}


def _facts(profile: Any) -> dict[str, Any]:
    return {k: v for k, v in profile.model_dump().items() if k not in {"origins", "server", "resolved"}}


def _subset(enum: type[Any]) -> st.SearchStrategy[frozenset[Any]]:
    return st.frozensets(st.sampled_from(list(enum)))


# Every strategy is built once here: one made inside the composite is built and validated again
# for every example.
_hint = st.none() | st.booleans()
_titles = st.none() | st.text(min_size=1, max_size=8)
_outcomes, _destinations, _classes = _subset(Outcome), _subset(Destination), _subset(DataClass)
_sources, _effects = _subset(Source), _subset(SideEffect)
_input_scopes = st.frozensets(st.sampled_from(["GDPR", "HIPAA", "PCI-DSS"]))
_return_scopes = st.frozensets(st.sampled_from(["GDPR", "SOX"]))
_levels = st.none() | st.sampled_from(list(Level))
_attribution = st.frozensets(st.sampled_from(["https://a.example", "urn:org:acme:hr"]))


@st.composite
def tool_labels(draw: st.DrawFn) -> ToolLabels:
    return ToolLabels(
        title=draw(_titles),
        read_only=draw(_hint),
        destructive=draw(_hint),
        idempotent=draw(_hint),
        open_world=draw(_hint),
        outcomes=draw(_outcomes),
        destinations=draw(_destinations),
        input_sensitivity=draw(_classes),
        input_scopes=draw(_input_scopes),
        returns=Returns(
            source=draw(_sources),
            sensitivity=draw(_classes),
            scopes=draw(_return_scopes),
        ),
        effects=draw(_effects),
        requires_confirmation=draw(_hint),
        result_level=draw(_levels),
        ai_processing=draw(_hint),
        sensitive_data=draw(_hint),
        privileged_access=draw(_hint),
        reversible=draw(_hint),
        malicious=draw(_hint),
        attribution=draw(_attribution),
        resolvable=draw(st.booleans()),
    )


@settings(max_examples=80, deadline=None)
@given(tool_labels())
def test_any_declaration_is_recovered_from_its_wire_form(labels: ToolLabels) -> None:
    wire = labels.wire("t")
    assert _facts(read_tool({"name": "t", **wire}).profile) == _facts(labels.profile("t"))


@settings(max_examples=80, deadline=None)
@given(tool_labels())
def test_a_declaration_survives_an_sdk_that_keeps_only_the_core_annotation_keys(labels: ToolLabels) -> None:
    wire = labels.wire("t")
    stripped = {k: v for k, v in wire["annotations"].items() if k in CORE}
    recovered = read_tool({"name": "t", "annotations": stripped, "_meta": wire["_meta"]}).profile
    assert _facts(recovered) == _facts(labels.profile("t"))


def test_a_scalar_is_a_one_value_possible_set() -> None:
    one = ToolLabels(outcomes=Outcome.IRREVERSIBLE, destinations=Destination.PUBLIC).profile("t")
    many = ToolLabels(outcomes=[Outcome.IRREVERSIBLE], destinations={Destination.PUBLIC}).profile("t")
    assert one.outcomes == many.outcomes == {Outcome.IRREVERSIBLE}
    assert one.destinations == many.destinations == {Destination.PUBLIC}


def test_the_seed_002_send_email_declaration_reads_back_as_declared() -> None:
    labels = ToolLabels(
        outcomes=Outcome.IRREVERSIBLE,
        destinations=[Destination.PUBLIC],
        input_sensitivity=[DataClass.PII, DataClass.USER],
        returns=Returns(source=Source.SYSTEM, sensitivity=[DataClass.NONE]),
        read_only=False,
    )
    wire = labels.wire("send_email")
    assert wire["annotations"]["inputMetadata"] == {
        "destination": "public",
        "sensitivity": ["pii", "user"],
        "outcomes": "irreversible",
    }
    action = wire["_meta"]["io.modelcontextprotocol/action-metadata"]
    assert action["returnMetadata"] == {"source": "system", "sensitivity": "none"}
    assert wire["_meta"]["dev.weir/annotations"]["inputMetadata"] == wire["annotations"]["inputMetadata"]


def test_sdk_arguments_carry_only_core_hints_as_typed_annotations_and_everything_in_meta() -> None:
    labels = ToolLabels(read_only=True, open_world=False, returns=Returns(source=Source.USER), sensitive_data=True)
    kwargs = labels.sdk({"vendor.example/x": 1})
    assert kwargs["annotations"].model_dump(by_alias=True, exclude_none=True) == {
        "readOnlyHint": True,
        "openWorldHint": False,
    }
    assert kwargs["meta"]["vendor.example/x"] == 1
    assert kwargs["meta"]["dev.weir/annotations"]["sensitiveDataHint"] is True
    assert labels.fastmcp()["annotations"] == {"readOnlyHint": True, "openWorldHint": False}


def test_no_claims_emit_nothing() -> None:
    assert ToolLabels().wire("t") == {"annotations": {}, "_meta": {}}
    assert ToolLabels().sdk() == {"annotations": None, "meta": {}}


def test_scopes_imply_the_regulated_class() -> None:
    profile = ToolLabels(input_scopes=["GDPR"], returns=Returns(scopes=["HIPAA"])).profile("t")
    assert DataClass.REGULATED in profile.input_classes
    assert DataClass.REGULATED in profile.return_classes
    assert profile.return_scopes == {"HIPAA"}


def test_resolvable_opts_into_the_tool_resolution_extension() -> None:
    meta = ToolLabels(read_only=True).with_resolvable().meta()
    assert meta["io.modelcontextprotocol/tool-resolution"] == {"resolvable": True}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"outcomes": "catastrophic"}, "outcomes: 'catastrophic' is not a Outcome"),
        ({"destinations": ["public", "moon"]}, "destinations: 'moon' is not a Destination"),
        ({"input_scopes": [""]}, "input_scopes: every entry must be a non-empty string"),
        ({"read_only": "yes"}, "read_only: expected a boolean"),
        ({"result_level": 2}, "result_level: 2 is not a Level"),
    ],
)
def test_a_value_outside_the_vocabulary_is_refused_with_a_precise_error(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(DeclarationError, match=message.replace("(", r"\(")):
        ToolLabels(**kwargs)


def test_returns_rejects_an_unknown_source() -> None:
    with pytest.raises(DeclarationError, match=r"returns.source: 'internet' is not a Source"):
        Returns(source="internet")  # type: ignore[arg-type]


def test_the_wire_spelling_of_a_value_is_accepted() -> None:
    assert ToolLabels(outcomes="irreversible").profile("t").outcomes == {Outcome.IRREVERSIBLE}  # type: ignore[arg-type]
