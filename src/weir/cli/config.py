"""`weir config check FILE`: every problem in a weir.yaml, with its file, line and column."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = ["register"]

config_app = typer.Typer(
    name="config", help="Check a weir.yaml before a gateway runs it.", no_args_is_help=True, rich_markup_mode=None
)


@config_app.command("check")
def check_command(
    file: Annotated[Path, typer.Argument(help="The weir.yaml to check.")] = Path("weir.yaml"),
) -> None:
    """Check servers, overrides, policy, detectors, audit, gateway and console settings.

    Prints one `file:line:column: error|warning: message` line per problem, then a summary.
    Exit 0 when the gateway would start (warnings may remain), 2 when it would refuse.
    """
    from weir.configcheck import check_config  # the whole config and the policy compiler: when run

    report = check_config(file)
    for problem in report.problems:
        typer.echo(str(problem))
    typer.echo(report.summary())
    if not report.ok:
        raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    """Add the ``config`` command group."""
    app.add_typer(config_app)
