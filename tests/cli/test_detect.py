"""`weir detect eval`: rows of precision, recall and throughput, per detector."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evals.lib.jsonl import DETECT
from weir.cli.app import app

RUNNER = CliRunner()
DATA = ["--data", str(DETECT)]


def test_eval_of_one_detector_prints_recall_precision_and_throughput_rows() -> None:
    result = RUNNER.invoke(app, ["detect", "eval", *DATA, "--detector", "secrets", "--quick", "--json"])
    rows = json.loads(result.stdout)
    metrics = {(r["dataset"], r["metric"]) for r in rows}
    assert {("secrets", "recall"), ("secrets", "precision"), ("throughput", "secrets MB/s")} <= metrics
    recall = next(r["value"] for r in rows if (r["dataset"], r["metric"]) == ("secrets", "recall"))
    assert recall >= 0.99
    assert result.exit_code in (0, 1)  # 1 only if a figure is below its target on this machine


def test_human_output_marks_each_row_against_its_target() -> None:
    result = RUNNER.invoke(app, ["detect", "eval", *DATA, "--detector", "pii", "--quick"])
    assert "[ok  ] pii" in result.stdout
    assert "rows," in result.stdout


def test_an_unknown_detector_is_a_clear_error() -> None:
    result = RUNNER.invoke(app, ["detect", "eval", *DATA, "--detector", "nope"])
    assert result.exit_code == 2
    assert "unknown detector 'nope'" in result.stderr


def test_json_output_is_valid_json_even_for_rows_without_a_value() -> None:
    result = RUNNER.invoke(app, ["detect", "eval", *DATA, "--detector", "injection", "--quick", "--json"])
    rows = json.loads(result.stdout)
    assert all(set(r) == {"dataset", "metric", "value", "target"} for r in rows)
    assert all(r["value"] is None or isinstance(r["value"], float | int) for r in rows)


def test_without_evaluation_data_the_command_says_where_it_looked_and_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder"
    result = RUNNER.invoke(app, ["detect", "eval", "--data", str(missing), "--detector", "secrets"])
    assert result.exit_code == 2
    assert f"no evaluation data in {missing}" in result.stderr
    assert result.stdout == ""


def test_by_default_the_data_is_read_from_evals_detect_under_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    missing = RUNNER.invoke(app, ["detect", "eval", "--detector", "secrets", "--quick"])
    assert missing.exit_code == 2
    assert f"no evaluation data in {tmp_path / 'evals' / 'detect'}" in missing.stderr
    (tmp_path / "evals").mkdir()
    (tmp_path / "evals" / "detect").symlink_to(DETECT)
    found = RUNNER.invoke(app, ["detect", "eval", "--detector", "secrets", "--quick", "--json"])
    assert ("secrets", "recall") in {(r["dataset"], r["metric"]) for r in json.loads(found.stdout)}


def test_the_markerless_rows_include_a_configured_chain(tmp_path: Path) -> None:
    config = tmp_path / "weir.yaml"
    config.write_text("detectors:\n  - use: requests\n", encoding="utf-8")
    args = ["detect", "eval", *DATA, "--detector", "requests", "--quick", "--json", "--config", str(config)]
    result = RUNNER.invoke(app, args)
    rows = json.loads(result.stdout)
    datasets = {r["dataset"] for r in rows}
    assert "markerless/bipia-email/requests" in datasets
    assert "markerless/bipia-email/configured" in datasets
    # The configured chain is the requests detector alone: its rows are the requests rows.
    by = {(r["dataset"], r["metric"]): r["value"] for r in rows}
    assert by[("markerless/tau2-kb/configured", "FPR")] == by[("markerless/tau2-kb/requests", "FPR")]


def test_a_config_naming_an_unknown_detector_is_a_clear_error(tmp_path: Path) -> None:
    config = tmp_path / "weir.yaml"
    config.write_text("detectors:\n  - use: nope\n", encoding="utf-8")
    result = RUNNER.invoke(app, ["detect", "eval", *DATA, "--detector", "requests", "--config", str(config)])
    assert result.exit_code == 2
    assert "nope" in result.stderr
