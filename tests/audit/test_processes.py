"""Real processes: one killed with SIGKILL mid-burst loses nothing it reported; several share one chain."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from weir.audit import SqliteAuditStore

CHILD = """
import sys
from weir.audit import AuditEvent, SqliteAuditStore
store = SqliteAuditStore(sys.argv[1], anchor_every=50)
for i in range(100_000):
    stored = store.append(AuditEvent(phase="call", server="mail", tool="send", call_id=str(i),
                                     arguments={"to": "x@example.com", "body": "b" * 200}))
    # Printed only after append returned: the gateway would release its response at this point.
    print(stored.id, flush=True)
"""


@pytest.mark.slow
def test_every_append_reported_before_sigkill_is_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "crash.db"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True, env={**os.environ}
    )
    assert child.stdout is not None
    reported: list[int] = []
    for line in child.stdout:
        reported.append(int(line))
        if len(reported) >= 300:
            break
    child.send_signal(signal.SIGKILL)
    rest, _ = child.communicate(timeout=60)
    reported += [int(x) for x in rest.split()]
    assert child.returncode == -signal.SIGKILL
    assert len(reported) >= 300

    with SqliteAuditStore(path, create=False) as store:
        report = store.verify()
        ids = {s.id for s in store.query()}
    assert report.ok, report.problem
    assert set(reported) <= ids
    assert report.checked == len(ids) >= len(reported)


WRITER = """
import sys
from weir.audit import AuditEvent, SqliteAuditStore
with SqliteAuditStore(sys.argv[1]) as store:
    for i in range(100):
        store.append(AuditEvent(phase="call", session=sys.argv[2], call_id=str(i)))
"""


@pytest.mark.slow
def test_processes_appending_to_one_file_at_once_write_one_valid_chain(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    # No one creates the file first: the writers race on creating it too.
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), f"p{k}"]) for k in range(3)]
    assert [w.wait(timeout=120) for w in writers] == [0, 0, 0]
    with SqliteAuditStore(path, create=False) as store:
        report = store.verify()
        sessions = [s.event.session for s in store.query()]
    assert report.ok, report.problem
    assert report.checked == 300
    assert {k: sessions.count(k) for k in ("p0", "p1", "p2")} == {"p0": 100, "p1": 100, "p2": 100}
