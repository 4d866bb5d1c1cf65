"""`weir pins`: the tool definitions the gateway pinned — list them, diff a held one, approve it.

A tool whose definition is not the approved one is *held* (quarantined: its calls are confirmed,
or blocked where the client cannot be asked) until ``weir pins approve`` accepts the definition
the gateway last saw. Pins live in the audit database (``audit.path`` of weir.yaml, or ``--db``);
an approval is recorded in that audit trail before it takes effect.
"""

from __future__ import annotations

import getpass
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer

from weir.cli._exits import fail, guarded

if TYPE_CHECKING:  # the fleet's store imports redis: only when the config names it
    from weir.audit import AuditConfig
    from weir.audit.pins import PinRow, SqlitePinStore
    from weir.detect.pinning import ToolPin
    from weir.state.pins import RedisPinStore

# The audit store, the config and the pins' diff are imported where a command runs: `weir --help`
# and every other command import this module too (cli/app.py registers them all).

__all__ = ["register"]

Db = Annotated[Path | None, typer.Option("--db", help="The audit database holding the pins (default: from --config).")]
Config = Annotated[
    Path | None, typer.Option("--config", "-c", help="A weir.yaml whose `audit.path` names the database.")
]


def register(app: typer.Typer) -> None:
    """Add the `pins` command group to ``app``."""
    group = typer.Typer(
        help="Tool pins: list them, show what changed in a held tool, approve its new definition.",
        no_args_is_help=True,
        rich_markup_mode=None,
    )
    group.command("list")(list_pins)
    group.command("diff")(diff)
    group.command("approve")(approve_pins)
    app.add_typer(group, name="pins")


def list_pins(
    servers: Annotated[list[str] | None, typer.Argument(help="Only these servers (default: all).")] = None,
    *,
    db: Db = None,
    config: Config = None,
    as_json: Annotated[bool, typer.Option("--json", help='One JSON object: {"pins": [...]}.')] = False,
) -> None:
    """Every pinned tool: server, tool, status, when and by whom it was approved. Exit 1 while a tool is held."""
    from weir.audit.pins import pin_rows

    with _pins(db, config) as store:
        rows = guarded(lambda: pin_rows(store, servers or ()))
    if as_json:
        typer.echo(json.dumps({"pins": [_row_json(r) for r in rows]}, ensure_ascii=False))
    else:
        for line in _table(rows):
            typer.echo(line)
    if any(r.held for r in rows):
        raise typer.Exit(1)


def diff(
    server: Annotated[str, typer.Argument(help="The server, as named in weir.yaml.")],
    tool: Annotated[str | None, typer.Argument(help="One tool (default: every held tool of the server).")] = None,
    *,
    db: Db = None,
    config: Config = None,
) -> None:
    """The approved vs the last seen definition of each held tool. Exit 1 when one differs."""
    from weir.audit.pins import pin_rows
    from weir.detect.pinning import held_changes

    with _pins(db, config) as store:
        rows = guarded(lambda: pin_rows(store, [server]))
    if tool is not None:
        rows = [r for r in rows if r.tool == tool]
        if not rows:
            fail(f"server {server!r} has no tool {tool!r} pinned")
    held = [r for r in rows if r.held]
    for row in held:
        typer.echo(f"{row.server}/{row.tool}: {_summary(row.pin)}")
        for line in held_changes(row.pin, limit=None, width=None):
            typer.echo(f"  {line}")
    if not held:
        typer.echo(f"{server}{'/' + tool if tool else ''}: nothing waits for approval")
        return
    raise typer.Exit(1)


def approve_pins(
    server: Annotated[str, typer.Argument(help="The server, as named in weir.yaml.")],
    tools: Annotated[list[str] | None, typer.Argument(help="The tools (default: every held tool).")] = None,
    *,
    by: Annotated[str | None, typer.Option("--by", help="Who approves (default: the logged-in user).")] = None,
    db: Db = None,
    config: Config = None,
) -> None:
    """Accept the definitions the gateway last saw as approved; recorded in the audit trail first."""
    from weir.audit.opening import open_trail
    from weir.audit.pins import approve

    who = by or _user()
    _, audit_config = _where(db, config)
    pins = _pins(db, config)
    with pins, guarded(lambda: open_trail(audit_config, create=False)) as audit:
        approved = guarded(lambda: approve(pins, audit, server, tools or [], by=who))
    if not approved:
        typer.echo(f"{server}: nothing waits for approval")
    for name, digest in sorted(approved.items()):
        typer.echo(f"approved {server}/{name} (sha256 {digest[:16]}…) by {who}")


def _where(db: Path | None, config: Path | None) -> tuple[Path, AuditConfig]:
    """The database file and the audit settings to open it with."""
    from weir.audit import AuditConfig, resolve_path
    from weir.config import load_config

    if db is not None:
        return db, AuditConfig(path=str(db))
    if config is not None:
        cfg = guarded(lambda: load_config(config))
        if cfg.audit.path == ":memory:":
            fail(f"{config}: `audit.path` is :memory:, so the gateway keeps no pins")
        path = resolve_path(cfg.audit, cfg.base_dir)
        return path, cfg.audit.model_copy(update={"path": str(path)})
    path = resolve_path(AuditConfig())
    return path, AuditConfig(path=str(path))


def _pins(db: Path | None, config: Path | None) -> SqlitePinStore | RedisPinStore:
    """The pin store: the fleet's in Redis when the config has ``state.redis``, else the audit database's."""
    from weir.audit.pins import SqlitePinStore
    from weir.config import load_config

    if db is None and config is not None:
        cfg = guarded(lambda: load_config(config))
        if cfg.state.redis is not None:
            from weir.serving.fleet import open_shared_pins

            return cast("RedisPinStore", guarded(lambda: open_shared_pins(cfg)))
    path, _ = _where(db, config)
    return guarded(lambda: SqlitePinStore(path, create=False))


def _table(rows: list[PinRow]) -> list[str]:
    head = ("SERVER", "TOOL", "STATUS", "APPROVED", "BY", "SEEN")
    cells = [head] + [
        (
            r.server,
            r.tool,
            r.pin.status,
            r.pin.approved.at if r.pin.approved else "-",
            r.pin.by or "-",
            r.pin.seen.at if r.pin.seen else "-",
        )
        for r in rows
    ]
    widths = [max(len(c[i]) for c in cells) for i in range(len(head))]
    return ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in cells]


def _row_json(row: PinRow) -> dict[str, object]:
    pin = row.pin
    return {
        "server": row.server,
        "tool": row.tool,
        "status": pin.status,
        "approvedAt": pin.approved.at if pin.approved else None,
        "approvedHash": pin.approved.hash if pin.approved else None,
        "by": pin.by,
        "seenAt": pin.seen.at if pin.seen else None,
        "seenHash": pin.seen.hash if pin.seen else None,
    }


def _summary(pin: ToolPin) -> str:
    seen = f"seen {pin.seen.at}" if pin.seen else ""
    if pin.approved is None:
        return f"added, never approved; {seen}"
    return f"changed; approved {pin.approved.at} by {pin.by or 'unknown'}, {seen}"


def _user() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no login name in this environment
        return "operator"
