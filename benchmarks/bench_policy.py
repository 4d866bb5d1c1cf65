"""Policy figures against DESIGN.md's budgets: pre-call decisions, replay speed, idle session memory.

Everything runs through :class:`weir.guard.Guard` with the baseline pack and the shipped corpus's
deployment config, the way the gateway and `weir replay` decide:

- one pre-call decision: ``Guard.before_call`` on a bank transfer in a session that has just read
  a bill e-mail (provenance, facts, every baseline rule) — p50 and p99, and decisions/s; each
  sample decides on a fresh copy of the session; the same with the argument fingerprint caches
  emptied before each sample (values the process has never seen);
- the engine alone (``Engine.decide`` on those facts), to show where the time goes; rule
  conditions run as generated Python (:mod:`weir.policy.fastpath`) unless CEL must decide;
- replay: every call and result of the whole corpus, traces already parsed, calls/s with the
  default detector chain and without any detector (the policy path alone), wall and thread CPU
  (and the same with parsing the JSON Lines, as ``weir replay`` does); one process, no pool:
  every figure is one thread's work; each round starts cold
  (see ``_start_cold``), so no round is faster for having seen the same inputs before, and
  once more with every trace cold, as separate `weir replay TRACE` runs would see them;
- steady-state replay: one long replay of the whole corpus repeated with fresh session ids
  (≥ 5,000 calls, one Guard, the engine compiled once and every cache cold at the start), the
  way a ``weir replay`` of a long recorded trace runs: compiling the engine and first reading
  each tool list are paid once, not per 164 calls as in the rows above;
- memory per idle agent session, with tracemalloc over many sessions: a fresh one, and one that
  has run the five calls of ``bill-pay-known-payee``; its attribution strings are reported
  apart, since the budget is "4 KB plus its attribution".
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from weir.config import WeirConfig, load_config
from weir.detect.chain import Chain
from weir.flow.provenance import clear_caches
from weir.flow.session import Session
from weir.guard import Guard, memo
from weir.policy.engine import Engine
from weir.replay.examples import config_path, trace_names, trace_path
from weir.replay.explain import FactKeepingEngine
from weir.replay.run import Player, guard_for, replay
from weir.trace import CallEvent, SessionEvent, TraceLine, read_trace

Row = tuple[str, str, str, bool]

DECISION_BUDGET_US = 50.0
REPLAY_BUDGET = 20_000.0
SESSION_BUDGET_BYTES = 4096

TRANSFER = {
    "from_account": "acc-giro-1",
    "to_iban": "DE44400501500000337712",
    "to_name": "Stadtwerke Münster GmbH",
    "amount": 84.20,
    "currency": "EUR",
    "reference": "KD 40021877 RE 2026-11-0458812",
}


def _config() -> WeirConfig:
    return load_config(config_path())


def _bill_session(guard: Guard, session_id: str) -> Session:
    """A session that has run the bill-paying trace up to (not including) the transfer."""
    player = Player(guard)
    for tl in read_trace(trace_path("bill-pay-known-payee")):
        if isinstance(tl.event, CallEvent) and tl.event.tool == "transfer":
            break
        player.feed(TraceLine(tl.line, SessionEvent(session_id)) if isinstance(tl.event, SessionEvent) else tl)
    return guard.session(session_id)


def _percentiles(samples_ns: list[int]) -> tuple[float, float]:
    ordered = sorted(samples_ns)
    p50 = ordered[len(ordered) // 2] / 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] / 1000
    return p50, p99


def _time_each(
    n: int, setup: Callable[[], Any], run: Callable[[Any], object], clock: Callable[[], int] = time.perf_counter_ns
) -> list[int]:
    samples = []
    for _ in range(n):
        arg = setup()
        start = clock()
        run(arg)
        samples.append(clock() - start)
    return samples


_ROUNDS = 5


def _decision_rows(quick: bool) -> list[Row]:
    guard = guard_for(_config())
    snapshot = _bill_session(guard, "bench").to_json()
    n = 2_000 if quick else 20_000
    # A fresh copy of the same session per sample: every decision sees exactly the same state.
    samples = _time_each(
        n, lambda: Session.from_json(snapshot), lambda s: guard.before_call(s, "bank", "transfer", TRANSFER)
    )
    p50, p99 = _percentiles(samples)
    per_s = 1e9 / statistics.fmean(samples)
    # CPU time of this thread: what the figure would be on an idle machine (the 2-core build box is shared).
    cpu = _time_each(
        n,
        lambda: Session.from_json(snapshot),
        lambda s: guard.before_call(s, "bank", "transfer", TRANSFER),
        time.thread_time_ns,
    )
    c50, _ = _percentiles(cpu)

    def cold() -> Session:
        # Argument values the process has never seen: no cached fingerprint or normalisation.
        clear_caches()
        return Session.from_json(snapshot)

    cold_cpu = _time_each(n, cold, lambda s: guard.before_call(s, "bank", "transfer", TRANSFER), time.thread_time_ns)
    k50, _ = _percentiles(cold_cpu)
    # The realistic stream: every call a new payment (its amount and reference never seen before),
    # to the same payee from the same account. Only values that really recur can hit a cache.
    counter = iter(range(10**9))

    def new_payment() -> tuple[Session, dict[str, Any]]:
        i = next(counter)
        args = {**TRANSFER, "amount": 10 + i * 0.37, "reference": f"KD {40021877 + i} RE 2026-11-{458812 + i:07d}"}
        return Session.from_json(snapshot), args

    fresh_cpu = _time_each(
        n, new_payment, lambda sa: guard.before_call(sa[0], "bank", "transfer", sa[1]), time.thread_time_ns
    )
    f50, _ = _percentiles(fresh_cpu)
    # The same two rows in rounds, alternating: on a shared VM one minute's p50 can be twice the next
    # minute's for the same code, so the spread says how far a single p50 above can be trusted.
    rounds: tuple[list[float], list[float]] = ([], [])
    for _ in range(_ROUNDS):
        same = _time_each(
            n // _ROUNDS,
            lambda: Session.from_json(snapshot),
            lambda s: guard.before_call(s, "bank", "transfer", TRANSFER),
            time.thread_time_ns,
        )
        rounds[0].append(_percentiles(same)[0])
        fresh = _time_each(
            n // _ROUNDS,
            new_payment,
            lambda sa: guard.before_call(sa[0], "bank", "transfer", sa[1]),
            time.thread_time_ns,
        )
        rounds[1].append(_percentiles(fresh)[0])
    keeper = FactKeepingEngine(guard.engine)
    guard_for(_config(), engine=keeper).before_call(Session.from_json(snapshot), "bank", "transfer", TRANSFER)
    facts, engine = keeper.last["call"], guard.engine
    engine_samples = _time_each(n, lambda: None, lambda _: engine.decide(facts, phase="call"))
    e50, e99 = _percentiles(engine_samples)
    budget = f"≤ {DECISION_BUDGET_US:.0f} µs"
    return [
        ("pre-call decision p50 (Guard.before_call, baseline)", f"{p50:.1f} µs", budget, p50 <= DECISION_BUDGET_US),
        ("pre-call decision p99 (Guard.before_call, baseline)", f"{p99:.1f} µs", "(p99, no budget)", True),
        ("pre-call decision p50, thread CPU time", f"{c50:.1f} µs", budget, c50 <= DECISION_BUDGET_US),
        ("pre-call p50, a new payment each call, thread CPU", f"{f50:.1f} µs", budget, f50 <= DECISION_BUDGET_US),
        ("  the same payment, argument caches cold, thread CPU", f"{k50:.1f} µs", "(cold path, no budget)", True),
        (
            f"  both rows again in {_ROUNDS} alternating rounds: p50 min / median / max",
            " · ".join(f"{min(r):.1f} / {statistics.median(r):.1f} / {max(r):.1f} µs" for r in rounds),
            "(spread: machine noise)",
            True,
        ),
        ("decisions/s (one thread, mean of the above)", f"{per_s:,.0f}/s", "(no budget)", True),
        ("engine.decide alone p50 / p99 (same facts)", f"{e50:.1f} / {e99:.1f} µs", "(where the time goes)", True),
    ]


def _start_cold(engine: Engine) -> Engine:
    """Forget what an earlier round memoised, as a new ``weir replay`` process would have.

    Every round replays the whole corpus once; within a round the catalogs shared across
    traces are read once, as a long replay of many sessions over the same servers would. Across
    rounds nothing carries over: the guard's shared caches are emptied, every bounded memo of
    per-input work (``functools.lru_cache`` tables in Weir's modules) is cleared, and the engine
    is a fresh one compiled from the same rules (its per-tool caches start empty). Kept: what a
    process loads once whatever the input (the injection model, the character table).
    """
    _forget()
    return Engine(engine.rules, engine.mode)


def _forget() -> None:
    """Empty the guard's shared caches and every bounded memo of per-input work (see ``_start_cold``)."""
    memo.clear_caches()
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("weir."):
            continue
        for obj in list(vars(module).values()):
            info = getattr(obj, "cache_info", None)
            if callable(info) and callable(getattr(obj, "cache_clear", None)) and info().maxsize not in (None, 1):
                obj.cache_clear()


def _replay_rows(quick: bool) -> list[Row]:
    config = _config()
    engine = Engine.from_config(config.policy, base_dir=config.base_dir)
    Chain.from_specs(config.detectors).warm()  # loads the model and tables once, as a process does
    traces = [read_trace(trace_path(name)) for name in trace_names()]
    calls = sum(isinstance(tl.event, CallEvent) for lines in traces for tl in lines)
    rounds = 3 if quick else 20

    def calls_per_s(cfg: WeirConfig, *, parse: bool = False, cold_traces: bool = False) -> tuple[float, float]:
        wall = cpu = 0.0
        for _ in range(rounds):
            fresh = _start_cold(engine)
            for name, lines in zip(trace_names(), traces, strict=True):
                if cold_traces:  # each trace as its own `weir replay TRACE` would see it
                    fresh = _start_cold(engine)
                start, cpu_start = time.perf_counter(), time.thread_time()
                replay(read_trace(trace_path(name)) if parse else lines, cfg, guard=guard_for(cfg, engine=fresh))
                wall += time.perf_counter() - start
                cpu += time.thread_time() - cpu_start
        return rounds * calls / wall, rounds * calls / cpu

    bare_config = config.model_copy(update={"detectors": []})
    parsed, parsed_cpu = calls_per_s(config)
    with_io, with_io_cpu = calls_per_s(config, parse=True)
    bare, bare_cpu = calls_per_s(bare_config)
    _, lone_cpu = calls_per_s(config, cold_traces=True)
    _, lone_bare_cpu = calls_per_s(bare_config, cold_traces=True)
    budget = f"≥ {REPLAY_BUDGET:,.0f}/s"
    return [
        (f"replay, corpus parsed ({calls} calls + results)", f"{parsed:,.0f} calls/s", budget, parsed >= REPLAY_BUDGET),
        ("  per thread CPU second", f"{parsed_cpu:,.0f} calls/s", budget, parsed_cpu >= REPLAY_BUDGET),
        ("replay without detectors (policy path alone)", f"{bare:,.0f} calls/s", budget, bare >= REPLAY_BUDGET),
        ("  per thread CPU second", f"{bare_cpu:,.0f} calls/s", budget, bare_cpu >= REPLAY_BUDGET),
        ("replay, reading the JSON Lines too", f"{with_io:,.0f} calls/s", budget, with_io >= REPLAY_BUDGET),
        ("  per thread CPU second", f"{with_io_cpu:,.0f} calls/s", budget, with_io_cpu >= REPLAY_BUDGET),
        (
            "replay, every trace cold (thread CPU; with / without detectors)",
            f"{lone_cpu:,.0f} / {lone_bare_cpu:,.0f} calls/s",
            "(no shared catalogs)",
            True,
        ),
    ]


STEADY_CALLS = 5_000


def _long_trace(traces: list[list[TraceLine]], calls: int) -> list[TraceLine]:
    """The corpus repeated until it holds ``calls`` calls, each repetition's sessions renamed.

    Every trace starts its own agent session (a trace without a ``session`` event would
    otherwise share one implicit session with the others), and each repetition's ids are new,
    so no session ever sees another repetition's data: the repetitions are new sessions over
    the same servers, as a long recording of many agent sessions would be.
    """
    per_round = sum(isinstance(tl.event, CallEvent) for lines in traces for tl in lines)
    out: list[TraceLine] = []
    for rep in range(-(-calls // per_round)):
        for t, lines in enumerate(traces):
            out.append(TraceLine(len(out), SessionEvent(f"r{rep}-t{t}")))
            for tl in lines:
                event = SessionEvent(f"r{rep}-t{t}-{tl.event.id}") if isinstance(tl.event, SessionEvent) else tl.event
                out.append(TraceLine(len(out), event))
    return out


def _steady_rows(quick: bool) -> list[Row]:
    config = _config()
    engine = Engine.from_config(config.policy, base_dir=config.base_dir)
    Chain.from_specs(config.detectors).warm()  # loads the model and tables once, as a process does
    lines = _long_trace([read_trace(trace_path(name)) for name in trace_names()], STEADY_CALLS)
    calls = sum(isinstance(tl.event, CallEvent) for tl in lines)

    def calls_per_cpu_s(cfg: WeirConfig) -> float:
        _forget()
        start = time.thread_time()
        # Compiled once, inside the measured time, as `weir replay` does before the first line.
        replay(lines, cfg, guard=guard_for(cfg, engine=Engine(engine.rules, engine.mode)))
        return calls / (time.thread_time() - start)

    bare = calls_per_cpu_s(config.model_copy(update={"detectors": []}))
    full = calls_per_cpu_s(config)
    budget = f"≥ {REPLAY_BUDGET:,.0f}/s"
    return [
        (
            f"replay, steady state: one long trace ({calls:,} calls), no detectors, thread CPU",
            f"{bare:,.0f} calls/s",
            budget,
            bare >= REPLAY_BUDGET,
        ),
        ("  the same with the default detector chain", f"{full:,.0f} calls/s", budget, full >= REPLAY_BUDGET),
    ]


def _session_bytes(make: Callable[[Guard, str], Session], n: int) -> tuple[float, float]:
    """Mean bytes per session held by the guard's store, and mean bytes of their attribution strings."""
    guard = guard_for(_config())
    make(guard, "warm-up")  # tool facts and other shared caches are not per-session memory
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    sessions = [make(guard, f"session-{i:06d}") for i in range(n)]
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    attribution = sum(len(a.encode()) + 49 for s in sessions for a in s.label.attribution)  # 49: str header
    return (after - before) / n, attribution / n


def _memory_rows(quick: bool) -> list[Row]:
    n = 300 if quick else 2_000
    fresh, _ = _session_bytes(lambda g, sid: g.session(sid), n)
    used, attribution = _session_bytes(_bill_session, n)
    rest = used - attribution
    return [
        ("idle session, fresh", f"{fresh:,.0f} B", f"≤ {SESSION_BUDGET_BYTES} B", fresh <= SESSION_BUDGET_BYTES),
        ("idle session after 4 calls (bill e-mail, payees, accounts)", f"{used:,.0f} B", "(total)", True),
        ("  of which attribution strings", f"{attribution:,.0f} B", "(outside the budget)", True),
        ("  the rest", f"{rest:,.0f} B", f"≤ {SESSION_BUDGET_BYTES} B", rest <= SESSION_BUDGET_BYTES),
    ]


def _reference_row() -> Row:
    """A fixed pure-Python workload, so figures from a slow or shared machine can be read in context."""
    samples = _time_each(2_000, lambda: None, lambda _: sum(range(1000)), time.thread_time_ns)
    p50, _ = _percentiles(samples)
    return (
        "reference: sum(range(1000)) p50, thread CPU (≈ 8 µs on a 2020s laptop)",
        f"{p50:.1f} µs",
        "(context)",
        True,
    )


def run(quick: bool) -> list[Row]:
    """Every figure of this section (see the module docstring)."""
    return [
        _reference_row(),
        *_decision_rows(quick),
        *_replay_rows(quick),
        *_steady_rows(quick),
        *_memory_rows(quick),
    ]
