"""`weir gateway`: run the enforcing MCP proxy in front of the configured servers."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from weir.gateway.recording import SafeRecorder

__all__ = ["register"]


def _listen_address(http: str) -> tuple[str, int]:
    host, sep, port = http.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise typer.BadParameter(f"expected HOST:PORT, got {http!r}", param_hint="--http")
    return host.strip("[]"), int(port)


def gateway(
    *,
    config: Annotated[Path, typer.Option("--config", "-c", help="The weir.yaml to enforce.")] = Path("weir.yaml"),
    stdio: Annotated[bool, typer.Option("--stdio", help="Serve one client on stdin/stdout (the default).")] = False,
    http: Annotated[str | None, typer.Option("--http", metavar="HOST:PORT", help="Serve streamable HTTP.")] = None,
    record: Annotated[
        Path | None, typer.Option("--record", metavar="TRACE", help="Append a JSONL trace for `weir replay`.")
    ] = None,
) -> None:
    """Enforce the policy in front of every server in the config (stdio by default)."""
    from weir.config import load_config
    from weir.errors import WeirError
    from weir.gateway.runner import Listen, build_gateway, run

    if stdio and http:
        raise typer.BadParameter("choose --stdio or --http, not both")
    try:
        cfg = load_config(config)
        env_tokens = [t for t in os.environ.get("WEIR_GATEWAY_TOKENS", "").split(",") if t.strip()]
        tokens = [*cfg.gateway.tokens, *(t.strip() for t in env_tokens)]
        listen = Listen() if http is None else Listen(*_listen_address(http))
        recorder = _recorder(record) if record is not None else None
        problems = run(build_gateway(cfg, recorder=recorder), listen, tokens=tokens)
    except WeirError as exc:
        typer.echo(f"weir gateway: {exc}", err=True)
        raise typer.Exit(2) from exc
    except KeyboardInterrupt:
        return
    for problem in problems:
        typer.echo(f"weir gateway: upstream unavailable at start: {problem}", err=True)


def _recorder(path: Path) -> SafeRecorder:
    from weir.gateway.recording import open_recorder

    return open_recorder(path)


def register(app: typer.Typer) -> None:
    """Add `weir gateway` to the CLI."""
    app.command("gateway")(gateway)
