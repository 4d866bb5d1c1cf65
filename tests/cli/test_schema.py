"""`weir schema` prints a valid draft 2020-12 schema; `--check` reports precise paths and exits 1."""

import json
from pathlib import Path

import jsonschema
from typer.testing import CliRunner

from tests.labels.seed_examples import SEED_002, SEED_004
from weir.cli.app import app

runner = CliRunner()


def test_schema_prints_a_valid_schema_that_accepts_the_seed_examples() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(SEED_002["send_email"])
    jsonschema.Draft202012Validator(schema).validate({"tools": list(SEED_004.values())[4:]})


def test_schema_for_one_dialect_lists_only_its_keys() -> None:
    result = runner.invoke(app, ["schema", "--dialect", "sep-1984"])
    assert result.exit_code == 0, result.output
    props = json.loads(result.output)["$defs"]["ToolAnnotations"]["properties"]
    assert set(props) == {
        "aiProcessingHint",
        "slowExecutionHint",
        "resourceIntensiveHint",
        "sensitiveDataHint",
        "privilegedAccessHint",
        "reversibleHint",
    }


def test_an_unknown_dialect_is_a_usage_error_naming_the_choices() -> None:
    result = runner.invoke(app, ["schema", "--dialect", "sep-9999"])
    assert result.exit_code == 2
    assert "sep-1984" in result.output


def test_check_passes_a_clean_catalog(tmp_path: Path) -> None:
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"tools": list(SEED_002.values())}))
    result = runner.invoke(app, ["schema", "--check", str(path)])
    assert result.exit_code == 0, result.output
    assert "catalog, 0 error(s)" in result.output


def test_check_fails_with_each_problems_json_path(tmp_path: Path) -> None:
    broken = json.loads(json.dumps(SEED_002["send_email"]))
    broken["annotations"]["inputMetadata"]["Outcomes"] = "Sometimes"
    broken["annotations"]["readOnlyHint"] = "no"
    path = tmp_path / "tools.json"
    path.write_text(json.dumps([SEED_002["read_drafts"], broken]))
    result = runner.invoke(app, ["schema", "--check", str(path)])
    assert result.exit_code == 1
    assert "[1].annotations.inputMetadata.Outcomes: error" in result.output
    assert "[1].annotations.readOnlyHint: error" in result.output


def test_check_reads_a_jsonrpc_result_and_reports_json(tmp_path: Path) -> None:
    message = {"jsonrpc": "2.0", "id": 1, "result": {"content": [], "_meta": {"annotations": {"sensitiveHint": 3}}}}
    path = tmp_path / "result.json"
    path.write_text(json.dumps(message))
    result = runner.invoke(app, ["schema", "--check", str(path), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert report["kind"] == "result"
    assert [d["path"] for d in report["diagnostics"]] == ["result._meta.annotations.sensitiveHint"]


def test_check_of_a_file_that_is_not_json_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{not json")
    result = runner.invoke(app, ["schema", "--check", str(path)])
    assert result.exit_code == 1
    assert "x.json:1:2: not valid JSON" in result.output
    missing = runner.invoke(app, ["schema", "--check", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2
    assert "cannot read" in missing.output


def test_check_refuses_json_nested_too_deeply_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    result = runner.invoke(app, ["schema", "--check", str(path)])
    assert result.exit_code == 1
    assert "nested too deeply" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
