"""Audit append cost on the gateway's hot path, NORMAL vs FULL durability side by side, and verify speed.

Every append includes its anchor log line (fsynced too under FULL) and the check that the
database and the log are still the files at their paths.

Every append is a committed transaction (the gateway releases a response only after it), so
the figure that matters is the latency of one append, not batched throughput. A store appends
after the head it last wrote in one ``INSERT``; when another writer appended in between, that
insert fails and the append takes the locked path (read the head, insert, commit). The
"another writer" row measures that cold path: every append follows one by a second store.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import threading
import time
from pathlib import Path

from weir.audit import AsyncAuditStore, AuditEvent, DecisionRecord, Durability, Payload, Phase, SqliteAuditStore
from weir.labels import DataLabel, Level

Row = tuple[str, str, str, bool]

APPEND_P50_BUDGET_MS = 0.25
"""One append must not cost more than the whole in-memory gateway overhead budget (DESIGN.md)."""
VERIFY_BUDGET = 20_000
"""Rows per second a verify walks, so a million-event trail verifies in under a minute."""


def _event(i: int) -> AuditEvent:
    label = DataLabel(untrusted=True, level=Level(2))
    return AuditEvent(
        phase=Phase.CALL,
        session="bench-session",
        connection="conn-1",
        server="mail",
        tool="send_email",
        call_id=str(i),
        arguments=Payload.redacted({"to": "someone@example.com", "subject": "hello", "body": "x" * 400}),
        decision=DecisionRecord(effect="warn", applied="warn", reasons=("untrusted data flows to a public sink",)),
        labels_before=label,
        labels_after=label,
        latency_ms=1.5,
    )


def _appends(path: Path, durability: Durability, n: int, key: bytes | None = None) -> tuple[float, float, float]:
    """(appends/s, p50 ms, p99 ms) for ``n`` sequential committed appends (anchor log MACed with ``key``)."""
    events = [_event(i) for i in range(n)]
    lat: list[float] = []
    with SqliteAuditStore(path, durability=durability, anchor_key=key) as store:
        start = time.perf_counter()
        for e in events:
            t0 = time.perf_counter()
            store.append(e)
            lat.append(time.perf_counter() - t0)
        total = time.perf_counter() - start
    lat.sort()
    return n / total, statistics.median(lat) * 1e3, lat[int(len(lat) * 0.99) - 1] * 1e3


def _shared_appends(path: Path, n: int) -> float:
    """p50 ms of an append that always follows another store's append to the same file."""
    lat: list[float] = []
    with SqliteAuditStore(path) as mine, SqliteAuditStore(path) as other:
        for i in range(n):
            other.append(_event(i))
            t0 = time.perf_counter()
            mine.append(_event(i))
            lat.append(time.perf_counter() - t0)
    return statistics.median(lat) * 1e3


def _async_appends(path: Path, n: int) -> float:
    """p50 ms of ``await AsyncAuditStore.append`` (the worker-thread hop included), one at a time."""

    async def main() -> list[float]:
        lat: list[float] = []
        async with AsyncAuditStore(SqliteAuditStore(path)) as store:
            for i in range(n):
                t0 = time.perf_counter()
                await store.append(_event(i))
                lat.append(time.perf_counter() - t0)
        return lat

    return statistics.median(asyncio.run(main())) * 1e3


def _threaded_appends(path: Path, durability: Durability, threads: int, n: int) -> tuple[float, float | None]:
    """Appends/s of ``threads`` threads appending ``n`` events each to one store, and the rows per
    commit (group commit, :mod:`weir.audit.group`; ``None`` for a store without it)."""
    with SqliteAuditStore(path, durability=durability) as store:
        start = threading.Barrier(threads + 1)

        def work(w: int) -> None:
            start.wait()
            for i in range(n):
                store.append(_event(w * n + i))

        pool = [threading.Thread(target=work, args=(w,)) for w in range(threads)]
        for t in pool:
            t.start()
        start.wait()
        t0 = time.perf_counter()
        for t in pool:
            t.join()
        elapsed = time.perf_counter() - t0
        group = getattr(store, "_group", None)
        per_commit = threads * n / group.batches if group is not None and group.batches else None
    return threads * n / elapsed, per_commit


def _verify(path: Path) -> tuple[int, float]:
    with SqliteAuditStore(path, create=False) as store:
        t0 = time.perf_counter()
        report = store.verify()
        return report.checked, report.checked / (time.perf_counter() - t0)


def run(quick: bool) -> list[Row]:
    """Measure NORMAL and FULL appends in one run, then verify the NORMAL file."""
    n_normal, n_full = (2_000, 300) if quick else (20_000, 2_000)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        normal = Path(tmp) / "normal.db"
        rate, p50, p99 = _appends(normal, Durability.NORMAL, n_normal)
        rows.append(
            (
                "append, WAL synchronous=NORMAL (default): p50",
                f"{p50:.3f} ms",
                f"≤ {APPEND_P50_BUDGET_MS} ms",
                p50 <= APPEND_P50_BUDGET_MS,
            )
        )
        rows.append(("append, WAL synchronous=NORMAL: p99", f"{p99:.3f} ms", "(reported)", True))
        rows.append(("append, WAL synchronous=NORMAL: throughput", f"{rate:,.0f} /s", "(reported)", True))
        rate_f, p50_f, p99_f = _appends(Path(tmp) / "full.db", Durability.FULL, n_full)
        rows.append(("append, WAL synchronous=FULL (fsync per commit): p50", f"{p50_f:.3f} ms", "(reported)", True))
        rows.append(("append, WAL synchronous=FULL: p99", f"{p99_f:.3f} ms", "(reported)", True))
        rows.append(("append, WAL synchronous=FULL: throughput", f"{rate_f:,.0f} /s", "(reported)", True))
        rows.append(("FULL / NORMAL p50 ratio", f"{p50_f / p50:.1f}×", "(reported)", True))
        _, kp50, _ = _appends(Path(tmp) / "keyed.db", Durability.NORMAL, n_normal, key=b"k" * 32)
        rows.append(("append, NORMAL, anchor log with a key (HMAC): p50", f"{kp50:.3f} ms", "(reported)", True))
        sp50 = _shared_appends(Path(tmp) / "shared.db", n_full)
        rows.append(
            ("append after another writer's (the locked path, NORMAL): p50", f"{sp50:.3f} ms", "(reported)", True)
        )
        ap50 = _async_appends(Path(tmp) / "async.db", n_full)
        rows.append(("append from asyncio (AsyncAuditStore, NORMAL): p50", f"{ap50:.3f} ms", "(reported)", True))
        for durability, n in ((Durability.NORMAL, n_full), (Durability.FULL, n_full // 4)):
            trate, per_commit = _threaded_appends(Path(tmp) / f"threads-{durability.value}.db", durability, 8, n)
            grouped = "n/a" if per_commit is None else f"{per_commit:.1f} rows/commit"
            what = f"append from 8 threads at once, {durability.value.upper()}: throughput ({grouped})"
            rows.append((what, f"{trate:,.0f} /s", "(reported)", True))
        checked, vrate = _verify(normal)
        rows.append(
            (f"verify ({checked:,} rows)", f"{vrate:,.0f} rows/s", f"≥ {VERIFY_BUDGET:,}", vrate >= VERIFY_BUDGET)
        )
    return rows
