"""A fleet: calls/s and p99 through one and three replicas, and what Redis adds per call.

Part 1, in one run on real parts: Redis, PostgreSQL (the fleet's one audit chain, fsync on), the
demo web server over streamable HTTP (one upstream process for every replica and client, so the
rows measure the gateways, not a stdio server started per session), ``weir gateway --http``
processes and HAProxy in front of them. 32 agent sessions (2026-07-28 clients, no stickiness) call
an allowed tool concurrently through each front end in turn: one replica with its sessions in its
own memory (no ``state:``), one replica sharing them in Redis, three replicas sharing them (round
robin), each after an untimed warm-up (two sessions per replica, one call each). Reported: calls/s,
p50 and p99 per front end, and the shared trail's result rows against every call released, warm-ups
included (equal, and not zero).

Part 2, in process: one agent session's stage (an observed result joined into the session)
through the pipeline's worker with the in-memory store, and with shared sessions in Redis — as the
same replica again (its copy is current: two round trips) and alternating between two replicas
(each stage loads the other's blob). The difference is the per-stage cost of Redis; a tool call is
two stages (decide, observe).

Part 3, in process: a principal's quota take (a new holder, as each new client, agent or upstream
session takes one) and its request rate take (every HTTP request) in memory and in Redis, as CPU
per operation — of this process, and of redis-server (its /proc counters) — and wall p50.

No budget in DESIGN.md yet: the rows report (ok) and say what they measure. On a 2-core machine
shared with other work three replicas cannot be faster than one; compare the ratios, not the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

Row = tuple[str, str, str, bool]
SESSIONS = 32


def run(quick: bool) -> list[Row]:
    try:
        import redis  # noqa: F401
    except ImportError:
        return [("fleet (needs the fleet extra: pip install 'weir[fleet]')", "skipped", "-", True)]
    from tests.fleetparts import need

    try:
        need("redis-server")
        need("haproxy")
    except BaseException as exc:  # pytest's skip outside pytest: say why
        return [(f"fleet ({exc})", "skipped", "-", True)]
    rows = _stage_costs(quick)
    rows += _quota_costs(quick)
    rows += asyncio.run(_through_replicas(quick))
    return rows


# -- part 2: the per-stage cost of Redis ------------------------------------------------------


def _stage_costs(quick: bool) -> list[Row]:
    from tests.fleetparts import redis_server

    n = 300 if quick else 2000
    with tempfile.TemporaryDirectory() as tmp, redis_server(Path(tmp)) as server:
        memory, same, alternating = asyncio.run(_stages(server.url, n))
    return [
        ("one session stage, in-memory store (p50)", f"{memory * 1e6:.0f} us", "-", True),
        ("the same stage, shared in Redis, same replica (p50)", f"{same * 1e6:.0f} us", "-", True),
        ("the same stage, shared in Redis, two replicas alternating", f"{alternating * 1e6:.0f} us", "-", True),
        ("Redis per tool call (2 stages), same replica", f"+{2 * (same - memory) * 1e6:.0f} us", "-", True),
    ]


async def _stages(url: str, n: int) -> tuple[float, float, float]:
    from weir.flow.session import Session
    from weir.flow.store import MemorySessionStore
    from weir.labels.datalabel import DataLabel
    from weir.pipeline.worker import Worker
    from weir.state.config import RedisStateConfig
    from weir.state.redis import RedisSessions, connect

    settings = RedisStateConfig()
    label = DataLabel(untrusted=True, attribution=frozenset({"https://news.example/today"}))
    page = {"content": [{"type": "text", "text": "Markets were calm today; write to desk@news.example. " * 20}]}

    def stage_of(store: Any) -> Any:
        def run(_gate: Any) -> None:
            session = store.get("bench") or Session("bench")
            session.observe(server="web", tool="fetch", label=label, values=page)
            store.put(session)

        return run

    async def timed(workers: list[tuple[Worker, Any]]) -> float:
        times = []
        for i in range(n):
            worker, store = workers[i % len(workers)]
            started = time.perf_counter()
            await worker.stage("bench", stage_of(store), lambda why: None)
            times.append(time.perf_counter() - started)
        return statistics.median(times)

    local = MemorySessionStore()
    memory = await timed([(Worker(), local)])
    replicas = []
    for _ in range(2):
        store = MemorySessionStore()
        replicas.append((Worker(shared=RedisSessions(connect(url, settings), store, settings)), store))
    same = await timed(replicas[:1])
    alternating = await timed(replicas)
    return memory, same, alternating


# -- part 3: the per-operation cost of quotas and rates in Redis ----------------------------------


def _quota_costs(quick: bool) -> list[Row]:
    from tests.fleetparts import redis_server

    n = 500 if quick else 5000
    with tempfile.TemporaryDirectory() as tmp, redis_server(Path(tmp)) as server:
        assert server.proc is not None
        figures = asyncio.run(_quota_ops(server.url, server.proc.pid, n))
    rows = []
    for what, (cpu, redis_cpu, wall) in figures.items():
        said = f"{cpu * 1e6:.1f} us CPU" + (f" + {redis_cpu * 1e6:.1f} us in Redis" if redis_cpu else "")
        rows.append((f"{what} (CPU per op; wall p50 {wall * 1e6:.0f} us)", said, "-", True))
    return rows


def _redis_cpu(pid: int) -> float:
    """redis-server's CPU seconds so far (utime + stime from /proc)."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _quota_ops(url: str, pid: int, n: int) -> dict[str, tuple[float, float, float]]:
    from weir.gateway.quotas import MemoryQuotas, RequestRate, SharedQuotas, SharedRate
    from weir.state.buckets import RedisBuckets
    from weir.state.config import RedisStateConfig
    from weir.state.quotas import RedisQuotaHolders
    from weir.state.redis import connect

    client = connect(url, RedisStateConfig())
    holders = RedisQuotaHolders(client, "weir:", "bench", lease_s=60)
    shared, memory = SharedQuotas(holders), MemoryQuotas()

    async def take_and_give(ledger: Any, i: int) -> None:
        await ledger.take("client_sessions", "alice", f"h{i}", 64)
        ledger.give_back("client_sessions", "alice", f"h{i}")
        if ledger is shared:
            await holders.flush()  # the give-back's round trip, counted here

    async def rate(pacer: Any, i: int) -> None:
        await pacer.admit(f"p{i % 50}")

    async def measured(op: Any, part: Any) -> tuple[float, float, float]:
        for i in range(50):  # warm: scripts loaded, connections open
            await op(part, -i)
        times = []
        cpu, redis_cpu = time.process_time(), _redis_cpu(pid)
        for i in range(n):
            started = time.perf_counter()
            await op(part, i)
            times.append(time.perf_counter() - started)
        cpu, redis_cpu = time.process_time() - cpu, _redis_cpu(pid) - redis_cpu
        return cpu / n, redis_cpu / n, statistics.median(times)

    out = {
        "quota take + give back, in memory": await measured(take_and_give, memory),
        "quota take + give back, in Redis (2 round trips)": await measured(take_and_give, shared),
        "request rate take, in memory": await measured(rate, RequestRate(10_000, 10_000)),
        "request rate take, in Redis (1 round trip)": await measured(
            rate, SharedRate(RedisBuckets(client, "weir:"), 10_000, 10_000)
        ),
    }
    await client.aclose()
    return out


