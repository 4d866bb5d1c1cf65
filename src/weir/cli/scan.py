"""``weir scan``: run the detector chain over text, JSON Lines, or a tool catalog.

Exit status: 0 nothing found, 1 findings, 2 the input (or config) could not be used.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

__all__ = ["register"]


def _fail(message: str) -> typer.Exit:
    typer.echo(f"weir scan: {message}", err=True)
    return typer.Exit(2)


def _read(source: str) -> str:
    if source == "-":
        return sys.stdin.buffer.read().decode("utf-8", "replace")
    try:
        return Path(source).read_bytes().decode("utf-8", "replace")
    except OSError as exc:
        raise _fail(f"cannot read {source}: {exc.strerror or exc}") from exc


def _chain(config: Path | None) -> Any:
    from weir.config import load_config
    from weir.detect.chain import Chain
    from weir.errors import WeirError

    try:
        specs = load_config(config).detectors if config else None
        return Chain.from_specs(specs)
    except WeirError as exc:
        raise _fail(str(exc)) from exc


def _scan_text(chain: Any, source: str, as_json: bool) -> int:
    from weir.detect.report import human_lines, scan_output

    text = _read(source)
    findings = chain.scan_text(text)
    if as_json:
        typer.echo(json.dumps(scan_output(findings)))
    else:
        for line in human_lines(text, findings) or ["no findings"]:
            typer.echo(line)
    return 1 if findings else 0


def _scan_jsonl(chain: Any, source: str) -> int:
    from weir.detect.report import scan_jsonl

    status = 0
    for out in scan_jsonl(chain, _read(source).splitlines()):
        typer.echo(json.dumps(out))
        status = max(status, 2 if "error" in out else 1 if out["findings"] else 0)
    return status


def _scan_tools(chain: Any, source: str, as_json: bool) -> int:
    from weir.detect.report import read_catalog, tools_output

    try:
        tools = read_catalog(json.loads(_read(source)))
    except (json.JSONDecodeError, ValueError) as exc:
        raise _fail(f"{source}: not a tool catalog: {exc}") from exc
    findings = chain.scan_tools(Path(source).stem if source != "-" else "stdin", tools)
    if as_json:
        typer.echo(json.dumps(tools_output(tools, findings)))
    else:
        for f in findings:
            typer.echo(f"{f.cls.value:<11} {f.detector + '/' + f.kind:<36} {f.path}: {f.message}")
        if not findings:
            typer.echo(f"no findings in {len(tools)} tools")
    return 1 if findings else 0


def register(app: typer.Typer) -> None:
    """Add ``weir scan`` to the command line."""

    @app.command("scan")
    def scan(
        source: Annotated[
            str, typer.Argument(metavar="[FILE|-]", help="Text to scan; '-' or nothing reads stdin.")
        ] = "-",
        as_json: Annotated[bool, typer.Option("--json", help='Print {"findings": [...]} as JSON.')] = False,
        jsonl: Annotated[
            bool, typer.Option("--jsonl", help='Input is JSON Lines of {"text": ...}; one result per line.')
        ] = False,
        tools: Annotated[
            bool, typer.Option("--tools", help="Input is a tool catalog: check it for tool poisoning.")
        ] = False,
        config: Annotated[Path | None, typer.Option("--config", help="weir.yaml whose detectors: to use.")] = None,
    ) -> None:
        """Find secrets, PII, hidden text and injections in text, or poisoning in a tool catalog."""
        if jsonl and tools:
            raise _fail("--jsonl and --tools cannot be combined")
        chain = _chain(config)
        if tools:
            status = _scan_tools(chain, source, as_json)
        elif jsonl:
            status = _scan_jsonl(chain, source)
        else:
            status = _scan_text(chain, source, as_json)
        raise typer.Exit(status)
