"""The anchor log: the chain's head after every commit, kept in a second file beside the database.

``<db>.anchors`` is JSON Lines, only ever appended to: after each row is committed the store
appends ``{"id":n,"hash":"…"}`` — an :class:`~weir.audit.chain.Anchor` for that row — plus
``"mac":"…"`` when a key is configured. With ``durability: full`` each line is fsynced, like the
commit before it.

Why a second file: the chain proves that the rows it holds are the rows written, never that rows
are missing from its end. The log remembers how far the chain went, so a cut tail (rows and their
stored anchors, or every row) leaves it pointing past the end, and rows rewritten with recomputed
hashes leave lines that disagree with them (:mod:`weir.audit.logcheck`). A line is written after
its row's commit, so the log never records a row that was not committed; only a writer killed
between the two leaves a row the log does not cover.

**The log's lock.** A writer holds an exclusive ``flock`` on the log from before its commit until
its lines are written (:meth:`AnchorLog.held`), and everyone who judges rows by the log takes the
lock before reading it: a writer opening the trail (exclusive, :func:`open_log`) and a verify
looking at rows past the log's end (shared, :func:`settled_tail`). So whoever holds the lock sees
every committed row together with its lines — a row without a line then is one whose writer died
between commit and line (the kernel drops a dead process's lock), or was added by something that
does not keep the log; never one in flight.

The key (HMAC-SHA256 over ``weir-audit-anchor:<id>:<hash>``) is the deployer's and is never stored
beside the database: without it no line can be written that verifies, so someone who can write
both files still cannot make the log vouch for rows of their own — they can only cut both.

Several processes may append to one log: each commit's lines are one ``write`` to a file opened
with ``O_APPEND`` under the lock, so lines never interleave (a log written by an older Weir may
have them out of id order across processes; the check does not rely on the order).
"""

from __future__ import annotations

import contextlib
import fcntl
import hmac
import os
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from weir.errors import AuditError

__all__ = [
    "MIN_KEY_BYTES",
    "SUFFIX",
    "AnchorLog",
    "LogLine",
    "anchor_mac",
    "check_key",
    "last_trusted",
    "log_path",
    "mac_ok",
    "open_log",
    "parse_line",
    "read_lines",
    "settled_tail",
    "tail_lines",
]

SUFFIX = ".anchors"
"""The log of ``weir-audit.db`` is ``weir-audit.db.anchors``."""
MIN_KEY_BYTES = 16
"""A shorter key is refused: it could be guessed."""
_TAIL_BYTES = 64 * 1024
"""How much of the log's end a writer reads when it opens (hundreds of lines)."""
_CHUNK = 1 << 20
_LINE = re.compile(
    rb'\{"id":([1-9][0-9]{0,18}),"hash":"([0-9a-f]{64})"(?:,"adopted":([1-9][0-9]{0,18}))?(?:,"mac":"([0-9a-f]{64})")?\}'
)


class LogLine(NamedTuple):
    """One line of the log."""

    id: int
    hash: str
    mac: str | None
    adopted: int | None = None
    """Set on a line a writer wrote on opening the trail for rows it found without lines: the
    first of them (rows ``adopted``..``id``)."""


def log_path(db_path: str | Path) -> Path:
    """Where the anchor log of the database at ``db_path`` lives."""
    return Path(f"{db_path}{SUFFIX}")


def check_key(key: bytes) -> bytes:
    """``key``, or ``AuditError`` when it is too short to be a secret."""
    if len(key) < MIN_KEY_BYTES:
        raise AuditError(f"the anchor log key must be at least {MIN_KEY_BYTES} bytes (got {len(key)})")
    return key


def anchor_mac(key: bytes, row_id: int, digest: str, adopted: int | None = None) -> str:
    """The MAC of the line for row ``row_id`` with hash ``digest`` (and ``adopted``, when set)."""
    text = f"weir-audit-anchor:{row_id}:{digest}" + ("" if adopted is None else f":adopted:{adopted}")
    return hmac.digest(key, text.encode("ascii"), "sha256").hex()


def mac_ok(key: bytes, line: LogLine) -> bool:
    """Whether ``line`` carries the MAC ``key`` gives it (``False`` for a line without one)."""
    return line.mac is not None and hmac.compare_digest(line.mac, anchor_mac(key, line.id, line.hash, line.adopted))


