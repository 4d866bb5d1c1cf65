"""Group commit (weir.audit.group): appends of many threads share commits, lose nothing, keep the
chain, and a failed commit fails every append it held (none of their callers goes on)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from tests.audit.conftest import event, fill
from tests.deadlines import hang_guard
from weir.audit import AuditStore, SqliteAuditStore
from weir.audit.group import GroupCommit
from weir.audit.read import export_jsonl, verify_export
from weir.cli.app import app
from weir.errors import AuditError


def _until(check: Callable[[], bool]) -> None:
    """Wait (polling) until ``check()`` holds; a hang guard, not a speed assertion."""
    deadline = time.monotonic() + hang_guard()
    while not check():
        assert time.monotonic() < deadline, "the appends never queued"
        time.sleep(0.005)


def _threads(n: int, work: Callable[[int], None]) -> tuple[list[threading.Thread], list[BaseException]]:
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            work(i)
        except BaseException as exc:  # collected: a thread's failure must reach the test
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    return threads, errors


def _join(threads: list[threading.Thread]) -> None:
    for t in threads:
        t.join(hang_guard())
        assert not t.is_alive()


class _Gated:
    """A commit that waits to be let through (so others queue meanwhile); ``fail[k]`` fails batch k."""

    def __init__(self) -> None:
        self.let = threading.Semaphore(0)
        self.entered = threading.Semaphore(0)
        self.batches: list[list[int]] = []
        self.fail: dict[int, BaseException] = {}
        self.started = 0

    def __call__(self, items: Sequence[int]) -> list[int]:
        self.started += 1
        self.entered.release()
        assert self.let.acquire(timeout=hang_guard())
        self.batches.append(list(items))
        problem = self.fail.get(len(self.batches))
        if problem is not None:
            raise problem
        return [i * 10 for i in items]

    def through(self) -> None:
        """Wait for the next commit to start, then let it through."""
        assert self.entered.acquire(timeout=hang_guard())
        self.let.release()


def test_rows_that_arrive_during_a_commit_go_together_in_the_next_in_their_order() -> None:
    commit = _Gated()
    group: GroupCommit[int, int] = GroupCommit(commit)
    got: dict[int, int] = {}
    first, errors = _threads(1, lambda _: got.__setitem__(0, group.submit(0)))
    _until(lambda: commit.started == 1)  # row 0 leads: its commit is under way
    later: list[threading.Thread] = []
    for i in range(1, 6):  # one at a time, so the queue's order is known
        more, errs = _threads(1, lambda _, i=i: got.__setitem__(i, group.submit(i)))
        later += more
        errors += errs
        _until(lambda i=i: group.waiting == i)
    commit.through()
    commit.through()
    _join(first + later)
    assert errors == []
    assert commit.batches == [[0], [1, 2, 3, 4, 5]]
    assert got == {i: i * 10 for i in range(6)}
    assert group.batches == 2


def test_a_failed_commit_fails_every_row_it_held_and_the_next_commit_starts_afresh() -> None:
    commit = _Gated()
    commit.fail = {2: AuditError("the disk is full"), 4: OSError("a bug, not an AuditError")}
    group: GroupCommit[int, int] = GroupCommit(commit)
    outcomes: dict[int, object] = {}

    def submit(i: int) -> None:
        try:
            outcomes[i] = group.submit(i)
        except (AuditError, OSError) as exc:
            outcomes[i] = exc

    errors: list[BaseException] = []
    for lead, follow in ((0, (1, 2, 3)), (4, (5, 6))):
        first, errs = _threads(1, lambda _, lead=lead: submit(lead))
        _until(lambda lead=lead: commit.started == (1 if lead == 0 else 3))  # the leader's commit is under way
        later, more = _threads(len(follow), lambda i, follow=follow: submit(follow[i]))
        _until(lambda follow=follow: group.waiting == len(follow))
        commit.through()  # the leader's own batch commits
        commit.through()  # then the batch of those that queued behind it, which fails
        _join(first + later)
        errors += errs + more
    assert errors == []
    assert commit.batches == [[0], [1, 2, 3], [4], [5, 6]]
    assert (outcomes[0], outcomes[4]) == (0, 40)
    assert {str(outcomes[i]) for i in (1, 2, 3)} == {"the disk is full"}  # every row of the batch
    second = sorted((outcomes[5], outcomes[6]), key=lambda o: type(o).__name__)
    assert isinstance(second[0], AuditError)  # a follower: the commit holding its row failed
    assert "OSError" in str(second[0])
    assert isinstance(second[1], OSError)  # the leader: its own failure, as it was
    commit.let.release()
    assert group.submit(7) == 70  # nothing of the failures is left behind


def test_many_threads_appending_to_one_sqlite_file_lose_no_row_and_the_chain_verifies(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    with SqliteAuditStore(path, anchor_every=7) as store:
        ids: list[int] = []
        threads, errors = _threads(
            8, lambda w: ids.extend(store.append(event(i, session=f"w{w}")).id for i in range(40))
        )
        _join(threads)
        assert errors == []
        assert sorted(ids) == list(range(1, 321))
        report = store.verify()
        assert report.ok, report.problem
        assert report.checked == 320
        assert [a.id for a in store.anchors()] == list(range(7, 321, 7))
        for w in range(8):  # each thread's rows are in the chain in the order it appended them
            mine = [int(s.event.call_id or "-1") for s in store.query() if s.event.session == f"w{w}"]
            assert mine == list(range(40))
    assert app(["audit", "verify", "--db", str(path)], standalone_mode=False) in (0, None)


def _hold_and_queue(store: SqliteAuditStore, n: int) -> tuple[list[threading.Thread], list[object]]:
    """``n`` appends from ``n`` threads, all queued behind a commit that waits for the store's lock."""
    outcomes: list[object] = []

    def append(i: int) -> None:
        try:
            outcomes.append(store.append(event(100 + i)))
        except AuditError as exc:
            outcomes.append(exc)

    threads, errors = _threads(n, append)
    _until(lambda: store._group.waiting == n - 1)  # one leads (waiting for the lock), the rest queue
    assert errors == []
    return threads, outcomes


