"""`weir config check`: the README's sample, every shipped config, and broken ones, each problem located."""

from __future__ import annotations

import re
import shutil
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
def test_every_shipped_config_passes(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # examples/weir.yaml's scripts are the checkout root's, where the gateway runs it
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
        ("error", 18, 13, "`when` refers to an unknown fact 'nme' in rule 'typo'"),
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


SERVER = "servers: {mail: {command: [python, -m, weir.demo_servers.mail]}}\n"


@pytest.mark.parametrize("token", ["a", "s3cret-token", "aaaaaaaaaaaaaaaaaaaa", "tok1tok1tok1tok1", "0123456789abcdef"])
def test_a_short_or_guessable_gateway_token_is_refused_from_the_file_and_from_the_environment(
    tmp_path: Path, token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "weir.yaml"
    path.write_text(SERVER + f"gateway: {{tokens: ['{token}']}}\n", encoding="utf-8")
    [problem] = check_config(path).problems
    assert problem.severity == "error"
    assert problem.message.startswith("gateway.tokens[0] ")
    with pytest.raises(ConfigError, match=r"gateway.tokens\[0\]"):
        check_principals([token], [])
    path.write_text(SERVER + "gateway: {tokens: []}\n", encoding="utf-8")
    monkeypatch.setenv("WEIR_GATEWAY_TOKENS", f"Xk3-pQ9z_Lm2vB8w,{token}")
    [problem] = check_config(path).problems
    assert problem.message.startswith("WEIR_GATEWAY_TOKENS[1] ")
    assert len(token) < 4 or token not in problem.message  # never printed
    with pytest.raises(ConfigError, match=r"WEIR_GATEWAY_TOKENS\[1\]"):
        check_principals(["Xk3-pQ9z_Lm2vB8w", token], [], from_env=2)
    result = runner.invoke(app, ["config", "check", str(path)])
    assert result.exit_code == 2
    assert "WEIR_GATEWAY_TOKENS[1]" in result.output


EIGHT_MISTAKES = """\
servers:
  crm: {command: [no-such-program-weir-test]}
  notes: {command: [python, missing-server.py]}
  mail: {command: [python, -m, weir.demo_servers.mail]}
policy:
  mode: enforcee
  rules:
    - name: a
      effect: blok
      when: tool.name == "x"
    - name: b
      effect: block
      when: tool.name == ("x"
    - name: b
      effect: warn
      when: tool.egres
audit: {path: nodir/weir-audit.db}
gateway:
  allowed_origins: [console.example]
"""


def test_eight_independent_mistakes_are_all_reported_in_one_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a relative script is the working directory's, as the gateway runs it
    path = tmp_path / "weir.yaml"
    path.write_text(EIGHT_MISTAKES, encoding="utf-8")
    report = check_config(path)
    found = [(p.line, p.column, p.message) for p in report.problems if p.severity == "error"]
    expected = [
        (2, 19, "servers.crm: `no-such-program-weir-test` is not found"),
        (3, 29, "servers.notes: the script `missing-server.py` does not exist"),
        (6, 9, "policy.mode: Input should be 'enforce', 'warn' or 'audit'"),
        (8, 7, "effect must be one of allow, warn, redact, confirm (escalate), block; got 'blok'"),
        (13, 30, "`when` does not compile"),
        (14, 7, "duplicate rule name 'b'"),
        (16, 13, "`when` refers to an unknown fact 'egres'"),  # the duplicate is compiled all the same
        (17, 15, "audit.path: the directory"),
        (19, 21, "gateway.allowed_origins[0]"),
    ]
    assert [(line, column) for line, column, _ in found] == [(line, column) for line, column, _ in expected]
    for (_, _, message), (_, _, start) in zip(found, expected, strict=True):
        assert message.startswith(start), message
    assert report.summary().endswith("9 error(s), 0 warning(s)")


# Another eight (and more), each of a different kind, with an unknown section among them: a key
# the schema does not know must not hide the checks that run on a well-formed config (the
# servers' programs, the policy's rules), nor be reported twice.
MISTAKES_WITH_AN_UNKNOWN_SECTION = """\
servers:
  files: {command: [python, -m, weir.demo_servers.files], trust: trustd}
  ghost: {command: [no-such-program-weir-shipcheck]}
policy:
  mode: enforcing
  rules:
    - {name: a, effect: blok, when: 'true'}
    - {name: b, effect: block, when: 'tool.name == "x" &&'}
    - {name: b, effect: warn, when: 'true'}
    - {name: c, effect: warn, when: 'true', colour: red}
gateway:
  call_timeout_s: soon
  quotas: {client_sessions: -5}
polcy: {packs: [strict]}
"""


def test_an_unknown_section_hides_no_other_mistake_and_is_reported_once(tmp_path: Path) -> None:
    path = tmp_path / "weir.yaml"
    path.write_text(MISTAKES_WITH_AN_UNKNOWN_SECTION, encoding="utf-8")
    report = check_config(path)
    found = [(p.line, p.column, p.message) for p in report.problems if p.severity == "error"]
    expected = [
        (2, 66, "servers.files.trust: Input should be 'trusted' or 'untrusted'"),
        (3, 21, "servers.ghost: `no-such-program-weir-shipcheck` is not found"),
        (5, 9, "policy.mode: Input should be 'enforce', 'warn' or 'audit'"),
        (7, 7, "effect must be one of allow, warn, redact, confirm (escalate), block; got 'blok'"),
        (8, 58, "`when` does not compile"),
        (9, 7, "duplicate rule name 'b'"),
        (10, 7, "unknown rule keys: colour"),
        (12, 19, "gateway.call_timeout_s: Input should be a valid number"),
        (13, 29, "gateway.quotas.client_sessions: Input should be greater than 0"),
        (14, 1, "polcy: unknown key (a typo?)"),
    ]
    assert [(line, column) for line, column, _ in found] == [(line, column) for line, column, _ in expected]
    for (_, _, message), (_, _, start) in zip(found, expected, strict=True):
        assert message.startswith(start), message
    assert report.summary().endswith("10 error(s), 0 warning(s)")


def test_the_check_words_a_mistake_as_the_gateway_refuses_it(tmp_path: Path) -> None:
    from weir.config import load_config
    from weir.errors import ConfigError

    server = "servers: {mail: {command: [python, -m, weir.demo_servers.mail]}}\n"
    for mistake in ("policy:\n  mode: enforcee\n", "policy:\n  rules:\n    - {name: a, effect: blok, when: 'true'}\n"):
        path = tmp_path / "weir.yaml"
        path.write_text(server + mistake, encoding="utf-8")
        [problem] = [p for p in check_config(path).problems if p.severity == "error"]
        with pytest.raises(ConfigError) as refused:
            load_config(path)
        assert problem.message in str(refused.value)
        assert str(refused.value).startswith(f"{path}:")


def test_an_empty_file_is_an_error_and_so_is_a_file_without_servers(tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("# nothing yet\n\n", encoding="utf-8")
    report = check_config(empty)
    assert not report.ok
    assert [p.message for p in report.problems] == ["the file is empty: no server to serve, nothing to check"]
    serverless = tmp_path / "weir.yaml"
    serverless.write_text("policy: {packs: [baseline]}\n", encoding="utf-8")
    report = check_config(serverless)
    assert not report.ok  # the gateway refuses it, in these words
    assert [(p.severity, p.message) for p in report.problems] == [
        ("error", "the gateway needs at least one server under `servers:`")
    ]


def test_which_python_runs_is_said_and_a_missing_module_or_script_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.chdir(tmp_path)
    (tmp_path / "srv.py").write_text("print('never run by the check')\n", encoding="utf-8")
    path = tmp_path / "weir.yaml"
    path.write_text(
        "servers:\n"
        "  ok: {command: [python, -u, srv.py]}\n"
        "  mod: {command: [python3, -m, no_such_module_weir_test.server]}\n"
        "  inline: {command: [python, -c, 'print(1)']}\n"
        "  sh: {command: [sh, gone.sh]}\n",
        encoding="utf-8",
    )
    report = check_config(path)
    assert [(p.line, p.message.split(":")[1].strip()) for p in report.problems] == [
        (3, "`python3 -m no_such_module_weir_test.server`"),
        (5, f"the script `gone.sh` does not exist (a relative path is the working directory's, here {tmp_path})"),
    ]
    assert sys.executable in report.problems[0].message
    path.write_text("servers:\n  ok: {command: [python, srv.py]}\n", encoding="utf-8")
    report = check_config(path)
    assert report.ok
    assert report.summary().endswith(f"; `python` in a server command runs {sys.executable} (Weir's interpreter)")


def test_a_dotted_module_is_looked_up_to_its_last_part_without_importing_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.chdir(tmp_path)
    path = tmp_path / "weir.yaml"
    path.write_text(
        "servers:\n"
        "  mail: {command: [python, -m, weir.demo_servers.mail]}\n"
        "  typo: {command: [python, -m, weir.demo_servers.mial]}\n"
        "  below: {command: [python, -m, weir.demo_servers.mail.nothing]}\n",
        encoding="utf-8",
    )
    before = set(sys.modules)
    report = check_config(path)
    assert [(p.line, p.message.split(": ", 2)[2]) for p in report.problems] == [
        (3, f"no module `weir.demo_servers.mial` for {sys.executable}"),
        (4, f"no module `weir.demo_servers.mail.nothing` for {sys.executable}"),
    ]
    assert not {m for m in set(sys.modules) - before if m.startswith("weir.demo_servers")}  # looked up, not imported


def test_an_audit_directory_the_gateway_cannot_write_is_an_error() -> None:
    """A relative audit.path is the config file's directory's: /etc/weir under systemd or in the image,
    which is read-only there. The check, run as the gateway's user, says so before the start fails."""
    import json
    import os
    import subprocess
    import sys
    import tempfile

    script = (
        "import json, sys; from weir.configcheck import check_config; "
        "print(json.dumps([p.message for p in check_config(sys.argv[1]).problems]))"
    )
    prefix: list[str] = []
    if os.geteuid() == 0:  # root writes anywhere: ask as nobody, as a DynamicUser would
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("the suite runs as root and setpriv (util-linux) is not installed")
        prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]

    def problems(config: Path) -> list[str]:
        done = subprocess.run(
            [*prefix, sys.executable, "-c", script, str(config)], capture_output=True, text=True, check=False, cwd="/"
        )
        assert done.returncode == 0, done.stderr
        found: list[str] = json.loads(done.stdout)
        return found

    with tempfile.TemporaryDirectory() as tmp:  # pytest's own tmp_path is root's alone
        etc = Path(tmp) / "etc"
        (etc / "state").mkdir(parents=True)
        Path(tmp).chmod(0o755)
        (etc / "state").chmod(0o777)
        config = etc / "weir.yaml"
        config.write_text("servers: {mail: {command: [python, -m, weir.demo_servers.mail]}}\n", encoding="utf-8")
        config.chmod(0o644)
        etc.chmod(0o555)  # read-only to the gateway's user, as /etc/weir is
        try:
            [message] = problems(config)
            assert message.startswith(f"audit.path: the directory {etc} is not writable here"), message
            config.chmod(0o644)
            etc.chmod(0o755)
            config.write_text(config.read_text(encoding="utf-8") + "audit: {path: state/weir-audit.db}\n")
            etc.chmod(0o555)
            assert problems(config) == []  # a writable directory below it is fine
        finally:
            etc.chmod(0o755)