# -- part 1: through one and three replicas -----------------------------------------------------


async def _through_replicas(quick: bool) -> list[Row]:
    from tests.postgres import PostgresServer, pg_bin

    bin_dir = pg_bin()
    if bin_dir is None:
        return [("fleet throughput (PostgreSQL is not installed: scripts/_postgres.sh)", "skipped", "-", True)]
    postgres = PostgresServer(bin_dir)
    try:
        postgres.start(fsync=True)
        return await _through_fronts(postgres.new_database(), 5 if quick else 20)
    finally:
        postgres.destroy()


async def _through_fronts(dsn: str, calls: int) -> list[Row]:
    from tests.e2e.running import stop
    from tests.fleet.conftest import fleet_config, start_replica
    from tests.fleetparts import redis_server

    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp, redis_server(Path(tmp)) as server, _web_upstream() as web:
        directory = Path(tmp)
        servers = {"web": {"url": web}}
        alone = start_replica(_roomy(fleet_config(directory, "memory", servers=servers, shared=False)), server.url, dsn)
        replicas = [alone]
        try:
            for i in range(3):
                config = _roomy(fleet_config(directory, f"r{i + 1}", servers=servers))
                replicas.append(start_replica(config, server.url, dsn))
            ports = [int(r.base.rsplit(":", 1)[1]) for r in replicas]
            released = 0
            fronts = (("1 replica, sessions in memory", ports[:1]), ("1 replica, sessions in Redis", ports[1:2]),
                      ("3 replicas, sessions in Redis", ports[1:]))  # fmt: skip
            for label, backends in fronts:
                with _lb(directory, label, backends) as port:
                    # Untimed first: every replica behind this front connects its upstream and warms up.
                    *_, warm = await _load(f"http://127.0.0.1:{port}/mcp", 1, sessions=len(backends) * 2)
                    rate, p50, p99, ok = await _load(f"http://127.0.0.1:{port}/mcp", calls)
                released += ok + warm
                rows.append((f"{SESSIONS} sessions x {calls} calls, {label}: calls/s", f"{rate:.1f}", "-", True))
                rows.append((f"  latency p50 / p99 ({label})", f"{p50 * 1e3:.0f} / {p99 * 1e3:.0f} ms", "-", True))
                rows.append((f"  calls released / attempted ({label})", f"{ok} / {SESSIONS * calls}", "-", True))
        finally:
            for running in replicas:
                stop(running)
    audited = _released_rows(dsn)
    same = audited == released and released > 0
    rows.append(("shared trail's result rows = calls released (> 0)", f"{audited} / {released}", "equal", same))
    return rows


