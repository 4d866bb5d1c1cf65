"""Reading the trail back: following it as it grows, exporting it, and loading exported anchors."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from pydantic import ValidationError

from weir.audit.chain import Anchor, ChainRow, Problem, VerifyReport, canonical_json, index_columns, verify_rows
from weir.audit.store import AuditQuery, AuditStore, StoredEvent
from weir.errors import AuditError

__all__ = ["export_jsonl", "follow", "load_anchors", "parse_time", "stored_json", "verify_export"]


def follow(
    store: AuditStore,
    *,
    after_id: int = 0,
    poll_s: float = 0.25,
    stop: Callable[[], bool] = lambda: False,
) -> Iterator[StoredEvent]:
    """Events with an id above ``after_id`` as they are appended (another process may append),
    until ``stop()`` is true. Polls: SQLite has no change notification across processes."""
    while not stop():
        fresh = list(store.query(AuditQuery(after_id=after_id)))
        for item in fresh:
            yield item
            after_id = item.id
        if not fresh:
            time.sleep(poll_s)


def stored_json(item: StoredEvent) -> str:
    """One exported line: ``{"id", "hash", "prevHash", "event"}`` with the event as stored."""
    return item.model_dump_json(by_alias=True, exclude_none=True)


def export_jsonl(store: AuditStore, out: TextIO) -> int:
    """Write every row, in chain order, as ``{"event","hash","id","prevHash"}`` per line; returns how many.

    The event is written verbatim as stored (canonical JSON), so :func:`verify_export` can check
    the export on its own, long after the database is gone.
    """
    count = 0
    for row in store.chain():
        out.write(f'{{"event":{row.event},"hash":"{row.hash}","id":{row.id},"prevHash":"{row.prev_hash}"}}\n')
        count += 1
    return count


def verify_export(lines: Iterable[str], anchors: Sequence[Anchor] = ()) -> VerifyReport:
    """Verify an export written by :func:`export_jsonl`, like the store's own ``verify``."""
    bad: list[Problem] = []

    def rows() -> Iterator[ChainRow]:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                event = item["event"]
                yield ChainRow(
                    int(item["id"]),
                    str(item["prevHash"]),
                    str(item["hash"]),
                    canonical_json(event),
                    index_columns(event),
                )
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                bad.append(Problem(id=0, kind="json", message=f"line {number}: not an exported row: {exc!r}"))
                return

    report = verify_rows(rows(), anchors)
    if bad and report.ok:
        return report.model_copy(update={"ok": False, "problem": bad[0]})
    return report


def load_anchors(path: str | Path) -> list[Anchor]:
    """Anchors exported with ``weir audit head``: one JSON object, a list, or one object per line."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise AuditError(f"cannot read anchors from {p}: {exc.strerror or exc}") from exc
    try:
        whole = json.loads(text)
        items = whole if isinstance(whole, list) else [whole]
    except ValueError:
        try:
            items = [json.loads(line) for line in text.splitlines() if line.strip()]
        except ValueError as exc:
            raise AuditError(f"{p}: anchors must be JSON or JSON Lines: {exc}") from exc
    try:
        return [Anchor.model_validate(item) for item in items]
    except ValidationError as exc:
        raise AuditError(f"{p}: not an anchor ({{'id': int, 'hash': str}}): {exc.errors()[0]['msg']}") from exc


def parse_time(text: str) -> datetime:
    """An ISO 8601 time or date (``2026-11-21``, ``2026-11-21T19:00``, ``…Z``); naive means UTC."""
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError as exc:
        raise AuditError(f"not an ISO 8601 time: {text!r} (e.g. 2026-11-21T19:00:00Z)") from exc
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value
