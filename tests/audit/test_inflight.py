"""Rows in flight: a writer between its commit and its anchor-log lines is never judged by the log.

Deterministic: the writer is held inside that window (its log write waits for the test), and the
other party — a writer opening the trail, or a verify — is let go until it either finishes or waits
for the log's lock; only then is the writer released. Without the lock the other party finishes
inside the window and finds the row without its line.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from tests.audit.conftest import event
from tests.deadlines import hang_guard
from weir.audit import SqliteAuditStore, anchorlog
from weir.audit.anchorlog import log_path


class _Window:
    """Holds ``store``'s next commit between its COMMIT and its log lines until :meth:`release`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, store: SqliteAuditStore) -> None:
        self.entered = threading.Event()  # the writer committed and waits before its lines
        self.reached = threading.Event()  # the other party finished, or waits for the log's lock
        self._go = threading.Event()
        log = store._log
        assert log is not None
        write_many = log.write_many

        def paused(rows: Sequence[tuple[int, str]]) -> None:
            self.entered.set()
            assert self._go.wait(hang_guard()), "the test never released the writer"
            write_many(rows)

        real = getattr(anchorlog, "_flock", None)

        def flock(fd: int, op: int) -> None:
            if self.entered.is_set() and not self._go.is_set():
                self.reached.set()  # someone asks for the lock while the writer is in the window
            assert real is not None
            real(fd, op)

        monkeypatch.setattr(log, "write_many", paused)
        monkeypatch.setattr(anchorlog, "_flock", flock, raising=False)

    def run(self, party: Callable[[], object]) -> threading.Thread:
        def body() -> None:
            try:
                party()
            finally:
                self.reached.set()

        thread = threading.Thread(target=body, daemon=True)
        thread.start()
        return thread

    def release(self) -> None:
        self._go.set()


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in log_path(path).read_text().splitlines()]


def _hold_second_append(
    monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> tuple[SqliteAuditStore, _Window, threading.Thread]:
    writer = SqliteAuditStore(db_path, anchor_every=0)
    writer.append(event(0))  # row 1 with its line
    window = _Window(monkeypatch, writer)
    appending = threading.Thread(target=writer.append, args=(event(1),), daemon=True)
    appending.start()
    assert window.entered.wait(hang_guard())
    return writer, window, appending


def test_a_writer_opening_the_trail_mid_commit_waits_for_the_line_and_adopts_nothing(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer, window, appending = _hold_second_append(monkeypatch, db_path)
    opened: list[SqliteAuditStore] = []
    opener = window.run(lambda: opened.append(SqliteAuditStore(db_path, anchor_every=0)))
    assert window.reached.wait(hang_guard())
    window.release()
    appending.join(hang_guard())
    opener.join(hang_guard())
    assert not appending.is_alive()
    assert not opener.is_alive()
    assert len(opened) == 1
    opened[0].append(event(2))
    opened[0].close()
    writer.close()

    assert not [line for line in _lines(db_path) if "adopted" in line]
    with SqliteAuditStore(db_path, create=False) as reader:
        report = reader.verify()
    assert report.ok, report.problem
    assert report.checked == 3
    assert report.warnings == ()


def test_a_verify_mid_commit_waits_for_the_line_instead_of_calling_the_row_uncovered(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer, window, appending = _hold_second_append(monkeypatch, db_path)
    reader = SqliteAuditStore(db_path, create=False)
    reports = []
    verifying = window.run(lambda: reports.append(reader.verify()))
    assert window.reached.wait(hang_guard())
    window.release()
    appending.join(hang_guard())
    verifying.join(hang_guard())
    assert not appending.is_alive()
    assert not verifying.is_alive()
    reader.close()
    writer.close()

    assert len(reports) == 1
    assert reports[0].ok, reports[0].problem
    assert reports[0].checked == 2
    assert reports[0].warnings == ()


DIES_IN_THE_WINDOW = """
import sys
from weir.audit import AuditEvent, SqliteAuditStore
store = SqliteAuditStore(sys.argv[1], anchor_every=0)
store.append(AuditEvent(phase="call", call_id="0"))
def paused(rows):
    print("committed", flush=True)
    sys.stdin.readline()  # the parent kills this process here, holding the log's lock
store._log.write_many = paused
store.append(AuditEvent(phase="call", call_id="1"))
"""


@pytest.mark.slow
def test_a_writer_killed_between_commit_and_line_leaves_its_row_unvouched(db_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", DIES_IN_THE_WINDOW, str(db_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ},
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "committed\n"
    child.send_signal(signal.SIGKILL)
    child.communicate(timeout=hang_guard())
    assert child.returncode == -signal.SIGKILL

    # The dead writer's lock went with it: the next writer opens at once and records row 2 as found
    # without a line — never accepted silently.
    with SqliteAuditStore(db_path, anchor_every=0) as store:
        report = store.verify()
    assert _lines(db_path)[-1]["adopted"] == 2
    assert report.problem is not None
    assert (report.problem.kind, report.problem.id) == ("unvouched", 2)
