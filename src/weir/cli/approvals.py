"""`weir approvals`: list, approve and deny the calls a running gateway holds for an operator.

Talks to the gateway's console API (``/console/api``) with an operator's token — the gateway holds
the calls, checks the token and records each decision in the audit trail before it takes effect.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from weir.cli._exits import guarded
from weir.errors import WeirError
from weir.quoting import escaped, one_line, quote

__all__ = ["register"]

Url = Annotated[
    str | None,
    typer.Option("--url", help="The gateway's (or its console's) address, e.g. http://127.0.0.1:8080."),
]
Config = Annotated[Path | None, typer.Option("--config", "-c", help="A weir.yaml whose console.url to use.")]
Token = Annotated[
    str | None, typer.Option("--token", help="An operator's token (default: $WEIR_OPERATOR_TOKEN).", show_default=False)
]


def register(app: typer.Typer) -> None:
    """Add the `approvals` command group to ``app``."""
    group = typer.Typer(
        help="Calls a running gateway holds for an operator (gateway.confirm_fallback: queue).",
        no_args_is_help=True,
        rich_markup_mode=None,
    )
    group.command("list")(list_approvals)
    group.command("approve")(approve)
    group.command("deny")(deny)
    app.add_typer(group, name="approvals")


def list_approvals(
    *,
    url: Url = None,
    config: Config = None,
    token: Token = None,
    as_json: Annotated[bool, typer.Option("--json", help='One JSON object: {"approvals": [...]}.')] = False,
) -> None:
    """Every call waiting for an operator, oldest first: id, tool, session, why."""
    items = guarded(lambda: _client(url, config, token).approvals())
    if as_json:
        typer.echo(json.dumps({"approvals": items}, ensure_ascii=False))
        return
    if not items:
        typer.echo("nothing waits for approval")
    for item in items:
        # Every field is shown on its one line: what Weir did not write is quoted (weir.quoting).
        where = quote(f"{item.get('server')}/{item.get('tool')}")
        head = f"{escaped(str(item.get('id')))}  {where}  session={quote(item.get('session'))}"
        typer.echo(f"{head}  until {escaped(str(item.get('expiresAt')))}")
        for reason in item.get("reasons") or ():
            typer.echo(f"    {one_line(str(reason))}")


def approve(
    approval_id: Annotated[str, typer.Argument(metavar="ID", help="The id `weir approvals list` shows.")],
    *,
    reason: Annotated[str, typer.Option("--reason", "-r", help="Why (recorded in the audit trail).")] = "",
    url: Url = None,
    config: Config = None,
    token: Token = None,
) -> None:
    """Let a held call run."""
    _decide(approval_id, approve=True, reason=reason, url=url, config=config, token=token)


def deny(
    approval_id: Annotated[str, typer.Argument(metavar="ID", help="The id `weir approvals list` shows.")],
    *,
    reason: Annotated[str, typer.Option("--reason", "-r", help="Why (the client is told; the trail records it).")] = "",
    url: Url = None,
    config: Config = None,
    token: Token = None,
) -> None:
    """Refuse a held call (the client gets a blocked result naming you and your reason)."""
    _decide(approval_id, approve=False, reason=reason, url=url, config=config, token=token)


def _decide(
    approval_id: str, *, approve: bool, reason: str, url: str | None, config: Path | None, token: str | None
) -> None:
    answer = guarded(lambda: _client(url, config, token).decide(approval_id, approve=approve, reason=reason))
    item: dict[str, Any] = answer.get("approval") or {}
    verdict = "approved" if approve else "denied"
    typer.echo(
        f"{verdict} {item.get('server')}/{item.get('tool')} (session {item.get('session')}) as {answer.get('operator')}"
    )


def _client(url: str | None, config: Path | None, token: str | None) -> Any:
    from weir.config import load_config
    from weir.console.client import ConsoleClient

    secret = token or os.environ.get("WEIR_OPERATOR_TOKEN", "")
    if not secret:
        raise WeirError("an operator's token is needed: --token, or WEIR_OPERATOR_TOKEN")
    if url is None and config is not None:
        url = load_config(config).console.url
        if url is None:
            raise WeirError(f"{config}: console.url is not set; give --url")
    if url is None:
        raise WeirError("where is the gateway? give --url (or --config with console.url)")
    return ConsoleClient(url, secret)