def parse_line(raw: bytes) -> LogLine | None:
    """A log line, or ``None`` when ``raw`` is not one (a torn write, or junk).

    Strict: exactly the text :meth:`AnchorLog.write` writes (keys in that order, no spaces).
    """
    match = _LINE.fullmatch(raw)
    if match is None:
        return None
    row_id, digest, adopted, mac = match.groups()
    return LogLine(
        int(row_id),
        digest.decode("ascii"),
        None if mac is None else mac.decode("ascii"),
        None if adopted is None else int(adopted),
    )


def read_lines(path: Path, limit: int) -> Iterator[LogLine | None]:
    """The complete lines within the first ``limit`` bytes, in file order (``None`` for a bad line).

    A last line without its newline is a write in progress (or torn by a crash) and is left out.
    """
    with path.open("rb") as fh:
        left, rest = limit, b""
        while left > 0:
            chunk = fh.read(min(_CHUNK, left))
            if not chunk:
                return
            left -= len(chunk)
            *whole, rest = (rest + chunk).split(b"\n")
            for raw in whole:
                if raw:
                    yield parse_line(raw)


def tail_lines(path: Path) -> list[LogLine | None]:
    """The complete lines in the log's last 64 KiB; ``[]`` when the file is absent or empty."""
    try:
        with path.open("rb") as fh:
            size = fh.seek(0, os.SEEK_END)
            start = max(0, size - _TAIL_BYTES)
            fh.seek(start)
            data = fh.read(size - start)
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise AuditError(f"{path}: cannot read the anchor log: {exc.strerror or exc}") from exc
    lines = data.split(b"\n")[:-1]  # the part after the last newline is not a complete line
    if start > 0:
        lines = lines[1:]  # the first piece is the end of a line that began before the window
    return [parse_line(raw) for raw in lines if raw]


def last_trusted(lines: list[LogLine | None], key: bytes | None) -> tuple[LogLine | None, int]:
    """The line with the highest id among those that count, and how many carry a MAC that is wrong.

    Without a key every line counts; with one, only lines whose MAC matches (a line without a MAC,
    written before the key was configured, neither counts nor is forged).
    """
    best: LogLine | None = None
    forged = 0
    for line in lines:
        if line is None:
            continue
        if key is not None:
            if line.mac is None:
                continue
            if not mac_ok(key, line):
                forged += 1
                continue
        if best is None or line.id > best.id:
            best = line
    return best, forged


RowHash = Callable[[int], "str | None"]
"""The hash of a row by id (``None``: no such row)."""
LastRow = Callable[[], "tuple[int, str] | None"]
"""The last row's id and hash (``None``: the chain is empty)."""


def open_log(
    path: Path, row_hash: RowHash, last_row: LastRow, *, key: bytes | None, sync: bool, expected: bool
) -> AnchorLog:
    """Open the log to append to a trail; ``AuditError`` when the log shows the trail was cut or rewritten.

    ``expected``: the database says it was written with a log (read before the log is looked at:
    a writer creates the log before it marks the database). Rows the log has no line for — all of
    them for a new log (or one with no line that counts under ``key``), or the last ones after a
    writer stopped between a commit and its line — are *adopted*: a line for the last row says
    from which row on they were found without lines, so a verify keeps saying so.
    """
    if expected and not path.exists():
        raise AuditError(
            f"{path}: the anchor log is missing, but the database was written with one: it was deleted. "
            "Restore it, or move the database aside to start a new trail"
        )
    log = AnchorLog(path, key=key, sync=sync)
    try:
        with log.held():  # no writer is between a commit and its lines while this runs
            mark, forged = last_trusted(tail_lines(path), key)
            if forged:
                raise AuditError(
                    f"{path}: {forged} of the anchor log's last lines carry a MAC that does not match this key "
                    "(a wrong key, or forged lines): run `weir audit verify --key-env NAME`"
                )
            if mark is not None:
                _check_mark(path, mark, row_hash, last_row)
            last = last_row()
            if last is not None and (mark is None or last[0] > mark.id):
                log.write(*last, adopted=1 if mark is None else mark.id + 1)
    except BaseException:
        log.close()
        raise
    return log


