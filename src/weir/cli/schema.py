"""`weir schema`: print the JSON Schema of every vocabulary, or check a document against them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from weir.labels.check import check_document
from weir.labels.schema import WIRE_DIALECTS, json_schema
from weir.labels.vocab import Dialect

__all__ = ["register"]

_DIALECTS = ", ".join(d.value for d in WIRE_DIALECTS)


def _dialect(value: str | None) -> Dialect | None:
    if value is None:
        return None
    found = next((d for d in WIRE_DIALECTS if d.value == value), None)
    if found is None:
        raise typer.BadParameter(f"unknown dialect {value!r}; one of: {_DIALECTS}")
    return found


def _check(path: Path, as_json: bool) -> None:
    from weir.catalog.model import CatalogError, decode_json

    try:
        doc = decode_json(path.read_text(encoding="utf-8"), source=str(path))
    except OSError as exc:
        typer.echo(f"error: cannot read {path}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from exc
    except UnicodeDecodeError as exc:
        typer.echo(f"error: {path} is not UTF-8 text ({exc.reason} at byte {exc.start})", err=True)
        raise typer.Exit(1) from exc
    except CatalogError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from exc
    result = check_document(doc)
    if as_json:
        payload = {
            "kind": result.kind,
            "ok": result.ok,
            "diagnostics": [d.model_dump(mode="json") for d in result.diagnostics],
        }
        typer.echo(json.dumps(payload, indent=2))
    else:
        for d in result.diagnostics:
            where = d.path or "<root>"
            typer.echo(f"{path}: {where}: {d.severity}: {d.message}" + (f" [{d.dialect}]" if d.dialect else ""))
        errors = sum(d.severity == "error" for d in result.diagnostics)
        typer.echo(f"{path}: {result.kind}, {errors} error(s), {len(result.diagnostics) - errors} other note(s)")
    if not result.ok:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add the `schema` command."""

    @app.command("schema")
    def schema(
        dialect: Annotated[str | None, typer.Option("--dialect", help=f"Only this vocabulary: {_DIALECTS}.")] = None,
        check: Annotated[
            Path | None, typer.Option("--check", help="Check a tool / catalog / result JSON file instead.")
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="With --check: print the diagnostics as JSON.")] = False,
    ) -> None:
        """Print the JSON Schema (draft 2020-12) of everything Weir reads and writes, or --check a file."""
        if check is not None:
            _check(check, as_json)
            return
        typer.echo(json.dumps(json_schema(_dialect(dialect)), indent=2))
