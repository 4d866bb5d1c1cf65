"""`weir audit`: read, export and verify the audit trail (a SQLite file, or a PostgreSQL database).

A PostgreSQL trail is named by ``--dsn-env NAME`` (the variable holding its DSN), by a config
whose ``audit.postgresql.dsnEnv`` names one, or by ``--db postgresql://…``. The DSN is never
printed: messages say where it came from (the variable, or "--db").
"""

from __future__ import annotations

import getpass
import sys
from collections.abc import Iterator
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from weir.audit.event import EffectName, Phase  # the --phase and --effect choices
from weir.cli import _evidence as evidence
from weir.cli._exits import guarded
from weir.errors import AuditError, WeirError
from weir.quoting import escaped, one_line, quote

if TYPE_CHECKING:
    from weir.audit import Anchor, AuditStore, StoredEvent, VerifyReport

# The stores, the readers and the config are imported where a command runs: `weir --help` and
# every other command import this module too (cli/app.py registers them all).

__all__ = ["register"]

T = TypeVar("T")

Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="The audit database: a SQLite file, or a postgresql:// URL (prefer --dsn-env: a command line "
        "is visible to other users). Default: from --config, else weir-audit.db.",
    ),
]
DsnEnv = Annotated[
    str | None,
    typer.Option("--dsn-env", metavar="NAME", help="The environment variable holding a PostgreSQL trail's DSN."),
]
Config = Annotated[
    Path | None, typer.Option("--config", "-c", help="A weir.yaml whose `audit.path` names the database.")
]
Json = Annotated[bool, typer.Option("--json", help="One JSON object per event: id, hash, prevHash, event.")]
Full = Annotated[bool, typer.Option("--full", help="Every reason and finding, each in full (lines get long).")]
KeyEnv = Annotated[
    str | None,
    typer.Option(
        "--key-env", metavar="NAME", help="The environment variable holding the anchor log's key (checks its MACs)."
    ),
]


def register(app: typer.Typer) -> None:
    """Add the `audit` command group to ``app``."""
    group = typer.Typer(
        help="Read, export and verify the hash-chained audit trail.", no_args_is_help=True, rich_markup_mode=None
    )
    group.command("tail")(tail)
    group.command("query")(query)
    group.command("export")(export)
    group.command("verify")(verify)
    group.command("head")(head)
    group.command("adopt")(adopt)
    group.command("show")(evidence.show)
    group.command("verify-evidence")(evidence.verify_evidence)
    app.add_typer(group, name="audit")


def tail(
    *,
    db: Db = None,
    dsn_env: DsnEnv = None,
    config: Config = None,
    n: Annotated[int, typer.Option("-n", help="How many of the last events.")] = 20,
    follow_: Annotated[bool, typer.Option("--follow", "-f", help="Keep printing events as they arrive.")] = False,
    as_json: Json = False,
    full: Full = False,
) -> None:
    """Print the last events (and, with --follow, new ones as they arrive; Ctrl-C stops)."""
    with _open(db, config, dsn_env=dsn_env) as store:
        last = 0
        for item in store.tail(n):
            _print(item, as_json, full)
            last = item.id
        if follow_:
            from weir.audit.read import follow

            try:
                for item in _each(follow(store, after_id=last)):
                    _print(item, as_json, full)
            except KeyboardInterrupt:
                return


def query(
    *,
    db: Db = None,
    dsn_env: DsnEnv = None,
    config: Config = None,
    session: Annotated[str | None, typer.Option(help="Agent session id.")] = None,
    server: Annotated[str | None, typer.Option(help="Upstream server name.")] = None,
    tool: Annotated[str | None, typer.Option(help="Tool name.")] = None,
    phase: Annotated[Phase | None, typer.Option(help="Which step (operator: what operators did).")] = None,
    effect: Annotated[EffectName | None, typer.Option(help="The decision's effect.")] = None,
    since: Annotated[str | None, typer.Option(help="ISO 8601 time: events at or after it.")] = None,
    until: Annotated[str | None, typer.Option(help="ISO 8601 time: events before it.")] = None,
    limit: Annotated[int | None, typer.Option(help="At most this many events.")] = None,
    as_json: Json = False,
    full: Full = False,
) -> None:
    """Print the events matching every filter given, oldest first."""
    from weir.audit import AuditQuery

    with _open(db, config, dsn_env=dsn_env) as store:
        q = AuditQuery(
            session=session,
            server=server,
            tool=tool,
            phase=phase,
            effect=effect,
            since=_time(since),
            until=_time(until),
            limit=limit,
        )
        for item in _each(store.query(q)):
            _print(item, as_json, full)


