"""The hash chain: how each stored row is bound to the one before it, and how to check it.

Row ``n`` stores ``prev_hash`` (row ``n-1``'s hash, or 64 zeros for row 1) and

    hash = sha256(prev_hash || canonical JSON of {"event": <event>, "id": n})

where ``prev_hash`` is the lower-case hex text, and canonical JSON has sorted keys, no
whitespace, UTF-8 (``json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)``).
The event is stored as that same canonical text, so any verifier — in any language — hashes the
stored bytes without re-serialising anything.

What a walk of the chain detects: a row edited, deleted, inserted or moved (its own hash, the next
row's ``prev_hash`` or the id sequence stops matching), and an indexed column that disagrees with
the event it belongs to. What it cannot detect on its own: the tail cut off, or the file rewritten
from some row on with freshly computed hashes — there is no secret in the chain. Anchors close that
gap: an anchor is a (row id, hash) pair remembered elsewhere; a row missing or different at an
anchor's id is reported. Anchors recorded inside the database catch a naive truncation; the anchor
log beside it (:mod:`weir.audit.anchorlog`, one per commit, checked by :mod:`weir.audit.logcheck`)
catches a cut tail without anything exported; anchors exported with ``weir audit head`` to storage
the attacker cannot reach catch everything up to them.
"""

from __future__ import annotations

import hashlib
import json
import json.encoder
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from weir.labels.base import WeirModel

__all__ = [
    "GENESIS",
    "Anchor",
    "ChainRow",
    "Problem",
    "VerifyReport",
    "canonical_json",
    "chain_hash",
    "chain_hash_utf8",
    "index_columns",
    "verify_rows",
]

GENESIS = "0" * 64
"""The ``prev_hash`` of the first row."""


class Anchor(WeirModel):
    """The chain's head at some row: export it, and a later ``verify`` proves the chain still has it."""

    id: int
    """The row id."""
    hash: str
    """That row's hash."""
    time: str | None = None
    """The row's event time, for humans."""


class Problem(WeirModel):
    """The first thing wrong with a chain."""

    id: int
    """The first bad row id (for a missing row: the id that should have been there)."""
    kind: str
    """``hash``, ``chain``, ``missing``, ``column``, ``json``, ``anchor``, ``truncated`` or ``log``."""
    message: str
    """What is wrong, precisely enough to investigate."""


class VerifyReport(WeirModel):
    """The outcome of checking a chain."""

    ok: bool
    """True when no problem was found."""
    checked: int
    """Rows walked."""
    head: Anchor | None = None
    """The last row's id and hash (``None`` for an empty chain)."""
    problem: Problem | None = None
    """The first problem, when not ok."""
    warnings: tuple[str, ...] = ()
    """What could not be checked, or looks like a crash rather than tampering (the chain may be intact)."""


class ChainRow(NamedTuple):
    """One stored row as a verifier sees it."""

    id: int
    prev_hash: str
    hash: str
    event: str
    columns: Mapping[str, Any]


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
"""The reference encoder: ``json.dumps`` with these options."""


def one_shot(encoder: json.JSONEncoder) -> Callable[[Any], str]:
    """``encoder.encode``, with its C encoder built once instead of on every call.

    Without circular-reference markers (a shared markers dict is left dirty by a failed encode
    and is not safe across threads): a circular value raises ``RecursionError`` instead of
    ``ValueError``, and the store treats both as "cannot be stored as JSON". Falls back to
    ``encode`` where the C accelerator is missing or the encoder indents.
    """
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None or encoder.indent is not None:
        return encoder.encode
    text = json.encoder.encode_basestring_ascii if encoder.ensure_ascii else json.encoder.encode_basestring
    built = make(
        None,
        encoder.default,
        text,
        None,
        encoder.key_separator,
        encoder.item_separator,
        encoder.sort_keys,
        encoder.skipkeys,
        encoder.allow_nan,
    )
    return lambda value: "".join(built(value, 0))


