"""The `weir` command. Each subcommand lives in its own module with a ``register(app)``."""

from __future__ import annotations

import importlib
import pkgutil

import typer

import weir.cli
from weir._version import __version__

__all__ = ["app", "main"]

# Every module of weir.cli except this one is a command module with register(app); discovering
# them keeps adding a command to one new file.
COMMANDS: tuple[str, ...] = tuple(
    sorted(
        m.name for m in pkgutil.iter_modules(weir.cli.__path__) if m.name not in {"app"} and not m.name.startswith("_")
    )
)

app = typer.Typer(
    name="weir",
    help="Trust and sensitivity labels for MCP: lint, document, scan, replay and enforce.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain help: flags without a `<bool>` type column, and paragraphs wrapped at word boundaries
    # (the rich panels print every option's type and keep the docstrings' hard line breaks).
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"weir {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """Weir: trust and sensitivity labels for the Model Context Protocol."""


for _name in COMMANDS:
    importlib.import_module(f"weir.cli.{_name}").register(app)


def main() -> None:
    """Console-script entry point."""
    app()
