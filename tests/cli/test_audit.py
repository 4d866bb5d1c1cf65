"""`weir audit`: tail, query, export, verify and head, with their exit codes."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from weir.audit import AuditEvent, DecisionRecord, Phase, SqliteAuditStore
from weir.cli.app import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "audit.db"
    with SqliteAuditStore(path) as s:
        for i, (session, tool, effect) in enumerate(
            [("s1", "send", "allow"), ("s1", "read", "block"), ("s2", "send", "block"), ("s2", "read", "allow")]
        ):
            s.append(
                AuditEvent(
                    phase=Phase.CALL,
                    time=f"2026-11-21T12:0{i}:00Z",  # type: ignore[arg-type]
                    session=session,
                    server="mail",
                    tool=tool,
                    decision=DecisionRecord(effect=effect, applied=effect, reasons=(f"because {i}",)),
                )
            )
    return path


def test_tail_prints_the_last_n_events_one_line_each(db: Path) -> None:
    result = runner.invoke(app, ["audit", "tail", "--db", str(db), "-n", "2"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("#3 2026-11-21T12:02:00.000Z call «mail/send» block session=«s2»")
    assert "because 3" in lines[1]


def test_query_combines_filters_and_prints_json(db: Path) -> None:
    result = runner.invoke(app, ["audit", "query", "--db", str(db), "--effect", "block", "--session", "s2", "--json"])
    assert result.exit_code == 0, result.output
    (line,) = result.stdout.splitlines()
    item = json.loads(line)
    assert item["id"] == 3
    assert item["event"]["decision"]["effect"] == "block"


def test_query_by_tool_and_time(db: Path) -> None:
    result = runner.invoke(
        app, ["audit", "query", "--db", str(db), "--tool", "read", "--since", "2026-11-21T12:02:00Z"]
    )
    assert result.exit_code == 0, result.output
    assert [line.split()[0] for line in result.stdout.splitlines()] == ["#4"]


def test_a_bad_since_is_exit_2_with_the_reason(db: Path) -> None:
    result = runner.invoke(app, ["audit", "query", "--db", str(db), "--since", "last week"])
    assert result.exit_code == 2
    assert "not an ISO 8601 time" in result.stderr


def test_export_writes_jsonl_to_a_file_or_stdout(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["audit", "export", "--jsonl", "--db", str(db), str(out)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["id"] for x in lines] == [1, 2, 3, 4]
    to_stdout = runner.invoke(app, ["audit", "export", "--db", str(db)])
    assert [json.loads(x) for x in to_stdout.stdout.splitlines()] == lines


def test_verify_passes_an_intact_chain(db: Path) -> None:
    result = runner.invoke(app, ["audit", "verify", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("ok: 4 events, chain intact; head #4 ")


def test_verify_exits_1_naming_the_tampered_row(db: Path) -> None:
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("UPDATE events SET event = replace(event, 'because 1', 'because 9') WHERE id = 2")
    raw.close()
    result = runner.invoke(app, ["audit", "verify", "--db", str(db)])
    assert result.exit_code == 1
    assert "TAMPERED: row 2: content does not match its hash" in result.stderr
    assert "after 1 good rows" in result.stderr


def test_verify_with_an_exported_head_catches_a_cut_tail(db: Path, tmp_path: Path) -> None:
    head = runner.invoke(app, ["audit", "head", "--db", str(db)])
    assert head.exit_code == 0
    anchor = tmp_path / "head.json"
    anchor.write_text(head.stdout)
    # The attacker can write every file beside the database: the anchor log goes too.
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("DELETE FROM events WHERE id = 4")
        raw.execute("DELETE FROM weir_meta WHERE key = 'anchor_log'")
    raw.close()
    Path(f"{db}.anchors").unlink()
    assert runner.invoke(app, ["audit", "verify", "--db", str(db)]).exit_code == 0
    result = runner.invoke(app, ["audit", "verify", "--db", str(db), "--anchor", str(anchor)])
    assert result.exit_code == 1
    assert "the chain ends at row 3 but an anchor records row 4" in result.stderr


def test_the_database_path_comes_from_the_config(db: Path, tmp_path: Path) -> None:
    config = tmp_path / "weir.yaml"
    config.write_text(f"audit:\n  path: {db.name}\n")
    result = runner.invoke(app, ["audit", "tail", "--config", str(config), "-n", "1"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("#4 ")


def test_a_missing_database_is_exit_2_and_is_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "none.db"
    result = runner.invoke(app, ["audit", "tail", "--db", str(missing)])
    assert result.exit_code == 2
    assert "no audit database here" in result.stderr
    assert not missing.exists()


def test_a_bad_config_is_exit_2_naming_the_key(tmp_path: Path) -> None:
    config = tmp_path / "weir.yaml"
    config.write_text("audit:\n  durability: sometimes\n")
    result = runner.invoke(app, ["audit", "verify", "--config", str(config)])
    assert result.exit_code == 2
    assert "audit.durability" in result.stderr


def test_head_of_an_empty_trail_is_exit_1(tmp_path: Path) -> None:
    SqliteAuditStore(tmp_path / "e.db").close()
    result = runner.invoke(app, ["audit", "head", "--db", str(tmp_path / "e.db")])
    assert result.exit_code == 1
    assert "empty" in result.stderr


@pytest.mark.slow
def test_tail_follow_prints_events_appended_later(db: Path) -> None:
    weir = [sys.executable, "-c", "from weir.cli.app import main; main()"]
    proc = subprocess.Popen(
        [*weir, "audit", "tail", "--db", str(db), "-n", "1", "--follow"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("#4 ")
        with SqliteAuditStore(db) as s:
            s.append(AuditEvent(phase=Phase.ERROR, server="mail", tool="send", upstream_error="crashed"))
        line = proc.stdout.readline()
        assert line.startswith("#5 ")
        assert "upstream-error=«crashed»" in line
    finally:
        proc.kill()
        proc.wait(timeout=30)


def test_an_unknown_effect_is_a_usage_error(db: Path) -> None:
    result = runner.invoke(app, ["audit", "query", "--db", str(db), "--effect", "blocked"])
    assert result.exit_code == 2
    assert "not one of" in result.output


def test_an_unreadable_row_stops_the_listing_with_exit_2(db: Path) -> None:
    raw = sqlite3.connect(db)
    with raw:
        raw.execute('UPDATE events SET event = \'{"phase": "teleport"}\' WHERE id = 3')
    raw.close()
    result = runner.invoke(app, ["audit", "query", "--db", str(db)])
    assert result.exit_code == 2
    assert [line.split()[0] for line in result.stdout.splitlines()] == ["#1", "#2"]
    assert "row 3: the stored event cannot be read" in result.stderr


def test_verify_checks_an_export_without_the_database(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, ["audit", "export", "--db", str(db), str(out)]).exit_code == 0
    good = runner.invoke(app, ["audit", "verify", "--jsonl", str(out), "--json"])
    assert good.exit_code == 0, good.output
    assert json.loads(good.stdout)["ok"] is True
    out.write_text(out.read_text().replace("because 0", "because 7"))
    bad = runner.invoke(app, ["audit", "verify", "--jsonl", str(out)])
    assert bad.exit_code == 1
    assert "TAMPERED: row 1: content does not match its hash" in bad.stderr
    missing = runner.invoke(app, ["audit", "verify", "--jsonl", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2
    assert "cannot read" in missing.stderr


def test_export_to_an_unwritable_place_is_exit_2(db: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["audit", "export", "--db", str(db), str(tmp_path / "no" / "such" / "dir.jsonl")])
    assert result.exit_code == 2
    assert "cannot write" in result.stderr


def test_a_line_stays_readable_and_shows_pin_findings_and_operators(tmp_path: Path) -> None:
    path = tmp_path / "audit.db"
    long_reasons = tuple(f"rule {i}: " + "because " * 60 for i in range(4))
    with SqliteAuditStore(path) as s:
        s.append(
            AuditEvent(
                phase=Phase.CALL,
                server="mail",
                tool="send",
                decision=DecisionRecord(effect="confirm", reasons=long_reasons),
            )
        )
        findings = ["pinning:tool-changed (malicious) at tools[0]", "pinning:tool-added (malicious) at tools[1]"]
        s.append(AuditEvent(phase=Phase.TOOLS, server="vault", details={"tools": ["purge"], "findings": findings}))
        s.append(AuditEvent(phase=Phase.OPERATOR, details={"action": "deny", "operator": "alice", "reason": "no"}))
    short = runner.invoke(app, ["audit", "tail", "--db", str(path)]).stdout.splitlines()
    assert len(short[0]) < 500
    assert short[0].endswith("… (+2 more)")
    assert short[1].endswith("— 2 finding(s): " + "; ".join(findings))
    assert short[2].endswith("operator - — deny by alice: «no»")
    full = runner.invoke(app, ["audit", "tail", "--db", str(path), "--full"]).stdout.splitlines()
    assert all(r in full[0] for r in long_reasons)
    operators = runner.invoke(app, ["audit", "query", "--db", str(path), "--phase", "operator"]).stdout.splitlines()
    assert len(operators) == 1


def test_a_line_cannot_be_forged_by_a_session_tool_or_reason_with_line_breaks(tmp_path: Path) -> None:
    path = tmp_path / "audit.db"
    forged = "x\n#99 2026-11-21T12:00:00.000Z operator - — approve by alice: ok"
    with SqliteAuditStore(path) as s:
        s.append(
            AuditEvent(
                phase=Phase.CALL,
                session=forged,
                server="mail",
                tool="send\r\u202eevil",
                upstream_error="boom\nsecond line",
                decision=DecisionRecord(effect="block", reasons=("old reason\nIt is safe to approve.",)),
            )
        )
    out = runner.invoke(app, ["audit", "tail", "--db", str(path), "--full"]).stdout
    assert len(out.splitlines()) == 1
    assert "session=«x\\n#99 2026-11-21T12:00:00.000Z operator - — approve by alice: ok»" in out
    assert "«mail/send\\r\\u202eevil»" in out
    assert "upstream-error=«boom\\nsecond line»" in out
    assert "old reason\\nIt is safe to approve." in out


def test_rows_nobody_vouched_for_fail_verify_until_an_operator_adopts_them(tmp_path: Path) -> None:
    from tests.audit.test_anchorlog import forge_row

    path = tmp_path / "audit.db"
    env = {"WEIR_TEST_AUDIT_KEY": "a-deployer-secret-of-32-bytes!!!"}
    with SqliteAuditStore(path, anchor_key=env["WEIR_TEST_AUDIT_KEY"].encode()) as s:
        s.append(AuditEvent(phase=Phase.CALL, server="mail", tool="send"))
    forge_row(path, AuditEvent(phase=Phase.OPERATOR, details={"action": "approve", "operator": "alice"}))
    keyed = ["--db", str(path), "--key-env", "WEIR_TEST_AUDIT_KEY"]
    for _ in range(2):  # the gateway restarts (a writer opens the trail with its key), and again
        with SqliteAuditStore(path, anchor_key=env["WEIR_TEST_AUDIT_KEY"].encode()):
            pass
        failed = runner.invoke(app, ["audit", "verify", *keyed], env=env)
        assert failed.exit_code == 1, failed.output
        assert "TAMPERED: row 2 had no anchor log line when a writer opened the trail" in failed.stderr
    adopted = runner.invoke(
        app, ["audit", "adopt", *keyed, "--through", "2", "--reason", "checked it", "--operator", "bob"], env=env
    )
    assert adopted.exit_code == 0, adopted.output
    ok = runner.invoke(app, ["audit", "verify", *keyed], env=env)
    assert ok.exit_code == 0, ok.output
    assert "adopted by operator bob (row 3)" in ok.stderr
    tail = runner.invoke(app, ["audit", "tail", "--db", str(path), "-n", "1"]).stdout
    assert "adopt-rows by bob: «checked it»" in tail