_encode = one_shot(_CANONICAL)


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 text; NaN and infinities refused (not JSON)."""
    return _encode(value)


def chain_hash(prev_hash: str, row_id: int, event_json: str) -> str:
    """The hash of row ``row_id`` holding ``event_json`` (already canonical) after ``prev_hash``."""
    # {"event": ..., "id": n} with sorted keys is exactly this concatenation.
    row = f'{{"event":{event_json},"id":{row_id}}}'
    return hashlib.sha256((prev_hash + row).encode("utf-8")).hexdigest()


def chain_hash_utf8(prev_hash: str, row_id: int, event_utf8: bytes) -> str:
    """:func:`chain_hash` of an event text already encoded as UTF-8 (no copy of the text is made)."""
    digest = hashlib.sha256((prev_hash + '{"event":').encode("utf-8"))
    digest.update(event_utf8)
    digest.update(b',"id":%d}' % row_id)
    return digest.hexdigest()


def index_columns(event: Mapping[str, Any]) -> dict[str, Any]:
    """The columns a store indexes, derived from an event's JSON (so a verifier can recompute them)."""
    decision = event.get("decision") or {}
    return {
        "time": event.get("time"),
        "phase": event.get("phase"),
        "session": event.get("session"),
        "connection": event.get("connection"),
        "server": event.get("server"),
        "tool": event.get("tool"),
        "effect": decision.get("effect"),
        "applied": decision.get("applied"),
    }


def verify_rows(rows: Iterable[ChainRow], anchors: Sequence[Anchor] = ()) -> VerifyReport:
    """Walk rows in id order and report the first problem; then check every anchor against them."""
    wanted = {a.id: a for a in anchors}
    seen: dict[int, str] = {}
    prev_id, prev_hash, last, checked = 0, GENESIS, None, 0
    for row in rows:
        problem = _check_row(row, prev_id, prev_hash)
        if problem is not None:
            return VerifyReport(ok=False, checked=checked, head=_anchor(last), problem=problem)
        if row.id in wanted:
            seen[row.id] = row.hash
        prev_id, prev_hash, last, checked = row.id, row.hash, row, checked + 1
    problem = _check_anchors(anchors, seen, prev_id)
    return VerifyReport(ok=problem is None, checked=checked, head=_anchor(last), problem=problem)


def _anchor(row: ChainRow | None) -> Anchor | None:
    return None if row is None else Anchor(id=row.id, hash=row.hash, time=row.columns.get("time"))


def _check_row(row: ChainRow, prev_id: int, prev_hash: str) -> Problem | None:
    if row.id != prev_id + 1:
        missing = f"row {prev_id + 1}" if row.id == prev_id + 2 else f"rows {prev_id + 1}..{row.id - 1}"
        return Problem(id=prev_id + 1, kind="missing", message=f"{missing} missing: row {row.id} follows row {prev_id}")
    if row.prev_hash != prev_hash:
        return Problem(
            id=row.id,
            kind="chain",
            message=f"row {row.id}: prev_hash {row.prev_hash[:16]}… does not match row {prev_id}'s hash "
            f"{prev_hash[:16]}… (a row was inserted, removed or moved here)",
        )
    if chain_hash(prev_hash, row.id, row.event) != row.hash:
        return Problem(
            id=row.id, kind="hash", message=f"row {row.id}: content does not match its hash (the row was edited)"
        )
    return _check_columns(row)


def _check_columns(row: ChainRow) -> Problem | None:
    try:
        event = json.loads(row.event)
    except ValueError as exc:
        return Problem(id=row.id, kind="json", message=f"row {row.id}: event is not JSON: {exc}")
    if not isinstance(event, dict):
        return Problem(id=row.id, kind="json", message=f"row {row.id}: event is not a JSON object")
    expected = index_columns(event)
    for name, value in row.columns.items():
        if name in expected and expected[name] != value:
            return Problem(
                id=row.id,
                kind="column",
                message=f"row {row.id}: column {name!r} is {value!r} but the event says {expected[name]!r}",
            )
    return None


def _check_anchors(anchors: Sequence[Anchor], seen: Mapping[int, str], last_id: int) -> Problem | None:
    for anchor in sorted(anchors, key=lambda a: a.id):
        if anchor.id > last_id:
            return Problem(
                id=last_id + 1,
                kind="truncated",
                message=f"the chain ends at row {last_id} but an anchor records row {anchor.id} "
                f"(hash {anchor.hash[:16]}…): rows {last_id + 1}..{anchor.id} or more were removed",
            )
        if seen.get(anchor.id) != anchor.hash:
            return Problem(
                id=anchor.id,
                kind="anchor",
                message=f"row {anchor.id}: hash {str(seen.get(anchor.id))[:16]}… differs from the anchor's "
                f"{anchor.hash[:16]}… (the chain was rewritten from here or earlier)",
            )
    return None
