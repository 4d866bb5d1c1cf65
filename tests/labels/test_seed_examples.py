"""Every JSON example of the five seeds parses into the facts the seed intends and writes back.

"Writes back to equivalent wire form": writing the reading in the dialects it was read from
gives the example's own `annotations` / `_meta` (arrays compared as sets: they are sets).
"""

from typing import Any

from tests.labels.seed_examples import SEED_000, SEED_001, SEED_002, SEED_003, SEED_004
from weir.labels import (
    BOTTOM,
    DataClass,
    DataLabel,
    Destination,
    Dialect,
    Level,
    Outcome,
    SideEffect,
    Source,
    ToolProfile,
)
from weir.labels.read import ToolReading, read_data_meta, read_resolution, read_result, read_tool, returned_label
from weir.labels.write import write_data_meta, write_tool


def _canonical(value: Any) -> Any:
    """Order-insensitive form of JSON: arrays in these vocabularies are sets."""
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items()}
    if isinstance(value, list):
        return sorted((_canonical(v) for v in value), key=repr)
    return value


def _rewritten(reading: ToolReading) -> dict[str, Any]:
    """Write each dialect's partial profile in its own dialect and merge the wire forms."""
    out: dict[str, Any] = {"annotations": {}, "_meta": {}}
    for dialect, partial in reading.by_dialect.items():
        wire = write_tool(partial, dialect=dialect)
        for slot in ("annotations", "_meta"):
            for key, value in wire[slot].items():
                if isinstance(value, dict) and isinstance(out[slot].get(key), dict):
                    out[slot][key] = {**out[slot][key], **value}
                else:
                    out[slot][key] = value
    return {k: v for k, v in out.items() if v}


def _assert_writes_back(example: dict[str, Any], reading: ToolReading) -> None:
    original = {k: example[k] for k in ("annotations", "_meta") if k in example}
    assert _canonical(_rewritten(reading)) == _canonical(original)


def _clean(example: dict[str, Any]) -> ToolReading:
    reading = read_tool(example)
    assert reading.diagnostics == ()
    return reading


def test_seed_000_delete_user() -> None:
    example = SEED_000["delete_user"]
    reading = _clean(example)
    p = reading.profile
    assert p.effects == {SideEffect.DELETE}
    assert p.idempotent is False
    assert p.requires_confirmation is True
    assert p.result_level is Level.LOW
    assert p.origin_of("requires_confirmation")[0].path == '_meta["mcp.dev/requiresConfirmation"]'
    assert set(reading.by_dialect) == {Dialect.MCP_DEV}
    _assert_writes_back(example, reading)


def test_seed_001_ai_code_analyzer() -> None:
    example = SEED_001["ai_code_analyzer"]
    reading = _clean(example)
    p = reading.profile
    assert p.title == "AI Code Analyzer"
    assert (p.read_only, p.open_world, p.ai_processing, p.slow_execution, p.sensitive_data) == (True,) * 5
    # Tri-state: what the example does not say stays "no claim".
    assert (p.destructive, p.idempotent, p.resource_intensive, p.privileged_access, p.reversible) == (None,) * 5
    assert set(reading.by_dialect) == {Dialect.MCP_CORE, Dialect.SEP1984}
    _assert_writes_back(example, reading)


def test_seed_001_restart_service() -> None:
    example = SEED_001["restart_service"]
    reading = _clean(example)
    p = reading.profile
    assert (p.read_only, p.destructive, p.idempotent, p.open_world) == (False, False, True, False)
    assert p.privileged_access is True
    assert p.reversible is True
    assert p.ai_processing is None
    _assert_writes_back(example, reading)


def test_seed_001_backup_database() -> None:
    example = SEED_001["backup_database"]
    reading = _clean(example)
    p = reading.profile
    assert (p.slow_execution, p.resource_intensive, p.sensitive_data, p.privileged_access, p.reversible) == (True,) * 5
    assert p.ai_processing is None
    assert returned_label(p).level is Level.MEDIUM  # sensitiveDataHint is level 2
    _assert_writes_back(example, reading)


def test_seed_002_read_drafts() -> None:
    example = SEED_002["read_drafts"]
    reading = _clean(example)
    p = reading.profile
    assert p.destinations == {Destination.EPHEMERAL}
    assert p.input_classes == {DataClass.NONE}
    assert p.outcomes == {Outcome.BENIGN}
    assert p.return_sources == {Source.USER}
    assert p.return_classes == {DataClass.PII}
    assert set(reading.by_dialect) == {Dialect.SEP2061}
    assert p.origin_of("outcomes")[0].path == "annotations.inputMetadata.Outcomes"
    assert returned_label(p).level is Level.MEDIUM
    _assert_writes_back(example, reading)


def test_seed_002_list_inbox() -> None:
    example = SEED_002["list_inbox"]
    reading = _clean(example)
    p = reading.profile
    assert p.return_sources == {Source.UNTRUSTED_PUBLIC}
    assert p.return_classes == {DataClass.PII, DataClass.USER}
    assert reading.possible_set_paths == ("annotations.returnMetadata.Sensitivity",)
    assert returned_label(p).untrusted
    _assert_writes_back(example, reading)


