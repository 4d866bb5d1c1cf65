"""The printed JSON Schema accepts every seed example, rejects broken ones at the exact path,
contains the seeds' own schema additions, and describes what the writers write."""

import copy
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.labels.seed_examples import (
    SEED_000,
    SEED_001,
    SEED_001_SCHEMA,
    SEED_002,
    SEED_003,
    SEED_004,
    SEED_004_SCHEMA,
)
from tests.labels.strategies import labels, profiles
from weir.labels import DataLabel, Dialect, ToolProfile
from weir.labels.schema import KINDS, WIRE_DIALECTS, json_schema, schema_for
from weir.labels.write import DATA_DIALECTS, TOOL_DIALECTS, write_data_meta, write_tool

TOOLS = {
    **{f"000/{k}": v for k, v in SEED_000.items()},
    **{f"001/{k}": v for k, v in SEED_001.items()},
    **{f"002/{k}": v for k, v in SEED_002.items()},
    **{f"004/{k}": v for k, v in SEED_004.items() if not k.startswith("tools_")},
}


def _validator(kind: str, dialect: Dialect | None = None) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema_for(kind, dialect))


def _error_path(kind: str, doc: Any) -> list[str | int]:
    error = jsonschema.exceptions.best_match(_validator(kind).iter_errors(doc))
    assert error is not None, "the broken document was accepted"
    # The printed top-level schema must find the same error on its own (a plain anyOf of the
    # kinds accepted a broken tool as a CallToolResult, none of whose keys are required).
    top = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(json_schema()).iter_errors(doc))
    assert top is not None, "the top-level schema accepted the broken document"
    assert list(top.absolute_path) == list(error.absolute_path)
    return list(error.absolute_path)


@pytest.mark.parametrize("dialect", [None, *WIRE_DIALECTS])
def test_the_schema_is_valid_draft_2020_12_for_every_dialect(dialect: Dialect | None) -> None:
    jsonschema.Draft202012Validator.check_schema(json_schema(dialect))


@pytest.mark.parametrize("name", sorted(TOOLS))
def test_every_seed_tool_example_validates(name: str) -> None:
    _validator("Tool").validate(TOOLS[name])


def test_the_seed_messages_validate() -> None:
    _validator("CallToolRequestParams").validate(SEED_004["tools_call_request"]["params"])
    _validator("CallToolRequestParams").validate(SEED_004["tools_resolve_request"]["params"])
    _validator("CallToolResult").validate(SEED_004["tools_call_result"]["result"])
    _validator("ToolResolveResult").validate(SEED_004["tools_resolve_response"])
    for example in SEED_003.values():
        _validator("CallToolResult").validate(example)
    _validator("Catalog").validate({"tools": list(TOOLS.values())})
    _validator("Catalog").validate(list(TOOLS.values()))


def test_a_seed_2061_example_validates_against_the_2061_only_schema_and_not_the_1913_one() -> None:
    _validator("Tool", Dialect.SEP2061).validate(SEED_002["send_email"])
    with pytest.raises(jsonschema.ValidationError):
        _validator("Tool", Dialect.SEP1913).validate(SEED_002["send_email"])


@pytest.mark.parametrize(
    ("kind", "doc", "mutate", "path"),
    [
        (
            "Tool",
            SEED_002["send_email"],
            lambda d: d["annotations"]["inputMetadata"].update(Outcomes="Sometimes"),
            ["annotations", "inputMetadata", "Outcomes"],
        ),
        (
            "Tool",
            SEED_004["list_inbox"],
            lambda d: d["annotations"]["returnMetadata"].update(sensitivity=["pii", "secret"]),
            ["annotations", "returnMetadata", "sensitivity", 1],
        ),
        (
            "Tool",
            SEED_001["restart_service"],
            lambda d: d["annotations"].update(reversibleHint="yes"),
            ["annotations", "reversibleHint"],
        ),
        (
            "Tool",
            SEED_000["delete_user"],
            lambda d: d["_meta"].update({"mcp.dev/resultSensitivity": "secret"}),
            ["_meta", "mcp.dev/resultSensitivity"],
        ),
        (
            "Tool",
            SEED_004["send_email"],
            lambda d: d["annotations"]["inputMetadata"].update(colour="red"),
            ["annotations", "inputMetadata"],
        ),
        (
            "CallToolResult",
            SEED_003["email_result"],
            lambda d: d["_meta"]["annotations"].update(sensitiveHint="max"),
            ["_meta", "annotations", "sensitiveHint"],
        ),
        (
            "ToolResolveResult",
            SEED_004["tools_resolve_response"],
            lambda d: d["tool"]["annotations"]["returnMetadata"].update(source="moon"),
            ["tool", "annotations", "returnMetadata", "source"],
        ),
    ],
)
def test_a_broken_example_is_rejected_at_its_exact_path(kind: str, doc: Any, mutate: Any, path: list[Any]) -> None:
    broken = copy.deepcopy(doc)
    mutate(broken)
    assert _error_path(kind, broken) == path


