"""`weir audit` against a PostgreSQL trail (a real server: tests/postgres.py); the DSN never printed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from typer.testing import CliRunner

from tests.audit.conftest import event
from tests.deadlines import hang_guard
from tests.postgres import SECRET
from weir.audit import DecisionRecord
from weir.audit.dsn import Dsn
from weir.audit.postgres import PostgresAuditStore
from weir.cli.app import app

runner = CliRunner()
ENV = "WEIR_TEST_AUDIT_DSN"


@pytest.fixture
def trail(pg_dsn: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A trail of four events (the third a block) in a fresh database; its DSN is in $WEIR_TEST_AUDIT_DSN."""
    with PostgresAuditStore(Dsn(pg_dsn, "test"), redact=False) as store:
        for i in range(4):
            effect = "block" if i == 2 else "allow"
            store.append(event(i, session=f"s{i % 2}", decision=DecisionRecord(effect=effect, applied=effect)))
    monkeypatch.setenv(ENV, pg_dsn)
    return pg_dsn


def _ok(args: list[str]) -> str:
    result = runner.invoke(app, ["audit", *args])
    assert result.exit_code == 0, result.output
    assert SECRET not in result.output
    return result.output


def test_tail_query_export_head_and_verify_read_the_trail_named_by_an_environment_variable(
    trail: str, tmp_path: Path
) -> None:
    assert [line.split()[0] for line in _ok(["tail", "--dsn-env", ENV, "-n", "2"]).splitlines()] == ["#3", "#4"]
    lines = _ok(["query", "--dsn-env", ENV, "--effect", "block", "--json"]).splitlines()
    blocked = [json.loads(line) for line in lines]
    assert [b["id"] for b in blocked] == [3]
    out = tmp_path / "trail.jsonl"
    _ok(["export", "--dsn-env", ENV, str(out)])
    assert len(out.read_text().splitlines()) == 4
    assert "ok: 4 events, chain intact" in _ok(["verify", "--jsonl", str(out)])
    head = json.loads(_ok(["head", "--dsn-env", ENV]))
    assert head["id"] == 4
    verified = _ok(["verify", "--dsn-env", ENV])
    assert f"ok: 4 events, chain intact; head #4 {head['hash']}" in verified


def test_a_config_naming_the_variable_and_a_url_given_with_db_work_too(trail: str, tmp_path: Path) -> None:
    config = tmp_path / "weir.yaml"
    config.write_text(f"audit:\n  postgresql:\n    dsnEnv: {ENV}\n", encoding="utf-8")
    assert "ok: 4 events" in _ok(["verify", "--config", str(config)])
    assert len(_ok(["query", "--db", trail, "--session", "s1"]).splitlines()) == 2


def test_a_tampered_trail_fails_verify_with_exit_code_1(trail: str) -> None:
    with psycopg.connect(trail, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")
        conn.execute("DELETE FROM weir_audit_events WHERE id = 4")
    result = runner.invoke(app, ["audit", "verify", "--dsn-env", ENV])
    assert result.exit_code == 1
    assert "TAMPERED" in result.output
    assert "rows 4..4 were cut" in result.output


def test_an_unreachable_database_names_the_variable_and_never_the_secret(
    postgres_server: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, f"postgresql://weir:{SECRET}@127.0.0.1:1/none")
    result = runner.invoke(app, ["audit", "verify", "--dsn-env", ENV])
    assert result.exit_code == 2
    assert f"${ENV}" in result.output
    assert SECRET not in result.output
    url = runner.invoke(app, ["audit", "tail", "--db", f"postgresql://weir:{SECRET}@127.0.0.1:1/none"])
    assert url.exit_code == 2
    assert "the DSN given with --db" in url.output
    assert SECRET not in url.output
    unset = runner.invoke(app, ["audit", "head", "--dsn-env", "WEIR_TEST_UNSET_DSN"])
    assert unset.exit_code == 2
    assert "WEIR_TEST_UNSET_DSN is not set" in unset.output


def test_weir_audit_runs_as_a_program_against_postgres(trail: str) -> None:
    done = subprocess.run(
        [str(Path(sys.executable).parent / "weir"), "audit", "verify", "--dsn-env", ENV],
        capture_output=True,
        text=True,
        timeout=hang_guard(),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "ok: 4 events, chain intact" in done.stdout
    assert SECRET not in done.stdout + done.stderr