def settled_tail(path: Path) -> list[LogLine | None]:
    """:func:`tail_lines`, read under the log's lock (shared): every row committed before the call
    has its lines in it by then, unless its writer died between the two. ``[]`` with no log."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise AuditError(f"{path}: cannot read the anchor log: {exc.strerror or exc}") from exc
    try:
        with _locked(fd, fcntl.LOCK_SH, path):
            return tail_lines(path)
    finally:
        os.close(fd)


def _check_mark(path: Path, mark: LogLine, row_hash: RowHash, last_row: LastRow) -> None:
    have = row_hash(mark.id)
    if have == mark.hash:
        return
    advice = f"run `weir audit verify`, then restore the database, or move it and {path.name} aside to start anew"
    if have is None:
        last = last_row()
        end = 0 if last is None else last[0]
        raise AuditError(
            f"{path}: the anchor log records row {mark.id} but the database ends at row {end}: "
            f"{mark.id - end} events missing from row {end + 1}. Refusing to append to a cut trail: {advice}"
        )
    raise AuditError(
        f"{path}: row {mark.id}'s hash differs from the anchor log's: the trail was rewritten. "
        f"Refusing to append to it: {advice}"
    )


class AnchorLog:
    """Appends one line per committed row (not thread-safe: the store calls it under its lock)."""

    def __init__(self, path: Path, *, key: bytes | None, sync: bool) -> None:
        """Open (creating) the log for appending; ``sync``: fsync every line."""
        self.path = path
        self._key = key
        self._sync = sync
        try:
            self._fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
            st = os.fstat(self._fd)
        except OSError as exc:
            raise AuditError(f"{path}: cannot open the anchor log: {exc.strerror or exc}") from exc
        self.identity = (st.st_dev, st.st_ino)
        try:
            self._torn = _ends_torn(self._fd, st.st_size)
        except OSError as exc:
            self.close()
            raise AuditError(f"{path}: cannot read the anchor log: {exc.strerror or exc}") from exc

    def held(self) -> contextlib.AbstractContextManager[None]:
        """Hold the log's lock (exclusive, across processes): a writer's commit and its lines, or an
        opening writer's check of the log against the database, happen under it."""
        return _locked(self._fd, fcntl.LOCK_EX, self.path)

    def write(self, row_id: int, digest: str, adopted: int | None = None) -> None:
        """Append the line for a committed row (``AuditError`` when it could not be written in full)."""
        self._put(self._line(row_id, digest, adopted), row_id)

    def write_many(self, rows: Sequence[tuple[int, str]]) -> None:
        """Append the lines of one commit's rows with one write (and, with ``sync``, one fsync)."""
        if rows:
            self._put("".join(self._line(row_id, digest, None) for row_id, digest in rows), rows[-1][0])

    def _line(self, row_id: int, digest: str, adopted: int | None) -> str:
        mac = "" if self._key is None else f',"mac":"{anchor_mac(self._key, row_id, digest, adopted)}"'
        also = "" if adopted is None else f',"adopted":{adopted}'
        return f'{{"id":{row_id},"hash":"{digest}"{also}{mac}}}\n'

    def _put(self, lines: str, row_id: int) -> None:
        data = (f"\n{lines}" if self._torn else lines).encode("ascii")
        try:
            written = os.write(self._fd, data)
            if written == len(data) and self._sync:
                _fdatasync(self._fd)
        except OSError as exc:
            self._torn = True
            raise AuditError(f"{self.path}: cannot write the anchor log: {exc.strerror or exc}") from exc
        self._torn = written != len(data)
        if self._torn:
            raise AuditError(f"{self.path}: the anchor log line for row {row_id} was cut short (disk full?)")

    def close(self) -> None:
        """Close the file (once)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


@contextlib.contextmanager
def _locked(fd: int, op: int, path: Path) -> Iterator[None]:
    try:
        _flock(fd, op)
    except OSError as exc:
        raise AuditError(f"{path}: cannot lock the anchor log: {exc.strerror or exc}") from exc
    try:
        yield
    finally:
        _flock(fd, fcntl.LOCK_UN)


def _flock(fd: int, op: int) -> None:
    """``flock`` (one place, so a test can see who waits for the lock)."""
    fcntl.flock(fd, op)


def _ends_torn(fd: int, size: int) -> bool:
    """Whether the file does not end with a newline: torn by a crash, so start on a line of our own."""
    if size == 0:
        return False
    os.lseek(fd, size - 1, os.SEEK_SET)
    return os.read(fd, 1) != b"\n"


def _fdatasync(fd: int) -> None:
    sync = getattr(os, "fdatasync", os.fsync)  # macOS has no fdatasync
    sync(fd)
