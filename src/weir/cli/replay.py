"""`weir replay TRACE`: decide every recorded call again with a config and (optionally) a candidate policy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from weir.errors import WeirError

if TYPE_CHECKING:
    from weir.config import WeirConfig

# The replay, the config and the decision path are imported where a command runs: `weir --help`
# and every other command import this module too (cli/app.py registers them all).

__all__ = ["load_replay_config", "register"]

ConfigOption = Annotated[
    Path | None, typer.Option("--config", "-c", help="weir.yaml (default: the examples' config for a shipped trace).")
]
PolicyOption = Annotated[
    str | None, typer.Option("--policy", "-p", help="Candidate policy replacing the config's: a file or a pack name.")
]


def load_replay_config(config: Path | None, policy: str | None, *, shipped: bool) -> WeirConfig:
    """The config a replay runs with: the file given, the corpus's for a shipped trace, else defaults."""
    from weir.config import WeirConfig, load_config
    from weir.replay import with_policy
    from weir.replay.examples import config_path

    if config is not None:
        loaded = load_config(config)
    elif shipped:
        loaded = load_config(config_path())
    else:
        loaded = WeirConfig()
    return with_policy(loaded, policy) if policy else loaded


def replay_command(
    trace: Annotated[
        str | None, typer.Argument(help="A trace file (JSON Lines), or a shipped example's name (see --examples).")
    ] = None,
    *,
    config: ConfigOption = None,
    policy: PolicyOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print {decisions, summary} as JSON.")] = False,
    examples: Annotated[bool, typer.Option("--examples", help="List the shipped example traces and exit.")] = False,
) -> None:
    """Replay a recorded trace: every call decided as if the earlier ones had run as recorded."""
    from weir.replay import replay
    from weir.replay.examples import locate, trace_names
    from weir.replay.render import render_replay
    from weir.trace import read_trace

    if examples:
        typer.echo("\n".join(trace_names()))
        return
    if trace is None:
        typer.echo("error: give a TRACE file or a shipped example's name (see weir replay --examples)", err=True)
        raise typer.Exit(2)
    try:
        path, shipped = locate(trace)
        run = replay(read_trace(path), load_replay_config(config, policy, shipped=shipped))
    except WeirError as exc:  # the trace or the config could not be read or used
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(run.to_json(), ensure_ascii=False, indent=1) if as_json else render_replay(run))


def register(app: typer.Typer) -> None:
    """Add the ``replay`` command."""
    app.command("replay")(replay_command)
