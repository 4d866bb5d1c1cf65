"""`weir replay` from the command line: the documented JSON, the table, candidates, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from weir.cli.app import app
from weir.policy.decision import Verdict
from weir.replay.examples import config_path, trace_names, trace_path
from weir.trace import CallEvent, ResultEvent, read_trace

runner = CliRunner()
KEYS = ["line", "phase", "server", "tool", "effect", "rules", "reasons"]


def test_json_output_is_exactly_decisions_and_summary_with_every_key() -> None:
    trace = trace_path("web-issue-exfil-credentials")
    done = runner.invoke(app, ["replay", str(trace), "--config", str(config_path()), "--json"])
    assert done.exit_code == 0, done.output
    out = json.loads(done.stdout)
    assert list(out) == ["decisions", "summary"]
    events = [tl for tl in read_trace(trace) if isinstance(tl.event, CallEvent | ResultEvent)]
    assert len(out["decisions"]) == len(events)
    for d, tl in zip(out["decisions"], events, strict=True):
        assert list(d) == KEYS
        assert d["line"] == tl.line
        assert d["phase"] == ("call" if isinstance(tl.event, CallEvent) else "result")
        assert (d["server"], d["tool"]) == (tl.event.server, tl.event.tool)
        assert Verdict(d["effect"])
        assert isinstance(d["rules"], list)
        assert isinstance(d["reasons"], list)
    summary = out["summary"]
    assert summary["calls"] == sum(d["phase"] == "call" for d in out["decisions"])
    assert summary["results"] == sum(d["phase"] == "result" for d in out["decisions"])
    assert sum(summary["call_effects"].values()) == summary["calls"]


def test_a_shipped_example_replays_by_name_with_its_own_config() -> None:
    by_name = runner.invoke(app, ["replay", "bill-pay-known-payee", "--json"])
    by_path = runner.invoke(
        app, ["replay", str(trace_path("bill-pay-known-payee")), "--config", str(config_path()), "--json"]
    )
    assert by_name.exit_code == 0, by_name.output
    assert json.loads(by_name.stdout) == json.loads(by_path.stdout)


def test_the_human_output_is_a_table_of_calls_then_a_summary() -> None:
    done = runner.invoke(app, ["replay", "files-reorganise-taxes"])
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["line", "session", "call", "effect", "reason"]
    assert any("files/move_file" in line for line in lines)
    assert lines[-2].startswith("1 sessions, 8 calls: ")


def test_policy_replaces_the_config_policy(tmp_path: Path) -> None:
    candidate = tmp_path / "deny.yaml"
    candidate.write_text("rules:\n  - {name: deny, effect: block, when: 'true', reason: nothing runs}\n", "utf-8")
    done = runner.invoke(app, ["replay", "files-reorganise-taxes", "--policy", str(candidate), "--json"])
    out = json.loads(done.stdout)
    calls = [d for d in out["decisions"] if d["phase"] == "call"]
    assert {(d["effect"], tuple(d["rules"])) for d in calls} == {("block", ("deny",))}
    assert out["summary"]["call_effects"]["block"] == len(calls)


def test_examples_lists_every_shipped_trace() -> None:
    done = runner.invoke(app, ["replay", "--examples"])
    assert done.stdout.split() == trace_names()


def test_a_malformed_trace_fails_with_its_line_and_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event":"session","id":"s"}\n{"event":"call","server":"m"}\n', encoding="utf-8")
    done = runner.invoke(app, ["replay", str(bad)])
    assert done.exit_code == 2  # input that could not be read, as the README promises
    assert done.stderr.strip() == f"error: {bad}, line 1 (0-based): call event: missing key tool"


def test_a_missing_trace_or_config_is_a_clear_error(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2
    assert "no such trace file" in missing.stderr
    unknown = runner.invoke(app, ["replay", "no-such-trace"])
    assert unknown.exit_code == 2
    assert "no shipped trace named 'no-such-trace'" in unknown.stderr
    no_config = runner.invoke(app, ["replay", "bill-pay-known-payee", "--config", str(tmp_path / "w.yaml")])
    assert no_config.exit_code == 2
    assert "cannot read config" in no_config.stderr
    nothing = runner.invoke(app, ["replay"])
    assert nothing.exit_code == 2
