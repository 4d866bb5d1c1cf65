"""`weir config check`: the README's sample, every shipped config, and broken ones, each problem located."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from weir.cli.app import app
from weir.configcheck import check_config
from weir.errors import ConfigError
from weir.serving.deployment import check_principals

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def _readme_sample(directory: Path) -> Path:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"## A configuration\n\n```yaml\n(.*?)```", text, re.S)
    assert found is not None, "the README lost its sample configuration"
    path = directory / "weir.yaml"
    path.write_text(found.group(1), encoding="utf-8")
    return path


def test_the_readmes_sample_config_passes_without_a_warning(tmp_path: Path) -> None:
    report = check_config(_readme_sample(tmp_path))
    assert report.problems == []
    assert report.ok
    assert report.summary().startswith(
        f"{tmp_path / 'weir.yaml'}: ok — 3 server(s), policy baseline + 1 inline rule(s)"
    )


@pytest.mark.parametrize(
    "shipped",
    [ROOT / "examples" / "weir.yaml", ROOT / "src" / "weir" / "data" / "traces" / "weir.yaml"],
    ids=["examples", "trace-corpus"],
)
def test_every_shipped_config_passes(shipped: Path) -> None:
    report = check_config(shipped)
    assert report.ok, "\n".join(map(str, report.problems))
    # Replay configs name servers without a command: fine for replay, said as a warning only.
    assert all(p.severity == "warning" and "neither `command` nor `url`" in p.message for p in report.problems)


BROKEN = """\
servers:
  mail: {command: [python, -m, weir.demo_servers.mail]}
  crm:  {url: "https://crm.internal/mcp", headers: {authorization: "Bearer …"}}
  web:  {commnd: [x]}
  ftp:  {url: "ftp://files.example"}
overrides:
  - match: "mial/send_*"
    annotations: {readOnlyHint: false}
policy:
  packs: [baseline, nope]
  rules:
    - name: big-transfers
      effect: confirm
      when: tool.name == "transfer" && arguments.amount > 1000
      reason: large transfers need a human
    - name: typo
      effect: block
      when: tool.nme == 'x'
      reason: typo
detectors: [{use: nosuch}]
audit: {path: nodir/weir-audit.db}
gateway:
  confirm_fallback: queue
  allowed_origins: [console.example]
"""


def test_a_broken_config_gets_every_problem_with_its_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "weir.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    report = check_config(path)
    found = [(p.severity, p.line, p.column, p.message.split(":")[0]) for p in report.problems]
    assert found == [
        ("error", 3, 52, "servers.crm.headers"),
        ("error", 4, 10, "servers.web.commnd"),
        ("error", 5, 15, "servers.ftp.url must start with http"),
        ("warning", 7, 12, "overrides[0].match 'mial/send_*' names no configured server (mail, ftp)"),
        ("error", 10, 21, "policy.packs[1]"),
        ("warning", 14, 13, "rule 'big-transfers' reads `arguments.amount` without `has(arguments.amount)`"),
        ("error", 18, 13, "`when` refers to an unknown fact 'nme' (rule 'typo')"),
        ("error", 20, 13, "detectors[0] (nosuch)"),
        ("error", 21, 15, "audit.path"),
        ("warning", 23, 21, "gateway.confirm_fallback is queue but console.operators is empty"),
        ("error", 24, 21, "gateway.allowed_origins[0]"),
    ]
    assert not report.ok
    assert "U+2026" in report.problems[0].message


def test_yaml_that_does_not_parse_or_repeats_a_key_is_located(tmp_path: Path) -> None:
    bad = tmp_path / "weir.yaml"
    bad.write_text("policy:\n  packs: [baseline\n", encoding="utf-8")
    [problem] = check_config(bad).problems
    assert (problem.line, problem.severity) == (3, "error")
    assert problem.message.startswith("not valid YAML")
    twice = tmp_path / "twice.yaml"
    twice.write_text("policy: {packs: [baseline]}\naudit: {path: a.db}\npolicy: {packs: []}\n", encoding="utf-8")
    [problem] = check_config(twice).problems
    assert (problem.line, problem.column) == (3, 1)
    assert "appears twice (first at line 1)" in problem.message


def test_an_operator_token_that_is_also_a_client_token_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "weir.yaml"
    token = "shared-token-0123456789"
    path.write_text(
        f"gateway: {{tokens: [{token}]}}\nconsole: {{operators: [{{name: alice, token: {token}}}]}}\n", encoding="utf-8"
    )
    [problem] = check_config(path).problems
    assert "operators and MCP clients are different principals" in problem.message
    assert token not in str(problem)  # the check never prints a token


def test_the_command_exits_2_on_errors_or_an_unreadable_file_and_0_when_the_gateway_would_start(tmp_path: Path) -> None:
    good = runner.invoke(app, ["config", "check", str(_readme_sample(tmp_path))])
    assert good.exit_code == 0, good.output
    assert "ok — 3 server(s)" in good.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text(BROKEN, encoding="utf-8")
    broken = runner.invoke(app, ["config", "check", str(bad)])
    assert broken.exit_code == 2
    assert f"{bad}:3:52: error: servers.crm.headers" in broken.stdout
    assert broken.stdout.rstrip().endswith("8 error(s), 3 warning(s)")
    missing = runner.invoke(app, ["config", "check", str(tmp_path / "nope.yaml")])
    assert missing.exit_code == 2
    assert "cannot read the config" in missing.stdout


def test_policy_check_given_a_weir_yaml_checks_its_policy_section(tmp_path: Path) -> None:
    bad = tmp_path / "weir.yaml"
    bad.write_text(BROKEN, encoding="utf-8")
    done = runner.invoke(app, ["policy", "check", str(bad)])
    assert done.exit_code == 1
    assert "is a weir.yaml: checking it whole" in done.stderr
    assert "unknown fact 'nme'" in done.stderr


@pytest.mark.parametrize("token", ["a", "s3cret-token", "aaaaaaaaaaaaaaaaaaaa", "tok1tok1tok1tok1", "0123456789abcdef"])
def test_a_short_or_guessable_gateway_token_is_refused_from_the_file_and_from_the_environment(
    tmp_path: Path, token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "weir.yaml"
    path.write_text(f"gateway: {{tokens: ['{token}']}}\n", encoding="utf-8")
    [problem] = check_config(path).problems
    assert problem.severity == "error"
    assert problem.message.startswith("gateway.tokens[0] ")
    with pytest.raises(ConfigError, match=r"gateway.tokens\[0\]"):
        check_principals([token], [])
    path.write_text("gateway: {tokens: []}\n", encoding="utf-8")
    monkeypatch.setenv("WEIR_GATEWAY_TOKENS", f"Xk3-pQ9z_Lm2vB8w,{token}")
    [problem] = check_config(path).problems
    assert problem.message.startswith("WEIR_GATEWAY_TOKENS[1] ")
    assert len(token) < 4 or token not in problem.message  # never printed
    with pytest.raises(ConfigError, match=r"WEIR_GATEWAY_TOKENS\[1\]"):
        check_principals(["Xk3-pQ9z_Lm2vB8w", token], [], from_env=2)
    result = runner.invoke(app, ["config", "check", str(path)])
    assert result.exit_code == 2
    assert "WEIR_GATEWAY_TOKENS[1]" in result.output
