"""`weir gateway`: run the enforcing MCP proxy in front of the configured servers."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from weir.observe.config import LogFormat, LogLevel

if TYPE_CHECKING:
    from weir.config import WeirConfig
    from weir.console.config import Operator
    from weir.serving.deployment import Deployment
    from weir.serving.recording import SafeRecorder
    from weir.serving.runner import Listen

__all__ = ["register"]


def _address(value: str, option: str) -> tuple[str, int]:
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise typer.BadParameter(f"expected HOST:PORT, got {value!r}", param_hint=option)
    return host.strip("[]"), int(port)


def gateway(
    *,
    config: Annotated[Path, typer.Option("--config", "-c", help="The weir.yaml to enforce.")] = Path("weir.yaml"),
    stdio: Annotated[bool, typer.Option("--stdio", help="Serve one client on stdin/stdout (the default).")] = False,
    http: Annotated[str | None, typer.Option("--http", metavar="HOST:PORT", help="Serve streamable HTTP.")] = None,
    console: Annotated[
        str | None,
        typer.Option(
            "--console",
            metavar="HOST:PORT",
            help="Serve the operators' console, /metrics and health on a listener of its own "
            "(beside stdio, or away from the MCP address).",
        ),
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", metavar="TRACE", help="Append a JSONL trace for `weir replay`.")
    ] = None,
    require_upstreams: Annotated[
        bool, typer.Option("--require-upstreams", help="Refuse to start unless every upstream server connects.")
    ] = False,
    watch: Annotated[
        bool,
        typer.Option("--watch/--no-watch", help="Reload the policy when its files change (SIGHUP reloads either way)."),
    ] = True,
    log_level: Annotated[
        LogLevel | None, typer.Option("--log-level", help="Least severe log records written (default: from config).")
    ] = None,
    log_format: Annotated[
        LogFormat | None, typer.Option("--log-format", help="text or json log lines on stderr (default: from config).")
    ] = None,
) -> None:
    """Enforce the policy in front of every server in the config (stdio by default).

    The policy is reloaded on SIGHUP and when the config (or its policy file) changes; a policy
    that does not compile leaves the previous one in force.
    """
    from weir.config import load_config
    from weir.errors import WeirError
    from weir.serving.runner import run_deployment

    if stdio and http:
        raise typer.BadParameter("choose --stdio or --http, not both")
    try:
        cfg = load_config(config)
        if require_upstreams:
            cfg = cfg.model_copy(update={"gateway": cfg.gateway.model_copy(update={"require_upstreams": True})})
        _logging(cfg, log_level, log_format)
        tokens, operators = _principals(cfg)
        listen = _listen(http, console)
        deployment = _deployment(cfg, config, operators, record)
        asyncio.run(run_deployment(deployment, listen, tokens=tokens, watch_s=1.0 if watch else None))
    except WeirError as exc:
        typer.echo(f"weir gateway: {exc}", err=True)
        raise typer.Exit(2) from exc
    except KeyboardInterrupt:
        return


def _listen(http: str | None, console: str | None) -> Listen:
    from weir.serving.runner import Listen

    host, port = _address(http, "--http") if http is not None else (None, 0)
    console_host, console_port = _address(console, "--console") if console is not None else (None, 0)
    return Listen(host, port, console_host, console_port)


def _principals(cfg: WeirConfig) -> tuple[list[str], list[Operator]]:
    """MCP client tokens and operators, from the config and the environment; never the same token."""
    from weir.console.config import Operator
    from weir.errors import ConfigError
    from weir.serving.deployment import check_principals

    env_tokens = [t.strip() for t in os.environ.get("WEIR_GATEWAY_TOKENS", "").split(",") if t.strip()]
    tokens = [*cfg.gateway.tokens, *env_tokens]
    operators = list(cfg.console.operators)
    for item in (x.strip() for x in os.environ.get("WEIR_OPERATOR_TOKENS", "").split(",") if x.strip()):
        name, sep, token = item.partition(":")
        try:
            operators.append(Operator(name=name, token=token) if sep else Operator(name="", token=""))
        except ValueError as exc:
            raise ConfigError(
                f"WEIR_OPERATOR_TOKENS: expected name:token (token of 16+ characters), got {name!r}…"
            ) from exc
    check_principals(tokens, operators)
    return tokens, operators


def _logging(cfg: WeirConfig, level: LogLevel | None, fmt: LogFormat | None) -> None:
    from weir.observe.logs import configure

    configure(level or cfg.observability.log_level, fmt or cfg.observability.log_format)


def _deployment(cfg: WeirConfig, path: Path, operators: list[Operator], record: Path | None) -> Deployment:
    from weir.serving.deployment import build_deployment
    from weir.serving.reloading import PolicyReloader

    tracer = None
    if cfg.observability.traces:
        from weir.observe.tracing import configure_exporter, otel_tracer

        configure_exporter()
        tracer = otel_tracer()
    recorder = _recorder(record) if record is not None else None
    deployment = build_deployment(cfg, operators=operators, recorder=recorder, tracer=tracer)
    if deployment.guard is not None:
        metrics = deployment.metrics
        deployment.reloader = PolicyReloader(
            path,
            deployment.guard,
            cfg,
            audit=deployment.gateway.pipeline.audit,
            on_outcome=lambda outcome: metrics.reloads.inc(outcome=outcome),
        )
    return deployment


def _recorder(path: Path) -> SafeRecorder:
    from weir.serving.recording import open_recorder

    return open_recorder(path)


def register(app: typer.Typer) -> None:
    """Add `weir gateway` to the CLI."""
    app.command("gateway")(gateway)