def test_seed_001s_schema_additions_are_in_tool_annotations() -> None:
    ours = json_schema()["$defs"]["ToolAnnotations"]["properties"]
    for key, prop in SEED_001_SCHEMA["ToolAnnotations"]["properties"].items():
        assert ours[key]["type"] == prop["type"], key


def test_seed_004s_schema_additions_are_in_weirs_schema() -> None:
    defs = json_schema()["$defs"]
    for key in SEED_004_SCHEMA["ToolAnnotations"]["properties"]:
        assert key in defs["ToolAnnotations"]["properties"], key
    assert set(SEED_004_SCHEMA["InputMetadata"]["properties"]) <= set(defs["InputMetadata"]["properties"])
    assert set(SEED_004_SCHEMA["ReturnMetadata"]["properties"]) <= set(defs["ReturnMetadata"]["properties"])
    assert defs["RegulatoryScope"] == SEED_004_SCHEMA["RegulatoryScope"]
    # Every instance the seed's DataClass accepts, ours accepts, and the other way round on these samples.
    samples = ["none", "pii", "credentials", {"regulated": {"scopes": ["GDPR"]}}, "regulated", "PII", {"regulated": {}}]
    seed = {"$defs": SEED_004_SCHEMA, "$ref": "#/$defs/DataClass"}
    ours_dc = schema_for("DataClass")
    for sample in samples:
        seed_ok = jsonschema.Draft202012Validator(seed).is_valid(sample)
        ours_ok = jsonschema.Draft202012Validator(ours_dc).is_valid(sample)
        assert seed_ok == ours_ok, sample


@settings(max_examples=60)
@given(profiles(), st.sampled_from([None, *TOOL_DIALECTS]))
def test_what_write_tool_writes_validates(profile: ToolProfile, dialect: Dialect | None) -> None:
    _validator("Tool").validate({"name": profile.name, **write_tool(profile, dialect=dialect)})


@settings(max_examples=60)
@given(labels, st.sampled_from([None, *DATA_DIALECTS]))
def test_what_write_data_meta_writes_validates(label: DataLabel, dialect: Dialect | None) -> None:
    _validator("CallToolResult").validate({"content": [], "_meta": write_data_meta(label, dialect=dialect)})


def _routes(node: dict[str, Any]) -> list[str]:
    """The kinds the top level's if/then/else chain sends documents to, in order."""
    if "if" not in node:
        return [node["$ref"].rsplit("/", 1)[1]]
    return [node["then"]["$ref"].rsplit("/", 1)[1], *_routes(node["else"])]


def test_every_kind_is_reachable_from_the_top_level_schema() -> None:
    assert set(KINDS) <= set(_routes(json_schema()))


_SEED_DOCUMENTS = {
    **TOOLS,
    **{f"003/{k}": v for k, v in SEED_003.items()},
    **{f"004/{k}": v for k, v in SEED_004.items() if k.startswith("tools_")},
}


@pytest.mark.parametrize("name", sorted(_SEED_DOCUMENTS))
def test_the_printed_top_level_schema_accepts_every_seed_document_as_it_stands(name: str) -> None:
    """`weir schema`'s own output, not a kind picked by the caller: JSON-RPC messages included."""
    jsonschema.Draft202012Validator(json_schema()).validate(_SEED_DOCUMENTS[name])


@pytest.mark.parametrize("doc", ["text", 5, {}, {"tools": "x"}, [{"name": 3}], {"content": "x"}, {"arguments": []}])
def test_the_top_level_schema_rejects_documents_of_no_kind_or_broken_kind(doc: Any) -> None:
    assert not jsonschema.Draft202012Validator(json_schema()).is_valid(doc)


def _ig_results() -> list[dict[str, Any]]:
    from tests.labels.test_evidence import CASES, _result, _wires

    return [_result(wire) for case in CASES for wire in _wires(case)]


def test_the_schema_accepts_every_worked_case_of_the_trust_annotations_draft() -> None:
    validator = _validator("CallToolResult")
    for result in _ig_results():
        validator.validate(result)


@pytest.mark.parametrize(
    "ref",
    ["audit://1", {"type": "x", "digest": "sha256:" + "0" * 64, "canonicalization": "jcs/rfc8785", "ref": "audit://1"}],
)
def test_the_schema_describes_both_forms_of_evidence_ref(ref: Any) -> None:
    meta = {
        "io.modelcontextprotocol/trust-annotations": {"evidenceRef": ref},
        "dev.weir/annotations": {"evidenceRef": [ref]},
    }
    _validator("CallToolResult").validate({"content": [], "_meta": meta})


@pytest.mark.parametrize(
    "ref",
    [
        {"type": "x", "digest": "sha256:abc", "canonicalization": "jcs/rfc8785"},
        {"digest": "sha256:" + "0" * 64, "canonicalization": "jcs/rfc8785"},
        {"type": "x", "digest": "sha256:" + "0" * 64, "canonicalization": "jcs/rfc8785", "extra": 1},
        "",
        5,
    ],
)
def test_the_schema_rejects_a_malformed_evidence_ref(ref: Any) -> None:
    meta = {"io.modelcontextprotocol/trust-annotations": {"evidenceRef": ref}}
    assert not _validator("CallToolResult").is_valid({"content": [], "_meta": meta})
