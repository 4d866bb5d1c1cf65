"""``weir detect eval``: precision, recall and throughput of the detectors on labelled data (``evals/detect``)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated

import typer

from weir.errors import WeirError

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add ``weir detect`` (with ``eval``) to the command line."""
    detect_app = typer.Typer(help="Work with the detectors.", no_args_is_help=True, rich_markup_mode=None)

    @detect_app.command("eval")
    def evaluate(  # noqa: PLR0917 - typer reads the options from the signature
        detector: Annotated[
            str | None,
            typer.Option("--detector", help="secrets, pii, hidden, poisoning, injection, requests or chain."),
        ] = None,
        quick: Annotated[bool, typer.Option("--quick", help="A quarter of the data, one timing run.")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print the rows as JSON.")] = False,
        data: Annotated[
            Path | None,
            typer.Option(
                "--data",
                help="The folder of evaluation data (default: evals/detect here, in a checkout; "
                "with --loso: evals/injection).",
            ),
        ] = None,
        loso: Annotated[
            bool,
            typer.Option(
                "--loso", help="Leave-one-source-out table of the injection detector (trains one model per source)."
            ),
        ] = False,
        source: Annotated[str | None, typer.Option("--source", help="With --loso: leave out only this source.")] = None,
        config: Annotated[
            Path | None,
            typer.Option(
                "--config", help="weir.yaml whose detectors: (e.g. an onnx or judge extra) get their own rows."
            ),
        ] = None,
    ) -> None:
        """Print precision/recall per detector and MB/s per detector and for the whole chain."""
        if loso:
            _print_loso(data or Path("evals/injection"), source)
            return
        from weir.detect.scoring import data_dir, meets, render
        from weir.detect.scoring import evaluate as run

        try:
            configured = _configured(config)
            rows = run(data_dir(data), detector, quick=quick, configured=configured)
        except (ValueError, WeirError) as exc:
            typer.echo(f"weir detect eval: {exc}", err=True)
            raise typer.Exit(2) from exc
        if as_json:
            out = [
                {"dataset": d, "metric": m, "value": None if math.isnan(v) else v, "target": t} for d, m, v, t in rows
            ]
            typer.echo(json.dumps(out))
        else:
            typer.echo("\n".join(render(rows)))
        raise typer.Exit(1 if any(meets(v, t) is False for _, _, v, t in rows) else 0)

    app.add_typer(detect_app, name="detect")


def _configured(config: Path | None) -> object | None:
    """The chain ``config``'s ``detectors:`` describe, or None without ``--config``."""
    if config is None:
        return None
    from weir.config import load_config
    from weir.detect.chain import Chain

    return Chain.from_specs(load_config(config).detectors)


def _print_loso(data: Path, source: str | None) -> None:
    """Run the leave-one-source-out evaluation and print its table; exit 1 when a target is missed."""
    from weir.detect.injection import loso

    try:
        results = loso.run(data, only=source, progress=lambda line: typer.echo(line, err=True))
    except (OSError, ValueError) as exc:
        typer.echo(f"weir detect eval --loso: {exc}", err=True)
        raise typer.Exit(2) from exc
    if source is not None and not results:
        typer.echo(f"weir detect eval --loso: no source {source!r} under {data}", err=True)
        raise typer.Exit(2)
    for line in loso.format_table(results):
        typer.echo(line)
    raise typer.Exit(0 if loso.targets_met(results) else 1)
