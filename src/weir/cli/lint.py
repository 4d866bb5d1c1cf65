"""``weir lint``: check tool catalogs for missing, invalid and contradictory safety claims.

Exit status: 0 clean (or only findings below ``--fail-on``), 1 findings at or above it,
2 when a catalog could not be read at all or the report could not be written.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from weir.labels.provenance import Severity

__all__ = ["register"]

_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


def _split(values: list[str] | None) -> list[str]:
    return [v.strip().upper() for value in values or [] for v in value.split(",") if v.strip()]


def _list_rules() -> str:
    import weir.lint.rules  # noqa: F401  (registers the rules)
    from weir.lint import RULES

    rules = sorted(RULES.values(), key=lambda r: r.id)
    return "\n".join(f"{r.id}  {r.severity.value:<7}  {r.name}: {r.summary}" for r in rules)


def lint(
    catalogs: Annotated[
        list[Path] | None,
        typer.Argument(help="Catalog files: a tools/list result or a list of tools ('-': stdin)."),
    ] = None,
    *,
    server: Annotated[list[str] | None, typer.Option("--server", help="Lint this stdio MCP server command.")] = None,
    url: Annotated[list[str] | None, typer.Option("--url", help="Lint this streamable-HTTP MCP server.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Write JSON instead of text.")] = False,
    as_sarif: Annotated[bool, typer.Option("--sarif", help="Write SARIF 2.1.0 instead of text.")] = False,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the report here, not stdout.")] = None,
    select: Annotated[list[str] | None, typer.Option("--select", help="Only these rule ids or prefixes.")] = None,
    ignore: Annotated[list[str] | None, typer.Option("--ignore", help="Skip these rule ids or prefixes.")] = None,
    fail_on: Annotated[Severity, typer.Option("--fail-on", help="Exit 1 at a finding this severe.")] = Severity.ERROR,
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds to wait for a --server or --url.")] = 30.0,
    rules: Annotated[bool, typer.Option("--rules", help="List the rules and exit.")] = False,
) -> None:
    """Check tool catalogs: destructive tools without confirmation, missing claims, contradictions across
    vocabularies, invalid values, and names or descriptions that contradict the hints."""
    from weir.catalog import load_catalogs
    from weir.errors import WeirError
    from weir.lint import format_human, lint_catalog, to_json, to_sarif

    if rules:
        typer.echo(_list_rules())
        return
    if as_json and as_sarif:
        raise typer.BadParameter("choose one of --json and --sarif")
    try:
        loaded = load_catalogs([str(p) for p in catalogs or []], servers=server or [], urls=url or [], timeout=timeout)
    except WeirError as exc:
        typer.echo(f"weir lint: {exc}", err=True)
        raise typer.Exit(2) from exc
    reports = [lint_catalog(c, select=_split(select) or None, ignore=_split(ignore)) for c in loaded]
    if as_sarif:
        text = to_sarif(reports)
    elif as_json:
        text = to_json(reports)
    else:
        color = output is None and sys.stdout.isatty()
        text = "\n\n".join(format_human(r, color=color) for r in reports)
    if output is not None:
        try:
            output.write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            typer.echo(f"weir lint: cannot write {output}: {exc.strerror or exc}", err=True)
            raise typer.Exit(2) from exc
    else:
        typer.echo(text)
    worst = max((_RANK[f.severity] for r in reports for f in r.findings), default=-1)
    if worst >= _RANK[fail_on]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add ``weir lint`` to the command line."""
    app.command("lint")(lint)
