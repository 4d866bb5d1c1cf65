"""`weir config check` on `audit.postgresql`: the variable checked, the DSN never shown, nothing connected."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from weir.cli.app import app
from weir.configcheck import check_config

SECRET = "pw-never-shown-1234"


def _write(tmp_path: Path, section: str) -> Path:
    path = tmp_path / "weir.yaml"
    path.write_text(f"servers:\n  s:\n    command: [python, -V]\naudit:\n{section}", encoding="utf-8")
    return path


def test_a_set_variable_passes_and_the_summary_names_it_not_the_dsn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WEIR_AUDIT_DSN", f"postgresql://weir:{SECRET}@db.example:5432/audit")
    report = check_config(_write(tmp_path, "  postgresql:\n    dsnEnv: WEIR_AUDIT_DSN\n"))
    assert report.ok, report.problems
    assert [p.message for p in report.problems] == []
    assert "audit in PostgreSQL ($WEIR_AUDIT_DSN" in report.summary()
    result = CliRunner().invoke(app, ["config", "check", str(tmp_path / "weir.yaml")])
    assert result.exit_code == 0, result.output
    assert SECRET not in result.output


def test_an_unset_variable_is_a_warning_and_a_foreign_url_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("WEIR_AUDIT_DSN", raising=False)
    report = check_config(_write(tmp_path, "  postgresql:\n    dsn_env: WEIR_AUDIT_DSN\n"))
    [warning] = report.problems
    assert warning.severity == "warning"
    assert "WEIR_AUDIT_DSN is not set" in warning.message
    assert warning.line == 6  # the section's settings
    monkeypatch.setenv("WEIR_AUDIT_DSN", f"mysql://weir:{SECRET}@db/audit")
    [error] = check_config(tmp_path / "weir.yaml").problems
    assert error.severity == "error"
    assert "not a postgresql:// URL" in error.message
    assert SECRET not in error.message


def test_a_malformed_section_is_located(tmp_path: Path) -> None:
    report = check_config(_write(tmp_path, "  postgresql:\n    dsnEnv: 'not a name'\n    connectTimeoutS: 0\n"))
    assert not report.ok
    messages = " ".join(p.message for p in report.problems)
    assert "dsnEnv" in messages
    assert "connectTimeoutS" in messages