def test_seed_002_send_email() -> None:
    example = SEED_002["send_email"]
    reading = _clean(example)
    p = reading.profile
    assert p.destinations == {Destination.PUBLIC}
    assert p.input_classes == {DataClass.PII, DataClass.USER}
    assert p.outcomes == {Outcome.IRREVERSIBLE}
    assert p.return_sources == {Source.SYSTEM}
    assert p.return_classes == {DataClass.NONE}
    assert returned_label(p).level is Level.NONE
    _assert_writes_back(example, reading)


def test_seed_003_email_result_from_the_issues_prose() -> None:
    example = SEED_003["email_result"]
    reading = read_result(example)
    label = reading.label
    assert reading.diagnostics == ()
    assert (label.private, label.untrusted, label.malicious, label.level) == (True, True, True, Level.MEDIUM)
    assert label.attribution == {"mcp://mail.acme.local/inbox/4711"}
    assert {o.dialect for o in label.origin_of("private")} == {Dialect.ISSUE711}
    assert _canonical(write_data_meta(label, dialect=Dialect.ISSUE711)) == _canonical(example["_meta"])


def test_seed_003_per_result_annotations_in_a_list_result() -> None:
    reading = read_result(SEED_003["search_results"])
    paths = [path for path, _ in reading.items]
    assert paths == ["structuredContent.results[0]", "structuredContent.results[1]"]
    first, second = (label for _, label in reading.items)
    assert first.private
    assert first.level is Level.HIGH
    assert second.untrusted
    assert not second.private
    assert reading.label.at_least(first)
    assert reading.label.at_least(second)


def test_seed_004_tools_call_request_annotations() -> None:
    example = SEED_004["tools_call_request"]
    label, diagnostics = read_data_meta(example["params"]["_meta"])
    assert diagnostics == ()
    assert label.attribution == {"mcp://file-server.acme.local/hr/salaries.xlsx"}
    assert label.model_copy(update={"origins": {}}) == DataLabel(attribution=label.attribution)
    assert write_data_meta(label, dialect=Dialect.SEP1913) == example["params"]["_meta"]


def test_seed_004_tools_call_result_annotations() -> None:
    example = SEED_004["tools_call_result"]
    reading = read_result(example["result"])
    assert reading.diagnostics == ()
    assert reading.label.attribution == {"mcp://file-server.acme.local/hr/salaries.xlsx"}
    assert reading.label.level is Level.NONE
    assert not reading.label.untrusted
    assert write_data_meta(reading.label, dialect=Dialect.SEP1913) == example["result"]["_meta"]


def test_seed_004_tools_resolve_request_names_the_tool_and_arguments() -> None:
    params = SEED_004["tools_resolve_request"]["params"]
    # The request carries no annotations: nothing to label, nothing to complain about.
    assert read_data_meta(params.get("_meta")) == (BOTTOM, ())
    assert read_data_meta(params.get("arguments")) == (BOTTOM, ())


def test_seed_004_tools_resolve_response() -> None:
    example = SEED_004["tools_resolve_response"]
    reading = read_resolution(example)
    assert reading.diagnostics == ()
    p = reading.profile
    assert p.resolved
    assert (p.read_only, p.open_world) == (True, False)
    assert p.attribution == {"mcp://file-server.acme.local/hr/salaries.xlsx"}
    assert p.return_sources == {Source.INTERNAL}
    assert p.return_classes == {DataClass.FINANCIAL}
    label = returned_label(p)
    assert label.level is Level.MEDIUM
    assert label.classes == {DataClass.FINANCIAL}
    assert not label.untrusted
    _assert_writes_back(example["tool"], reading)


def test_seed_004_read_drafts() -> None:
    example = SEED_004["read_drafts"]
    reading = _clean(example)
    assert set(reading.by_dialect) == {Dialect.SEP1913}
    assert reading.profile.model_dump(exclude={"origins"}) == read_tool(SEED_002["read_drafts"]).profile.model_dump(
        exclude={"origins"}
    )
    _assert_writes_back(example, reading)


def test_seed_004_list_inbox() -> None:
    example = SEED_004["list_inbox"]
    reading = _clean(example)
    p = reading.profile
    assert p.return_sources == {Source.UNTRUSTED_PUBLIC}
    assert p.return_classes == {DataClass.PII, DataClass.USER}
    assert reading.possible_set_paths == ("annotations.returnMetadata.sensitivity",)
    _assert_writes_back(example, reading)


def test_seed_004_send_email() -> None:
    example = SEED_004["send_email"]
    reading = _clean(example)
    p = reading.profile
    assert p.destinations == {Destination.PUBLIC}
    assert p.outcomes == {Outcome.IRREVERSIBLE}
    assert p.input_classes == {DataClass.PII, DataClass.USER}
    assert p.origin_of("outcomes")[0].dialect is Dialect.SEP1913
    same_in_2061 = read_tool(SEED_002["send_email"]).profile
    assert p.model_dump(exclude={"origins"}) == same_in_2061.model_dump(exclude={"origins"})
    _assert_writes_back(example, reading)


def test_the_seed_examples_profiles_are_what_the_default_writer_round_trips() -> None:
    for example in (*SEED_000.values(), *SEED_001.values(), *SEED_002.values()):
        profile = read_tool(example).profile
        again = read_tool({"name": profile.name, **write_tool(profile)}).profile
        assert again.model_dump(exclude={"origins"}) == profile.model_dump(exclude={"origins"})
        assert isinstance(again, ToolProfile)
