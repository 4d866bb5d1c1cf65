"""``weir docs``: safety tables (Markdown, and one self-contained HTML page) from tool catalogs.

Exit status: 0 written, 2 when a catalog could not be read or an output could not be written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = ["register"]


def _write(path: Path, text: str) -> None:
    if str(path) == "-":  # standard output, as everywhere else in the CLI
        typer.echo(text, nl=False)
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        typer.echo(f"weir docs: cannot write {path}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"wrote {path}", err=True)


def docs(
    catalogs: Annotated[
        list[Path] | None,
        typer.Argument(help="Catalog files: a tools/list result or a list of tools ('-': stdin)."),
    ] = None,
    *,
    server: Annotated[list[str] | None, typer.Option("--server", help="Document this stdio server command.")] = None,
    url: Annotated[list[str] | None, typer.Option("--url", help="Document this streamable-HTTP MCP server.")] = None,
    html: Annotated[
        Path | None, typer.Option("--html", help="Write one self-contained HTML page here ('-': stdout).")
    ] = None,
    markdown: Annotated[
        Path | None, typer.Option("--markdown", help="Write Markdown here ('-' or nothing: stdout).")
    ] = None,
    title: Annotated[str, typer.Option("--title", help="Page and document title.")] = "Tool safety",
    with_lint: Annotated[bool, typer.Option("--lint/--no-lint", help="Show each tool's lint findings.")] = True,
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds to wait for a --server or --url.")] = 30.0,
) -> None:
    """Generate safety tables: per tool, its effect, outcome, destination, sensitivity in and out,
    confirmation and reversibility, each with the vocabulary and wire key it came from."""
    from weir.catalog import load_catalogs
    from weir.docs import safety_rows, to_html, to_markdown
    from weir.errors import WeirError
    from weir.lint import lint_catalog

    try:
        loaded = load_catalogs([str(p) for p in catalogs or []], servers=server or [], urls=url or [], timeout=timeout)
    except WeirError as exc:
        typer.echo(f"weir docs: {exc}", err=True)
        raise typer.Exit(2) from exc
    sections = [(c.source, safety_rows(c, lint_catalog(c) if with_lint else None)) for c in loaded]
    if html is not None:
        _write(html, to_html(sections, title=title))
    if markdown is not None:
        _write(markdown, to_markdown(sections, title=title))
    if html is None and markdown is None:
        typer.echo(to_markdown(sections, title=title), nl=False)


def register(app: typer.Typer) -> None:
    """Add ``weir docs`` to the command line."""
    app.command("docs")(docs)