def export(
    out: Annotated[Path | None, typer.Argument(help="Output file (default: standard output).")] = None,
    *,
    jsonl: Annotated[bool, typer.Option("--jsonl", help="JSON Lines, one event per line (the only format).")] = True,
    db: Db = None,
    dsn_env: DsnEnv = None,
    config: Config = None,
) -> None:
    """Write the whole trail as JSON Lines: {"id","hash","prevHash","event"} per line, in chain order."""
    from weir.audit.read import export_jsonl

    with _open(db, config, dsn_env=dsn_env) as store:
        if out is None or str(out) == "-":
            guarded(lambda: export_jsonl(store, sys.stdout))
            return
        count = guarded(partial(_export_file, store, out))
        typer.echo(f"exported {count} events to {out}", err=True)


def verify(
    *,
    db: Db = None,
    dsn_env: DsnEnv = None,
    config: Config = None,
    anchor: Annotated[
        list[Path] | None, typer.Option(help="Anchors exported with `weir audit head` (repeatable).")
    ] = None,
    jsonl: Annotated[Path | None, typer.Option(help="Verify this export instead of a database.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    key_env: KeyEnv = None,
) -> None:
    """Check the hash chain, its anchor log (and anchors); exit 1 with the first problem when tampered with.

    Warnings (what could not be checked) go to stderr and leave the exit code at 0.
    """
    from weir.audit.read import load_anchors

    anchors: list[Anchor] = []
    for path in anchor or ():
        anchors.extend(guarded(partial(load_anchors, path)))
    if jsonl is not None:
        report = guarded(partial(_verify_file, jsonl, anchors))
    else:
        with _open(db, config, key_env, dsn_env=dsn_env) as store:
            report = guarded(lambda: store.verify(anchors))
    if as_json:
        typer.echo(report.model_dump_json(exclude_none=True))
    for warning in report.warnings:
        typer.echo(f"warning: {warning}", err=True)
    if report.problem is not None:
        typer.echo(f"TAMPERED: {report.problem.message} (after {report.checked} good rows)", err=True)
        raise typer.Exit(1)
    if not as_json:
        head_text = f"; head #{report.head.id} {report.head.hash}" if report.head else ""
        typer.echo(f"ok: {report.checked} events, chain intact{head_text}")


def _export_file(store: AuditStore, out: Path) -> int:
    from weir.audit.read import export_jsonl

    try:
        with out.open("w", encoding="utf-8") as fh:
            return export_jsonl(store, fh)
    except OSError as exc:
        raise AuditError(f"cannot write {out}: {exc.strerror or exc}") from exc


def _verify_file(path: Path, anchors: list[Anchor]) -> VerifyReport:
    from weir.audit.read import verify_export

    try:
        with path.open(encoding="utf-8") as fh:
            return verify_export(fh, anchors)
    except OSError as exc:
        raise AuditError(f"cannot read {path}: {exc.strerror or exc}") from exc


def head(*, db: Db = None, dsn_env: DsnEnv = None, config: Config = None) -> None:
    """Print the chain's head as a JSON anchor; keep it elsewhere and pass it to `verify --anchor`."""
    with _open(db, config, dsn_env=dsn_env) as store:
        anchor = guarded(store.head)
    if anchor is None:
        typer.echo("the audit trail is empty", err=True)
        raise typer.Exit(1)
    typer.echo(anchor.model_dump_json(exclude_none=True))


def adopt(
    *,
    through: Annotated[int, typer.Option(help="Adopt the rows up to and including this id.", min=1)],
    reason: Annotated[str, typer.Option(help="Why (recorded in the audit event).")],
    operator: Annotated[str | None, typer.Option(help="Who adopts them (recorded; the login name by default).")] = None,
    db: Db = None,
    dsn_env: DsnEnv = None,
    config: Config = None,
    key_env: KeyEnv = None,
) -> None:
    """Accept rows nobody's key vouched for (after looking at them): an audited operator event.

    `weir audit verify` fails on rows a writer found without anchor log lines until they are
    adopted; this appends an operator event (action `adopt-rows`) that says who adopted rows
    1..THROUGH and why. Give the trail's key (`--key-env` or the config's): the event must itself
    be vouched for.
    """
    from weir.audit.adoption import ADOPT_ACTION
    from weir.audit.event import AuditEvent

    who = operator or getpass.getuser()
    with _open(db, config, key_env, dsn_env=dsn_env) as store:
        head_anchor = guarded(store.head)
        if head_anchor is None or through > head_anchor.id:
            typer.echo(f"error: the trail ends at row {head_anchor.id if head_anchor else 0}", err=True)
            raise typer.Exit(2)
        details = {"action": ADOPT_ACTION, "first": 1, "through": through, "operator": who, "reason": reason}
        row = guarded(lambda: store.append(AuditEvent(phase=Phase.OPERATOR, details=details)))
    typer.echo(f"adopted rows 1..{through} as {quote(who)} (row {row.id})")


def _open(db: str | None, config: Path | None, key_env: str | None = None, *, dsn_env: str | None = None) -> AuditStore:
    """The store to read; ``key_env`` (else the config's ``audit.anchorKeyEnv``) names the log's key;
    ``dsn_env`` (else a ``postgresql://`` ``db``, else the config's ``audit.postgresql``) a PostgreSQL trail."""
    from weir.audit import AuditConfig, resolve_path
    from weir.audit.config import PostgresConfig
    from weir.audit.dsn import Dsn, is_postgres_url
    from weir.audit.opening import open_trail
    from weir.config import load_config

    def opened() -> AuditStore:
        keyed = {} if key_env is None else {"anchor_key_env": key_env}
        if dsn_env is not None:
            return open_trail(AuditConfig(postgresql=PostgresConfig(dsn_env=dsn_env), **keyed), create=False)
        if db is not None and is_postgres_url(db):
            return open_trail(AuditConfig(**keyed), dsn=Dsn(db, "the DSN given with --db"), create=False)
        if db is not None:
            return open_trail(AuditConfig(path=db, **keyed), create=False)
        if config is not None:
            cfg = load_config(config)
            return open_trail(cfg.audit.model_copy(update=keyed), base_dir=cfg.base_dir, create=False)
        return open_trail(AuditConfig(path=str(resolve_path(AuditConfig())), **keyed), create=False)

    return guarded(opened)


def _each(items: Iterator[T]) -> Iterator[T]:
    """Stream items; a WeirError part-way (an unreadable row) becomes a message and exit code 2."""
    try:
        yield from items
    except WeirError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc


def _time(text: str | None) -> datetime | None:
    from weir.audit.read import parse_time

    return None if text is None else guarded(lambda: parse_time(text))


def _print(item: StoredEvent, as_json: bool, full: bool = False) -> None:
    from weir.audit.read import stored_json

    typer.echo(stored_json(item) if as_json else _line(item, full=full))


_REASON = 160
"""Characters of each reason a line shows (``--full`` shows them whole)."""


def _line(item: StoredEvent, *, full: bool = False) -> str:
    """One event on one line: what, where, the decision, and why — reasons cut to a readable length."""
    from weir.audit.event import format_time

    e = item.event
    where = quote("/".join(x for x in (e.server, e.tool) if x)) if (e.server or e.tool) else "-"
    parts = [f"#{item.id}", format_time(e.time)[:-4] + "Z", e.phase.value, where]
    if e.decision is not None:
        applied = e.decision.applied
        parts.append(e.decision.effect + (f"→{applied}" if applied and applied != e.decision.effect else ""))
    if e.session:
        parts.append(f"session={quote(e.session)}")
    if e.latency_ms is not None:
        parts.append(f"{e.latency_ms:.1f}ms")
    if e.upstream_error:
        parts.append(f"upstream-error={quote(e.upstream_error, limit=_limit(full))}")
    why = _why(item, full)
    if why:
        parts.append("— " + why)
    return " ".join(parts)


def _why(item: StoredEvent, full: bool) -> str:
    e = item.event
    details = e.details or {}
    who = details.get("operator") or details.get("by")
    if who and details.get("action"):
        reason = f": {quote(details['reason'], limit=_limit(full))}" if details.get("reason") else ""
        return f"{escaped(str(details['action']))} by {escaped(str(who))}{reason}"
    if e.decision is not None and e.decision.reasons:
        reasons = [_cut(r, full) for r in e.decision.reasons]
        shown = reasons if full else reasons[:2]
        more = f" (+{len(reasons) - 2} more)" if not full and len(reasons) > 2 else ""
        return "; ".join(shown) + more
    findings = details.get("findings")
    if isinstance(findings, list) and findings:  # a tool list's: poisoning and pinning findings
        shown = findings if full else findings[:3]
        more = f" (+{len(findings) - 3} more)" if not full and len(findings) > 3 else ""
        return f"{len(findings)} finding(s): " + "; ".join(_cut(str(f), full) for f in shown) + more
    return ""


def _cut(text: str, full: bool) -> str:
    """A reason (Weir's words, its untrusted parts already quoted) on one line, cut unless ``full``.

    Escaped again: a record written before reasons quoted their untrusted parts may hold any text.
    """
    text = one_line(text)
    return text if full or len(text) <= _REASON else text[: _REASON - 1] + "…"


def _limit(full: bool) -> int:
    return 1_000_000 if full else _REASON
