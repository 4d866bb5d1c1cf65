"""The PostgreSQL audit store beside SQLite, in one run: append latency at equal durability, the
SQLite default for reference, several writers on one chain, and verify speed.

A local server is started for the run (tests/postgres.py) with ``fsync`` on, as a deployment
runs it: an append's commit waits for its WAL flush, so the fair SQLite row is ``durability:
full`` (an fsync per commit); SQLite's default (``normal``) does not fsync at all. The section
reports and is skipped when PostgreSQL is not installed (scripts/_postgres.sh installs it).
"""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.bench_audit import _event
from weir.audit import Durability, SqliteAuditStore
from weir.audit.dsn import Dsn

Row = tuple[str, str, str, bool]


def _p50(append: object, n: int) -> tuple[float, float]:
    """(p50 ms, appends/s) of ``n`` sequential appends."""
    lat: list[float] = []
    start = time.perf_counter()
    for i in range(n):
        t0 = time.perf_counter()
        append(_event(i))  # type: ignore[operator]
        lat.append(time.perf_counter() - t0)
    return statistics.median(lat) * 1e3, n / (time.perf_counter() - start)


def run(quick: bool) -> list[Row]:
    """Measure SQLite (normal, full) and PostgreSQL appends side by side, then 4 writers, then verify."""
    from tests.postgres import PostgresServer, pg_bin

    bin_dir = pg_bin()
    if bin_dir is None:
        return [("PostgreSQL audit store", "skipped", "PostgreSQL not installed", True)]
    from weir.audit.postgres import PostgresAuditStore

    n = 200 if quick else 1_000
    server = PostgresServer(bin_dir)
    rows: list[Row] = []
    try:
        server.start(fsync=True)
        with tempfile.TemporaryDirectory() as tmp:
            with SqliteAuditStore(Path(tmp) / "n.db") as s:
                normal, _ = _p50(s.append, n)
            with SqliteAuditStore(Path(tmp) / "f.db", durability=Durability.FULL) as s:
                full, _ = _p50(s.append, n)
        with PostgresAuditStore(Dsn(server.new_database(), "bench")) as pg:
            pg50, rate = _p50(pg.append, n)
            t0 = time.perf_counter()
            report = pg.verify()
            vrate = report.checked / (time.perf_counter() - t0)
        rows += [
            ("append, SQLite durability=normal (no fsync): p50", f"{normal:.3f} ms", "(reported)", True),
            ("append, SQLite durability=full (fsync per commit): p50", f"{full:.3f} ms", "(reported)", True),
            ("append, PostgreSQL (local, fsync on, one writer): p50", f"{pg50:.3f} ms", "(reported)", True),
            ("append, PostgreSQL: throughput, one writer", f"{rate:,.0f} /s", "(reported)", True),
            ("PostgreSQL / SQLite full p50 ratio", f"{pg50 / full:.1f}×", "(reported)", True),
            ("PostgreSQL / SQLite normal p50 ratio", f"{pg50 / normal:.1f}×", "(reported)", True),
            (
                f"verify, PostgreSQL ({report.checked:,} rows, ok={report.ok})",
                f"{vrate:,.0f} rows/s",
                "(reported)",
                True,
            ),
        ]
        rows.append(_writers(PostgresAuditStore, server.new_database(), n))
    finally:
        server.destroy()
    return rows


def _writers(store_type: type, dsn: str, n: int) -> Row:
    """4 stores (as 4 replicas) appending to one chain at once: appends/s, and whether it verifies."""
    stores = [store_type(Dsn(dsn, "bench")) for _ in range(4)]
    per = n // 4
    threads = [threading.Thread(target=lambda s=s: [s.append(_event(i)) for i in range(per)]) for s in stores]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rate = 4 * per / (time.perf_counter() - t0)
    ok = stores[0].verify().ok
    for s in stores:
        s.close()
    return (f"append, PostgreSQL, 4 writers on one chain (verifies: {ok})", f"{rate:,.0f} /s", "(reported)", ok)
