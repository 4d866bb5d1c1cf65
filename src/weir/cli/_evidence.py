"""`weir audit show REF` and `weir audit verify-evidence RESULT.json`: the evidence Weir gives.

A result Weir released names its decision's audit record in a trust-annotations ``evidenceRef``
of type ``policy-decision`` (:mod:`weir.audit.evidence`). ``show`` prints the record a reference
names; ``verify-evidence`` re-derives every such reference of a saved result from the trail, so
what Weir decided is checked against the trail rather than believed from the wire.

Exit codes: 0 every reference verifies (or the record was found), 1 a reference is missing from
the trail or does not match its record (or the result carries none), 2 bad input.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer

from weir.audit.event import Phase
from weir.audit.evidence import decision_evidence, find, reference, references_in, verifies
from weir.audit.read import stored_json
from weir.audit.store import StoredEvent
from weir.cli._exits import guarded
from weir.quoting import quote

__all__ = ["show", "verify_evidence"]

_PHASES = (Phase.RESULT, Phase.MESSAGE, Phase.CALL)
"""Where a referenced record may be (results first: that is where the pipeline puts them)."""

Db = Annotated[
    str | None,
    typer.Option("--db", help="The audit database or postgresql:// DSN (default: from --config, else weir-audit.db)."),
]
Config = Annotated[
    Path | None, typer.Option("--config", "-c", help="A weir.yaml whose `audit.path` names the database.")
]


def show(
    ref: Annotated[str, typer.Argument(help="The evidenceRef's `ref` (urn:weir:audit:…).")],
    *,
    db: Db = None,
    config: Config = None,
    as_json: Annotated[bool, typer.Option("--json", help="The stored record: id, hash, prevHash, event.")] = False,
) -> None:
    """Print the audit record a policy-decision evidenceRef names, and the digest it must carry."""
    from weir.cli.audit import _line, _open  # the audit group's own opener and line format

    with _open(db, config) as store:
        found = guarded(lambda: find(store, ref, phases=_PHASES))
    if found is None:
        typer.echo(f"not found: no audit record is named {quote(ref)}", err=True)
        raise typer.Exit(1)
    if as_json:
        typer.echo(stored_json(found))
        return
    expected = reference(found.event)
    typer.echo(_line(found, full=True))
    typer.echo(f"evidence: {expected.digest} ({expected.canonicalization}) of {_evidence_text(found)}")


def verify_evidence(
    result: Annotated[str, typer.Argument(help="A saved tool result (or its JSON-RPC response) as JSON; - for stdin.")],
    *,
    db: Db = None,
    config: Config = None,
) -> None:
    """Re-derive every policy-decision evidenceRef in RESULT from the audit trail."""
    from weir.cli.audit import _open

    refs = references_in(_result_of(_load(result)))
    if not refs:
        typer.echo(f"no policy-decision evidenceRef in {quote(result)}", err=True)
        raise typer.Exit(1)
    failed = 0
    with _open(db, config) as store:
        for wire in refs:
            name = wire.get("ref")
            found = guarded(partial(find, store, name, phases=_PHASES)) if isinstance(name, str) else None
            if found is None:
                typer.echo(f"NOT FOUND: {quote(str(name))} names no record in the trail", err=True)
                failed += 1
            elif not verifies(wire, found):
                typer.echo(f"MISMATCH: {quote(str(name))} does not re-derive from record #{found.id}", err=True)
                failed += 1
            else:
                typer.echo(f"ok: {quote(str(name))} is record #{found.id}: {_evidence_text(found)}")
    if failed:
        raise typer.Exit(1)


def _evidence_text(found: StoredEvent) -> str:
    """What the digest covers, in a line: the step and the decision."""
    ev = decision_evidence(found.event)
    where = "/".join(str(x) for x in (ev["server"], ev["tool"]) if x)
    rules = ", ".join(f"{r['name']}={r['effect']}" for r in ev["rules"]) or "no rule matched"
    return f"{ev['phase']} {quote(where)} at {ev['time']}: {ev['effect']}→{ev['applied']} ({quote(rules)})"


def _load(source: str) -> Any:
    """The JSON value in ``source`` (a path, or ``-``); a precise message and exit 2 otherwise."""
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        typer.echo(f"error: cannot read {quote(source)}: {exc}", err=True)
        raise typer.Exit(2) from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        typer.echo(f"error: {quote(source)} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", err=True)
        raise typer.Exit(2) from exc


def _result_of(value: Any) -> Any:
    """A JSON-RPC response's ``result``, or the value itself (a bare result)."""
    if isinstance(value, Mapping) and isinstance(value.get("result"), Mapping) and "jsonrpc" in value:
        return value["result"]
    return value
