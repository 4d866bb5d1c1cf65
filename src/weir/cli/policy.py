"""`weir policy check FILE` and `weir policy explain`: author and debug policies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from weir.cli.replay import ConfigOption, PolicyOption, load_replay_config
from weir.errors import WeirError

if TYPE_CHECKING:
    from weir.replay.explain import Explanation

# The compiler, the replay and the decision path are imported where a command runs (see cli/replay.py).

__all__ = ["register"]

policy_app = typer.Typer(name="policy", help="Check and explain policies.", no_args_is_help=True, rich_markup_mode=None)


@policy_app.command("check")
def check_command(
    file: Annotated[Path, typer.Argument(help="A policy file (YAML rules), or a weir.yaml.")],
) -> None:
    """Compile every rule; print each error with its line and column.

    Exit 1 when a rule does not compile, 2 when the file cannot be read. Given a weir.yaml, its
    policy section (inline rules, policy.file, packs) is checked, as `weir config check` does.
    """
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        typer.echo(f"{file}: cannot read the policy: {getattr(exc, 'strerror', None) or exc}", err=True)
        raise typer.Exit(2) from exc
    from weir.configcheck.policy import unguarded_arguments
    from weir.policy.check import check_policy, render_check

    if _is_config(text):
        _check_config_policy(file)
        return
    report = check_policy(file)
    typer.echo(render_check(report), err=not report.ok)
    for warning in unguarded_arguments(report.rules, str(file)):
        typer.echo(str(warning), err=True)
    if not report.ok:
        raise typer.Exit(1)


_CONFIG_KEYS = frozenset(
    {"servers", "overrides", "policy", "detectors", "audit", "gateway", "console", "observability"}
)


def _is_config(text: str) -> bool:
    """A weir.yaml rather than a policy file: a mapping of config sections, without ``rules``."""
    import yaml

    from weir import yamltext

    try:
        data = yamltext.load(text)
    except yaml.YAMLError:
        return False  # the policy reader reports it with its position
    return isinstance(data, dict) and "rules" not in data and bool(_CONFIG_KEYS & set(data))


def _check_config_policy(file: Path) -> None:
    from weir.configcheck import check_config

    report = check_config(file)
    typer.echo(f"{file} is a weir.yaml: checking it whole (weir config check)", err=True)
    for problem in report.problems:
        typer.echo(str(problem), err=problem.severity == "error")
    typer.echo(report.summary(), err=not report.ok)
    if not report.ok:
        raise typer.Exit(1)


def _call_json(text: str) -> dict[str, Any]:
    try:
        source = Path(text[1:]).read_text(encoding="utf-8") if text.startswith("@") else text
        call = json.loads(source)
    except OSError as exc:
        raise WeirError(f"--call {text}: {exc.strerror or exc}") from exc
    except json.JSONDecodeError as exc:
        raise WeirError(f"--call is not valid JSON: {exc.msg} at column {exc.colno}") from exc
    if not isinstance(call, dict):
        raise WeirError("--call must be a JSON object {server, tool, arguments, _meta}")
    return call


def _explain(
    *,
    trace: str | None,
    line: int | None,
    call: str | None,
    session: str | None,
    config: Path | None,
    policy: str | None,
) -> Explanation:
    from weir.replay import explain_call, explain_line
    from weir.replay.examples import locate
    from weir.trace import TraceLine, read_trace

    lines: list[TraceLine] = []
    shipped = False
    if trace is not None:
        path, shipped = locate(trace)
        lines = read_trace(path)
    cfg = load_replay_config(config, policy, shipped=shipped)
    if line is not None:
        return explain_line(lines, cfg, line)
    return explain_call(_call_json(call or "{}"), cfg, after=lines, session=session)


@policy_app.command("explain")
def explain_command(
    *,
    config: ConfigOption = None,
    trace: Annotated[
        str | None, typer.Option("--trace", "-t", help="A trace file or a shipped example's name.")
    ] = None,
    line: Annotated[int | None, typer.Option("--line", "-n", help="0-based line of the call (or result).")] = None,
    call: Annotated[
        str | None, typer.Option("--call", help="A call as JSON {server, tool, arguments, _meta}, or @file.")
    ] = None,
    session: Annotated[str | None, typer.Option("--session", help="With --call: the agent session it joins.")] = None,
    policy: PolicyOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the explanation as JSON.")] = False,
) -> None:
    """Explain one decision: EVERY rule's verdict on it (matched or not, and why)."""
    if (line is None) == (call is None) or (line is not None and trace is None):
        typer.echo("error: give --trace T --line N, or --call JSON (optionally after --trace T)", err=True)
        raise typer.Exit(2)
    from weir.replay.render import render_explanation

    try:
        ex = _explain(trace=trace, line=line, call=call, session=session, config=config, policy=policy)
    except WeirError as exc:  # the trace, the config or the call could not be read
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(ex.to_json(), ensure_ascii=False, indent=1) if as_json else render_explanation(ex))


def register(app: typer.Typer) -> None:
    """Add the ``policy`` command group."""
    app.add_typer(policy_app)