def test_a_batch_of_sqlite_appends_is_one_commit_and_keeps_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    fill(path, 3)
    with SqliteAuditStore(path, anchor_every=0) as store:
        with store._lock:  # the store's lock is busy: every append waits, queued behind the first
            threads, outcomes = _hold_and_queue(store, 6)
        _join(threads)
        assert sorted(o.id for o in outcomes) == list(range(4, 10))  # type: ignore[attr-defined]
        assert store._group.batches == 2  # the first alone, then the five that queued behind it
        assert store.verify().ok


def test_a_failing_sqlite_commit_fails_every_append_in_it_closed(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    fill(path, 3)
    with SqliteAuditStore(path, anchor_every=0) as store:
        with store._lock:
            threads, outcomes = _hold_and_queue(store, 5)
            os.replace(path, tmp_path / "moved.db")  # the trail is moved away under the running store
        _join(threads)
        assert len(outcomes) == 5
        assert all(isinstance(o, AuditError) for o in outcomes), outcomes
    with SqliteAuditStore(tmp_path / "moved.db", create=False) as moved:
        assert [r.id for r in moved.chain()] == [1, 2, 3]  # none of the failed appends is on record
    assert not path.exists()  # nor did a failed commit create a new trail in its place


@pytest.fixture
def pg_store(pg_dsn: str) -> Iterator[AuditStore]:
    from weir.audit.dsn import Dsn
    from weir.audit.postgres import PostgresAuditStore

    with PostgresAuditStore(Dsn(pg_dsn, "the DSN in $TEST_DSN"), anchor_every=5) as s:
        yield s


def test_many_threads_appending_to_postgres_through_one_store_lose_no_row(pg_store: AuditStore) -> None:
    ids: list[int] = []
    threads, errors = _threads(
        8, lambda w: ids.extend(pg_store.append(event(i, session=f"w{w}")).id for i in range(25))
    )
    _join(threads)
    assert errors == []
    assert sorted(ids) == list(range(1, 201))
    report = pg_store.verify()
    assert report.ok, report.problem
    assert report.checked == 200
    lines: list[str] = []

    class _Out:
        def write(self, text: str) -> int:
            lines.append(text)
            return len(text)

    assert export_jsonl(pg_store, _Out()) == 200  # type: ignore[arg-type]
    assert verify_export("".join(lines).splitlines()).ok
