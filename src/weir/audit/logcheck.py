"""Checking a chain against its anchor log (:mod:`weir.audit.anchorlog`) as the chain is walked.

What it reports, besides the walk's own problems:

- ``truncated``: the log records a row past the chain's end — the tail (or every row) was cut;
- ``anchor``: a row's hash differs from the log's line for it — rewritten with fresh hashes;
- ``log``: the log is missing though the database was written with one (or a key was given),
  a line's MAC does not match the key, or the log has two hashes for one row;
- ``unvouched``: rows a writer found without lines when it opened the trail, which no operator
  adopted (:mod:`weir.audit.adoption`).

And as warnings (the chain may still be intact): no log at all (a database from before the log:
a cut tail cannot be detected), rows after the log's last line (a writer died between its commit
and its line, or rows added by someone else — never a writer in flight: the end is read again
under the log's lock), rows an operator adopted, lines that are
not log lines, lines without a MAC, MACs not checked.

Memory stays small whatever the trail's length: the log is read alongside the walk, lines ahead
of it are held until the walk reaches their row, and a line that arrives late (another process
wrote it after later ones) is checked against the database by id. Only the log's first
``size`` bytes — its length when the check began — are read, so rows a running gateway appends
during a verify are never mistaken for missing ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from weir.audit.adoption import Adoptions
from weir.audit.anchorlog import LogLine, last_trusted, mac_ok, read_lines, settled_tail
from weir.audit.chain import ChainRow, Problem, VerifyReport
from weir.errors import AuditError

__all__ = ["LogCheck"]


class LogCheck:
    """One verify's view of the log: wrap the walk's rows with :meth:`rows`, then :meth:`finish` its report."""

    def __init__(self, path: Path, *, key: bytes | None, expected: bool, row_hash: Callable[[int], str | None]) -> None:
        """``expected``: the database says it was written with a log; ``row_hash``: a row's hash by id."""
        self.path = path
        self._key = key
        self._expected = expected
        self._row_hash = row_hash
        try:
            size: int | None = path.stat().st_size
        except FileNotFoundError:
            size = None
        except OSError as exc:
            raise AuditError(f"{path}: cannot read the anchor log: {exc.strerror or exc}") from exc
        self._absent = size is None
        self._lines: Iterator[LogLine | None] = iter(()) if size is None else _reading(path, size)
        self._pending: dict[int, str] = {}
        self._frontier: float = 0  # the id of the last line that counts
        self._walked = 0  # the last row the walk yielded
        self._max = 0  # the highest id a line that counts records
        self._trusted = self._untrusted = self._unreadable = self._unchecked = 0
        self._adoptions = Adoptions()  # rows a writer found without lines, and operators' adoptions
        self._problem: Problem | None = None
        self._exhausted = False

    def rows(self, chain: Iterable[ChainRow]) -> Iterator[ChainRow]:
        """``chain``'s rows, each compared with the log's line for it on the way through."""
        for row in chain:
            self._read_through(row.id)
            want = self._pending.pop(row.id, None)
            if want is not None and want != row.hash:
                self._note(_differs(row.id, row.hash, want))
            self._adoptions.row(row.id, row.event)
            self._walked = row.id
            yield row
        self._exhausted = True

    def finish(self, report: VerifyReport) -> VerifyReport:
        """``report`` (of the walk over :meth:`rows`) with the log's first problem and its warnings."""
        for line in self._lines:  # the rest of the log: how far it says the chain went
            self._take(line)
        last = report.head.id if report.head is not None else 0
        if self._exhausted:
            self._catch_up(last)
            self._note_end(last)
            unvouched = self._adoptions.problem()
            if unvouched is not None:
                self._note(unvouched)
        # The first bad row wins (the walk's on a tie); a problem with the whole log (id 0) comes last.
        found = [p for p in (report.problem, self._problem) if p is not None]
        problem = min(found, key=lambda p: (p.id == 0, p.id), default=None)
        warnings = (*report.warnings, *self._warnings(last))
        return report.model_copy(update={"ok": problem is None, "problem": problem, "warnings": warnings})

    def _read_through(self, row_id: int) -> None:
        """Read lines until one lies beyond ``row_id`` (held for later) or the log ends."""
        if self._frontier > row_id:
            return
        for line in self._lines:
            self._take(line)
            if self._frontier > row_id:
                return
        self._frontier = math.inf  # the log has no more lines

    def _take(self, line: LogLine | None) -> None:
        if line is None:
            self._unreadable += 1
            return
        row_id, digest = line.id, line.hash
        if (self._key is not None or line.mac is not None) and not self._counts(line):
            return
        self._trusted += 1
        self._frontier = row_id
        if line.adopted is not None:
            self._adoptions.found(line.adopted, row_id)
        self._max = max(self._max, row_id)
        if row_id <= self._walked:  # written late, by another process: the walk has passed its row
            have = self._row_hash(row_id)
            if have is not None and have != digest:
                self._note(_differs(row_id, have, digest))
        elif self._pending.setdefault(row_id, digest) != digest:
            self._note(Problem(id=row_id, kind="log", message=f"the anchor log has two hashes for row {row_id}"))

    def _counts(self, line: LogLine) -> bool:
        if self._key is None:
            self._unchecked += line.mac is not None
            return True
        if line.mac is None:
            self._untrusted += 1
            return False
        if mac_ok(self._key, line):
            return True
        self._note(
            Problem(
                id=line.id,
                kind="log",
                message=f"the anchor log's line for row {line.id} carries a MAC that does not match the key "
                "(forged, or written with another key)",
            )
        )
        return False

    def _note(self, problem: Problem) -> None:
        if self._problem is None or problem.id < self._problem.id:
            self._problem = problem

    def _catch_up(self, last: int) -> None:
        """Rows the walk saw past the log's length when the check began: read the log's end again
        under its lock, when every committed row has its lines unless its writer died between the two.

        (The tail is read under the lock and the rows looked up after it is released: the lookup may
        wait for the store's own lock, which a writer holds while it waits for the log's.)"""
        if self._absent or self._max >= last:
            return
        line = last_trusted(settled_tail(self.path), self._key)[0]
        if line is not None and line.id > self._max and self._row_hash(line.id) == line.hash:
            self._max = min(line.id, last)

    def _note_end(self, last: int) -> None:
        """After a complete walk ending at row ``last``: is the log missing, or does it go further?"""
        if self._absent and (self._key is not None or self._expected):
            why = "a key was given" if self._key is not None else "the database was written with one"
            self._note(Problem(id=0, kind="log", message=f"the anchor log {self.path} is missing ({why}): deleted?"))
        elif self._key is not None and self._trusted == 0 and last > 0:
            message = f"no line of the anchor log {self.path} carries this key's MAC"
            self._note(Problem(id=0, kind="log", message=message))
        elif self._max > last:
            where = f"ends at row {last}" if last else "is empty"
            message = (
                f"the chain {where} but the anchor log records row {self._max}: "
                f"{self._max - last} events missing from row {last + 1} (rows {last + 1}..{self._max} were cut)"
            )
            self._note(Problem(id=last + 1, kind="truncated", message=message))

    def _warnings(self, last: int) -> list[str]:
        if self._absent:
            if self._key is not None or self._expected:
                return []
            return [
                f"no anchor log ({self.path.name}): a cut tail cannot be detected without an exported anchor "
                "(a database written before the log, or the log was deleted)"
            ]
        out: list[str] = []
        if self._max < last:
            first, n = self._max + 1, last - self._max
            rows = f"row {first} (1 event) is" if n == 1 else f"rows {first}..{last} ({n} events) are"
            out.append(
                f"{rows} not covered by the anchor log: a writer stopped between its commit and its log line, "
                "or the rows were added by a writer without the log (an older Weir, or someone else)"
            )
        out += self._adoptions.warnings()
        if self._unreadable:
            out.append(f"the anchor log has {self._unreadable} line(s) that are not anchors (a write torn by a crash?)")
        if self._untrusted:
            out.append(
                f"the anchor log has {self._untrusted} line(s) without a MAC, not trusted "
                "(written before the key was configured, or by someone without it)"
            )
        if self._unchecked:
            out.append("the anchor log's MACs not checked: no key was given (--key-env NAME)")
        return out


def _reading(path: Path, size: int) -> Iterator[LogLine | None]:
    try:
        yield from read_lines(path, size)
    except OSError as exc:
        raise AuditError(f"{path}: cannot read the anchor log: {exc.strerror or exc}") from exc


def _differs(row_id: int, have: str, want: str) -> Problem:
    return Problem(
        id=row_id,
        kind="anchor",
        message=f"row {row_id}: hash {have[:16]}… differs from the anchor log's {want[:16]}… "
        "(the chain was rewritten from here or earlier)",
    )
