"""Rows nobody vouched for, and an operator's explicit adoption of them.

The anchor log vouches for the chain: a line for row N (with a MAC, when the trail has a key)
covers rows 1..N, because row N's hash commits to every row before it. Rows a writer finds past
the last line that counts when it opens the trail — appended by someone else, or committed by a
writer that stopped before its line — were vouched for by nobody. The writer records where
they start (``"adopted":k`` on the line it writes for the last of them) but its line does not
make them trusted: every verify fails on them, after any number of restarts, until an operator
looks at them and runs ``weir audit adopt``, which appends an operator event (``adopt-rows``,
naming the operator and the rows) that the verifier then accepts — as long as that event itself
is vouched for (it is not inside a range nobody vouched for).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from weir.audit.chain import Problem

__all__ = ["ADOPT_ACTION", "Adoptions"]

ADOPT_ACTION = "adopt-rows"
"""``details.action`` of the operator event that adopts rows."""
_MARK = f'"action":"{ADOPT_ACTION}"'
_SHOWN = 20


@dataclass
class Adoptions:
    """Ranges found unvouched (from the log) and adoptions (from the chain), matched at the end."""

    unvouched: list[tuple[int, int]] = field(default_factory=list)
    """``(first, last)`` rows a writer found without lines (one per writer that found any)."""
    adopted: list[tuple[int, int, int, str]] = field(default_factory=list)
    """``(row, first, through, operator)`` of each ``adopt-rows`` event."""

    def found(self, first: int, last: int) -> None:
        """A log line says rows ``first``..``last`` had no line when a writer opened the trail."""
        if (first, last) not in self.unvouched and len(self.unvouched) < 10_000:
            self.unvouched.append((first, last))

    def row(self, row_id: int, event: str) -> None:
        """Look at one chain row's event text for an adoption (cheap: a substring test first)."""
        if _MARK not in event:
            return
        try:
            details = json.loads(event).get("details") or {}
            first, through = int(details["first"]), int(details["through"])
        except (ValueError, TypeError, KeyError, AttributeError):
            return
        if details.get("action") == ADOPT_ACTION and len(self.adopted) < 10_000:
            self.adopted.append((row_id, first, through, str(details.get("operator") or "?")))

    def _vouched(self, row_id: int) -> bool:
        return not any(first <= row_id <= last for first, last in self.unvouched)

    def _adopter(self, first: int, last: int) -> tuple[int, str] | None:
        for row_id, a_first, a_through, operator in self.adopted:
            if a_first <= first and last <= a_through < row_id and self._vouched(row_id):
                return row_id, operator
        return None

    def problem(self) -> Problem | None:
        """The first range nobody vouched for and no operator adopted (None when there is none)."""
        for first, last in sorted(self.unvouched):
            if self._adopter(first, last) is None:
                rows = f"row {first}" if first == last else f"rows {first}..{last}"
                return Problem(
                    id=first,
                    kind="unvouched",
                    message=(
                        f"{rows} had no anchor log line when a writer opened the trail: nobody's key vouched "
                        f"for them (appended by someone else, or by a writer stopped between commit and line). "
                        f"Look at them (`weir audit query`), then accept them with "
                        f"`weir audit adopt --through {last}`, or restore the trail"
                    ),
                )
        return None

    def warnings(self) -> list[str]:
        """Each range an operator adopted, saying who and where."""
        out = []
        for first, last in sorted(self.unvouched)[:_SHOWN]:
            found = self._adopter(first, last)
            if found is not None:
                rows = f"row {first}" if first == last else f"rows {first}..{last}"
                out.append(f"{rows} had no anchor log line; adopted by operator {found[1]} (row {found[0]})")
        return out
