"""`weir policy check` and `weir policy explain` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from weir.cli.app import app
from weir.config import load_config
from weir.policy.engine import Engine
from weir.replay.examples import config_path

runner = CliRunner()


def test_check_prints_line_and_column_of_a_broken_rule_and_exits_1(tmp_path: Path) -> None:
    policy = tmp_path / "p.yaml"
    policy.write_text(
        "rules:\n  - name: ok\n    effect: warn\n    when: tool.read_only\n"
        "  - name: bad\n    effect: block\n    when: session.untrusted ||| tool.egress\n",
        encoding="utf-8",
    )
    done = runner.invoke(app, ["policy", "check", str(policy)])
    assert done.exit_code == 1
    # Line 7; the expression starts at column 11 and CEL stumbles on the third `|`, 20 characters in.
    assert done.stderr.startswith(f"{policy}:7:31: `when` does not compile:")
    assert done.stderr.rstrip().endswith("in rule 'bad'")


def test_check_of_a_good_file_counts_its_rules(tmp_path: Path) -> None:
    policy = tmp_path / "p.yaml"
    policy.write_text("- {name: a, effect: warn, when: tool.read_only}\n", encoding="utf-8")
    done = runner.invoke(app, ["policy", "check", str(policy)])
    assert (done.exit_code, done.stdout) == (0, f"{policy}: 1 rules, all compile\n")


def test_check_refuses_an_empty_file_and_accepts_an_explicit_empty_list(tmp_path: Path) -> None:
    """A file with no YAML document (empty, or comments only) is an error, not "0 rules, all compile":
    a truncated or unwritten policy file would otherwise run the packs alone without a word."""
    for text in ("", "# the rules will go here\n"):
        policy = tmp_path / "p.yaml"
        policy.write_text(text, encoding="utf-8")
        done = runner.invoke(app, ["policy", "check", str(policy)])
        assert done.exit_code == 1, done.output
        assert done.stderr.startswith(f"{policy}:1:1: the policy file is empty")
        assert "rules: []" in done.stderr
    policy.write_text("rules: []\n", encoding="utf-8")
    done = runner.invoke(app, ["policy", "check", str(policy)])
    assert (done.exit_code, done.stdout) == (0, f"{policy}: 0 rules, all compile\n")


def test_explain_prints_every_rule_with_its_verdict() -> None:
    done = runner.invoke(app, ["policy", "explain", "--trace", "mail-newsletter-forward-hr", "--line", "10"])
    assert done.exit_code == 0, done.output
    names = [r.name for r in Engine.from_config(load_config(config_path()).policy).rules]
    lines = done.stdout.splitlines()
    assert lines[0] == "line 10: call mail/forward in session sess-2026-11-19-0745-nf01"
    start = lines.index(f"rules ({len(names)}):")
    listed = [line.split("] ", 1)[1].split(" (", 1)[0] for line in lines[start + 1 :]]
    assert listed == names
    assert lines[1].startswith("decision: ")


def test_explain_json_carries_one_entry_per_rule(tmp_path: Path) -> None:
    call = tmp_path / "call.json"
    call.write_text('{"server": "bank", "tool": "transfer", "arguments": {"amount": 5}}', encoding="utf-8")
    done = runner.invoke(app, ["policy", "explain", "--trace", "bill-pay-known-payee", "--call", f"@{call}", "--json"])
    assert done.exit_code == 0, done.output
    out = json.loads(done.stdout)
    assert (out["server"], out["tool"], out["phase"]) == ("bank", "transfer", "call")
    assert {e["rule"] for e in out["explain"] if e["matched"]} == set(out["rules"])
    assert all(set(e) == {"rule", "effect", "phase", "matched", "why", "facts"} for e in out["explain"])


def test_explain_needs_a_line_or_a_call() -> None:
    assert runner.invoke(app, ["policy", "explain", "--trace", "bill-pay-known-payee"]).exit_code == 2
    bad = runner.invoke(app, ["policy", "explain", "--call", "{nope"])
    assert bad.exit_code == 2
    assert "--call is not valid JSON" in bad.stderr
