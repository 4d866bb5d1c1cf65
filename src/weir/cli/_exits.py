"""How a command ends on bad input: one line on stderr and exit code 2 (README, "Exit codes")."""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn, TypeVar

import typer

from weir.errors import WeirError

__all__ = ["fail", "guarded"]

T = TypeVar("T")


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def guarded(call: Callable[[], T]) -> T:
    """Run a library call; a WeirError becomes a one-line message and exit code 2."""
    try:
        return call()
    except WeirError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
