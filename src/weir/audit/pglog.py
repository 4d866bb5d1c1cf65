"""The anchor log of a PostgreSQL trail: one line per row, checked as the chain is walked.

SQLite's anchor log is a second file (:mod:`weir.audit.anchorlog`). A fleet's replicas share no
file, so the PostgreSQL trail keeps its log in a table of its own, ``weir_audit_anchor_log``:
``(id, hash, mac)`` for every row, written in the same transaction as the row (so, unlike the
file, a line never lags its row and no row is ever found without one). The guarantee is the
file's:

- a cut tail — rows deleted from the end, the append-only trigger disabled — leaves the log
  pointing past the chain's end (``truncated``);
- rows rewritten with freshly computed hashes disagree with their lines (``anchor``), and lines
  rewritten to match carry MACs that do not verify under the deployment's key (``log``);
- a row with no line, from the first row the log covers on, was not written by Weir (``log``).

Someone who can rewrite every table can, as with the two files, cut both the chain and its log
at the same row; anchors exported with ``weir audit head`` catch that.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from weir.audit.anchorlog import LogLine, mac_ok
from weir.audit.chain import ChainRow, Problem, VerifyReport

__all__ = ["LoggedRow", "PgLogCheck"]


class LoggedRow(NamedTuple):
    """A chain row and its log line's hash and MAC (``None`` when it has no line)."""

    row: ChainRow
    line_hash: str | None
    line_mac: str | None


class PgLogCheck:
    """Wrap the walk with :meth:`rows`, then :meth:`finish` its report with the log's findings."""

    def __init__(self, *, log_from: int | None, log_max: int, key: bytes | None) -> None:
        """``log_from``: the first row the log covers (``None``: schema 1, no log); ``log_max``: its
        highest line's id, read in the walk's snapshot; ``key``: the anchor key (checks every MAC)."""
        self._from = log_from
        self._max = log_max
        self._key = key
        self._problem: Problem | None = None
        self._unmaced = 0
        self._maced = 0

    def rows(self, logged: Iterable[LoggedRow]) -> Iterator[ChainRow]:
        """The chain's rows, each compared with its line on the way through."""
        for item in logged:
            if self._problem is None:
                self._check(item)
            yield item.row

    def _check(self, item: LoggedRow) -> None:
        row = item.row
        if self._from is None or row.id < self._from:
            return
        if item.line_hash is None:
            self._problem = Problem(
                id=row.id,
                kind="log",
                message=f"row {row.id} has no anchor log line: it was not appended by Weir (inserted by hand?)",
            )
        elif item.line_hash != row.hash:
            self._problem = Problem(
                id=row.id,
                kind="anchor",
                message=f"row {row.id}: hash {row.hash[:16]}… differs from the anchor log's {item.line_hash[:16]}… "
                "(the chain was rewritten from here or earlier)",
            )
        elif item.line_mac is None:
            self._unmaced += 1
        else:
            self._maced += 1
            if self._key is not None and not mac_ok(self._key, LogLine(row.id, item.line_hash, item.line_mac)):
                self._problem = Problem(
                    id=row.id,
                    kind="log",
                    message=f"the anchor log's line for row {row.id} carries a MAC that does not match the key "
                    "(forged, or written with another key)",
                )

    def finish(self, report: VerifyReport) -> VerifyReport:
        """``report`` (of the walk over :meth:`rows`) with the log's first problem and its warnings."""
        last = report.head.id if report.head is not None else 0
        found = [p for p in (report.problem, self._problem) if p is not None]
        if report.problem is None and self._max > last:
            where = f"ends at row {last}" if last else "is empty"
            found.append(
                Problem(
                    id=last + 1,
                    kind="truncated",
                    message=f"the chain {where} but the anchor log records row {self._max}: "
                    f"{self._max - last} events missing from row {last + 1} (rows {last + 1}..{self._max} were cut)",
                )
            )
        if self._key is not None and self._maced == 0 and last >= (self._from or 1):
            found.append(Problem(id=0, kind="log", message="no line of the anchor log carries this key's MAC"))
        # The first bad row wins (the walk's on a tie); a problem with the whole log (id 0) comes last.
        problem = min(found, key=lambda p: (p.id == 0, p.id), default=None)
        warnings = (*report.warnings, *self._warnings(last))
        return report.model_copy(update={"ok": problem is None, "problem": problem, "warnings": warnings})

    def _warnings(self, last: int) -> list[str]:
        out: list[str] = []
        if self._from is None:
            out.append(
                "schema version 1: no anchor log, so a cut tail cannot be detected without an exported anchor "
                "(a writer of this Weir migrates the database)"
            )
        elif self._from > 1 and last > 0:
            upto = min(self._from - 1, last)
            out.append(
                f"rows 1..{upto} were written before the anchor log (schema version 1): a cut there needs an "
                "exported anchor to be detected"
            )
        if self._unmaced:
            trust = "not trusted" if self._key is not None else "written without a key"
            out.append(f"{self._unmaced} anchor log line(s) without a MAC ({trust})")
        if self._maced and self._key is None:
            out.append("the anchor log's MACs not checked: no key was given (--key-env NAME)")
        return out