def _roomy(config: Path) -> Path:
    """The config with room for every client session the fronts open on a replica (each 2026-07-28
    client counts until it idles out; the default 64 per principal is not what is measured here), and
    a request rate no front reaches (every request still takes its token: in Redis, for the fleet)."""
    import yaml

    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    data["gateway"]["quotas"] = {"client_sessions": 1000, "requests_per_s": 1_000_000, "request_burst": 1_000_000}
    config.write_text(yaml.safe_dump(data), encoding="utf-8")
    return config


@contextlib.contextmanager
def _web_upstream() -> Iterator[str]:
    """The demo web server over streamable HTTP on a free port; yields its URL."""
    from tests.fleetparts import wait_port
    from tests.ports import free_port

    port = free_port()
    serve = f"from weir.demo_servers.web import server; server.run('streamable-http', port={port})"
    proc = subprocess.Popen([sys.executable, "-c", serve], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port, proc, "the demo web server")
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.kill()
        proc.wait(timeout=30)


def _lb(directory: Path, label: str, backends: list[int]) -> Any:
    from tests.fleetparts import haproxy

    where = directory / label.replace(" ", "-").replace(",", "")
    where.mkdir(exist_ok=True)
    return haproxy(where, backends)


async def _load(url: str, calls: int, *, sessions: int = SESSIONS) -> tuple[float, float, float, int]:
    import httpx2
    import mcp_types as t
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from tests.fleet.conftest import TOKEN

    latencies: list[float] = []
    errors: list[str] = []
    released = 0

    async def session(i: int) -> None:
        nonlocal released
        http = httpx2.AsyncClient(headers={"authorization": f"Bearer {TOKEN}"}, timeout=300)
        client = Client(streamable_http_client(url, http_client=http), mode="2026-07-28",
                        client_info=t.Implementation(name=f"bench-{i}-{time.monotonic_ns()}", version="1"))  # fmt: skip
        async with client as c:
            listed = await c.list_tools()  # one server: its tools are not prefixed
            fetch = next(tool.name for tool in listed.tools if tool.name.endswith("fetch"))
            for _ in range(calls):
                started = time.perf_counter()
                try:
                    result = await c.call_tool(fetch, {"url": "https://news.example/today"})
                except Exception as exc:  # counted and shown: a figure over failed calls is no figure
                    code, data = getattr(exc, "code", None), getattr(exc, "data", None)
                    errors.append(f"{type(exc).__name__} {code}: {getattr(exc, 'message', exc)} {data!r:.200}")
                    continue
                latencies.append(time.perf_counter() - started)
                released += 0 if result.is_error else 1

    started = time.perf_counter()
    await asyncio.gather(*(session(i) for i in range(sessions)))
    elapsed = time.perf_counter() - started
    if errors:
        print(f"  ({len(errors)} calls failed at {url}; the first: {errors[0]})")
    if not latencies:
        return 0.0, float("nan"), float("nan"), 0
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return len(latencies) / elapsed, statistics.median(latencies), p99, released


def _released_rows(dsn: str) -> int:
    """The result rows of the fetches in the fleet's shared trail."""
    from tests.fleet.conftest import trail

    from weir.audit import AuditQuery, Phase

    with trail(dsn) as store:
        return sum(1 for s in store.query(AuditQuery(phase=Phase.RESULT)) if s.event.tool == "fetch")


if __name__ == "__main__":
    for row in run("--quick" in sys.argv):
        print(row)
