"""The files a store writes must stay the files at their paths.

An open SQLite connection keeps writing to a database file that was deleted (or renamed away and
replaced) while it was open: every later commit goes to a file nobody will ever read, and
nothing fails. A store therefore remembers each file's identity (device and inode) when it opens
it and compares it with whatever is at the path around every append; a file that vanished or was
replaced is an ``AuditError`` from then on — the gateway refuses the call instead of releasing a
response whose record is lost. (A stat per file: a few microseconds.)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from weir.errors import AuditError

__all__ = ["FileWatch", "identity"]

Identity = tuple[int, int]
"""A file's device and inode numbers."""


def identity(path: str | Path) -> Identity:
    """The identity of the file at ``path`` (``AuditError`` when there is none)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise AuditError(f"{path}: cannot find the audit file: {exc.strerror or exc}") from exc
    return st.st_dev, st.st_ino


class FileWatch:
    """Notices that a file a store opened was deleted or replaced; once it has, it stays failed."""

    def __init__(self, files: Sequence[tuple[str, str | Path, Identity]]) -> None:
        """``files``: (what it is, its path, the identity it had when opened), e.g. the database."""
        self._files = [(what, str(path), ident) for what, path, ident in files]
        self._failed: str | None = None

    def add(self, what: str, path: str | Path, ident: Identity) -> None:
        """Watch one more file."""
        self._files.append((what, str(path), ident))

    def check(self) -> None:
        """``AuditError`` when a watched file is no longer the one at its path (and ever after)."""
        if self._failed is None:
            self._failed = self._problem()
        if self._failed is not None:
            raise AuditError(self._failed)

    def _problem(self) -> str | None:
        for what, path, ident in self._files:
            try:
                st = os.stat(path)
            except FileNotFoundError:
                return f"the {what} {path} was deleted while it was open: nothing more is recorded (fail closed)"
            except OSError as exc:
                return f"the {what} {path} cannot be checked ({exc.strerror or exc}): nothing more is recorded"
            if (st.st_dev, st.st_ino) != ident:
                return (
                    f"the {what} {path} was replaced by another file while it was open: "
                    "nothing more is recorded (fail closed)"
                )
        return None
