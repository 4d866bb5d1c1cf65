"""`weir lint` on files, on a real stdio server and on a real streamable-HTTP server; exit codes."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.servers.launch import http_server, stdio_argv
from weir.catalog import read_catalog_file
from weir.catalog.bundled import bundled_catalogs, expected_findings
from weir.cli.app import app
from weir.lint import RULES

runner = CliRunner()
CATALOGS = bundled_catalogs()


def _pairs(output: str) -> set[tuple[str, str]]:
    data = json.loads(output)
    return {(f["rule"], f["tool"]) for c in data["catalogs"] for f in c["findings"]}


@pytest.fixture
def named_planted(tmp_path: Path) -> Path:
    tools = [t for t in read_catalog_file(CATALOGS["planted"]).tools if "name" in t]
    path = tmp_path / "planted.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    return path


def test_a_clean_catalog_exits_0() -> None:
    result = runner.invoke(app, ["lint", str(CATALOGS["mail"])])
    assert result.exit_code == 0, result.output
    assert "ok: 0 error(s)" in result.output


def test_errors_exit_1_and_are_printed() -> None:
    result = runner.invoke(app, ["lint", str(CATALOGS["planted"])])
    assert result.exit_code == 1
    assert "W101 error drop_table" in result.output


def test_json_output_lists_the_planted_defects() -> None:
    result = runner.invoke(app, ["lint", str(CATALOGS["planted"]), "--json"])
    assert result.exit_code == 1
    assert _pairs(result.output) == {(e["rule"], e["tool"]) for e in expected_findings("planted")}


def test_sarif_goes_to_a_file_with_output(tmp_path: Path) -> None:
    out = tmp_path / "lint.sarif"
    result = runner.invoke(app, ["lint", str(CATALOGS["seeds"]), "--sarif", "-o", str(out)])
    assert result.exit_code == 1
    log = json.loads(out.read_text(encoding="utf-8"))
    assert {r["ruleId"] for r in log["runs"][0]["results"]} == {"W101", "W103"}


def test_fail_on_decides_which_severity_fails(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps([{"name": "get_weather", "description": "Weather."}]), encoding="utf-8")
    assert runner.invoke(app, ["lint", str(path)]).exit_code == 0
    assert runner.invoke(app, ["lint", str(path), "--fail-on", "warning"]).exit_code == 1
    assert runner.invoke(app, ["lint", str(path), "--fail-on", "warning", "--ignore", "W102"]).exit_code == 0


def test_a_catalog_that_cannot_be_read_exits_2_without_a_traceback(tmp_path: Path) -> None:
    result = runner.invoke(app, ["lint", str(tmp_path / "missing.json")])
    assert result.exit_code == 2
    assert "weir lint: cannot read catalog" in result.output
    assert "Traceback" not in result.output


def test_no_source_and_conflicting_formats_are_usage_errors() -> None:
    assert runner.invoke(app, ["lint"]).exit_code == 2
    assert runner.invoke(app, ["lint", str(CATALOGS["mail"]), "--json", "--sarif"]).exit_code == 2


def test_rules_lists_every_rule() -> None:
    result = runner.invoke(app, ["lint", "--rules"])
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.output.splitlines()] == sorted(RULES)


@pytest.mark.slow
def test_lint_over_stdio_finds_what_the_file_has(named_planted: Path) -> None:
    command = shlex.join(stdio_argv(named_planted, "--raw-annotations", "--page-size", "7"))
    live = runner.invoke(app, ["lint", "--server", command, "--json"])
    from_file = runner.invoke(app, ["lint", str(named_planted), "--json"])
    assert live.exit_code == from_file.exit_code == 1
    assert _pairs(live.output) == _pairs(from_file.output)
    assert ("W303", "book_flight") in _pairs(live.output)  # a SEP-2061 key the SDK alone would have dropped


@pytest.mark.slow
def test_lint_over_streamable_http_finds_what_the_file_has(named_planted: Path) -> None:
    with http_server(named_planted, "--raw-annotations") as url:
        live = runner.invoke(app, ["lint", "--url", url, "--json"])
    assert live.exit_code == 1, live.output
    assert _pairs(live.output) == _pairs(runner.invoke(app, ["lint", str(named_planted), "--json"]).output)


@pytest.mark.slow
def test_a_server_that_crashes_exits_2_with_its_stderr() -> None:
    result = runner.invoke(app, ["lint", "--server", shlex.join(stdio_argv(CATALOGS["mail"], "--crash"))])
    assert result.exit_code == 2
    assert "crashing on purpose" in result.output


def test_a_catalog_can_be_piped_on_stdin() -> None:
    text = CATALOGS["seeds"].read_text(encoding="utf-8")
    result = runner.invoke(app, ["lint", "-", "--json"], input=text)
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["catalogs"][0]["source"] == "<stdin>"
    assert ("W101", "send_email") in _pairs(result.output)


def test_a_catalog_nested_too_deeply_exits_2_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = runner.invoke(app, ["lint", str(path)])
    assert result.exit_code == 2
    assert "nested too deeply" in result.output


def test_an_output_that_cannot_be_written_exits_2_without_a_traceback(tmp_path: Path) -> None:
    result = runner.invoke(app, ["lint", str(CATALOGS["mail"]), "-o", str(tmp_path / "missing" / "x.json")])
    assert result.exit_code == 2
    assert "cannot write" in result.output
    assert isinstance(result.exception, SystemExit)
