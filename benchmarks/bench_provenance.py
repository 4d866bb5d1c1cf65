"""Provenance by containment: what reading untrusted text costs a session, and how a decision grows.

Everything runs through :class:`weir.guard.Guard` with the baseline pack and the shipped corpus's
deployment config (its tool lists registered once):

- bytes per idle session (tracemalloc over many fresh sessions), and the bytes a session holds
  after one open-world page of 1 MB: English-like prose (a few thousand distinct words, with ids
  and links among them) and the worst case, 1 MB of random identifiers (every gram new: the
  index fills to its bound and the rest goes to the fixed overflow bitmap); with the index's own
  arrays and the session's serialised size for a shared store;
- a pre-call decision (``Guard.before_call`` on ``mail/send_email``) in the session that read the
  1 MB page, with a message body of 4 KB to 1 MB: thread CPU per KB at each size. Linear means the
  per-KB figure stays flat as the body grows; the row's budget is the largest per-KB figure at
  most twice the one at 16 KB (below that the fixed cost of a decision dominates). Each sample's
  body is new text (no cache helps) and each decision runs on a fresh copy of the session.
"""

from __future__ import annotations

import gc
import random
import time
import tracemalloc
from typing import Any

from weir.config import load_config
from weir.flow.session import Session
from weir.guard import Guard
from weir.replay.examples import config_path, trace_names, trace_path
from weir.replay.run import guard_for
from weir.trace import ToolsEvent, read_trace

Row = tuple[str, str, str, bool]

MB = 1 << 20
SIZES_KB = (4, 16, 64, 256, 1024)
LINEAR_RATIO = 2.0


def _guard() -> Guard:
    """The corpus deployment's guard with every server's tools (the first listing of each tool)."""
    guard = guard_for(load_config(config_path()))
    tools: dict[str, dict[str, dict[str, Any]]] = {}
    for name in trace_names():
        for tl in read_trace(trace_path(name)):
            if isinstance(tl.event, ToolsEvent):
                listed = tools.setdefault(tl.event.server, {})
                for tool in tl.event.tools:
                    listed.setdefault(tool["name"], tool)
    for server, listed in tools.items():
        guard.register_tools(server, list(listed.values()))
    return guard


def _prose(size: int, seed: int) -> str:
    """About ``size`` bytes of sentences over a fixed vocabulary, with an id or a link now and then."""
    rnd = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    vocab = ["".join(rnd.choices(letters, k=rnd.randint(2, 9))) for _ in range(3000)]
    out: list[str] = []
    total = 0
    while total < size:
        words = rnd.choices(vocab, k=rnd.randint(6, 16))
        if rnd.random() < 0.2:
            words.append(f"#{rnd.randrange(10**7):07d}")
        if rnd.random() < 0.05:
            words.append(f"https://{rnd.choice(vocab)}.example/{rnd.choice(vocab)}")
        sentence = " ".join(words).capitalize() + ". "
        out.append(sentence)
        total += len(sentence)
    return "".join(out)[:size]


def _noise(size: int, seed: int) -> str:
    """About ``size`` bytes of random identifiers in sentences (every gram likely new)."""
    rnd = random.Random(seed)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    words = []
    total = 0
    while total < size:
        word = "".join(rnd.choices(alphabet, k=rnd.randint(5, 12)))
        words.append(word)
        total += len(word) + 1
    return "Please read the following words carefully " + " ".join(words)[:size]


def _page(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}]}


def _read(guard: Guard, session_id: str, text: str) -> Session:
    session = guard.session(session_id)
    guard.before_call(session, "web", "fetch_page", {"url": "https://news.example/today"})
    guard.after_call(session, "web", "fetch_page", _page(text))
    return session


def _held(make: Any, n: int) -> float:
    """Mean bytes per object that ``make(i)`` returns and keeps alive."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [make(i) for i in range(n)]
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return (after - before) / n


def _memory_rows(guard: Guard, quick: bool) -> tuple[list[Row], Session]:
    idle = _held(lambda i: guard.session(f"idle-{i}"), 300 if quick else 2_000)
    rows: list[Row] = [("idle session (Guard.session), tracemalloc", f"{idle:,.0f} B", "(context)", True)]
    prose = _prose(MB, 1)
    read = None
    for what, text in (("1 MB of prose", prose), ("1 MB of random identifiers", _noise(MB, 2))):
        sessions: list[Session] = []

        def make(i: int, text: str = text, sessions: list[Session] = sessions, what: str = what) -> Session:
            sessions.append(_read(guard, f"{what}-{i}", text))
            return sessions[-1]

        held = _held(make, 2 if quick else 4)
        s = sessions[0]
        stored = len(s.to_json().encode())
        rows += [
            (f"session after reading {what}, tracemalloc", f"{held / 1024:,.0f} KB", "(context)", True),
            (f"  its text index ({len(s.text):,} grams)", f"{s.text.nbytes / 1024:,.0f} KB", "≤ 1.7 MB (bound)", True),
            ("  serialised for a shared store", f"{stored / 1024:,.0f} KB", "(context)", True),
        ]
        read = read or s
    assert read is not None
    return rows, read


def _linear_rows(guard: Guard, session: Session, quick: bool) -> list[Row]:
    snapshot = session.to_json()
    samples = 2 if quick else 5
    per_kb: dict[int, float] = {}
    counter = iter(range(10**9))
    for kb in SIZES_KB:
        best = float("inf")
        for _ in range(samples):
            body = f"Summary {next(counter)}: " + _prose(kb * 1024, next(counter))
            args = {"to": "team@corp.example", "subject": "Today's news", "body": body}
            fresh = Session.from_json(snapshot)
            start = time.thread_time_ns()
            guard.before_call(fresh, "mail", "send_email", args)
            best = min(best, (time.thread_time_ns() - start) / 1e3)
        per_kb[kb] = best / kb
    ratio = max(per_kb[kb] for kb in SIZES_KB if kb >= 16) / per_kb[16]
    figures = " · ".join(f"{kb} KB {per_kb[kb]:.1f}" for kb in SIZES_KB)
    return [
        ("pre-call decision per KB of message body (µs/KB, thread CPU)", figures, "(flat = linear)", True),
        ("  largest per-KB figure / the figure at 16 KB", f"{ratio:.2f}", f"≤ {LINEAR_RATIO}", ratio <= LINEAR_RATIO),
    ]


def run(quick: bool) -> list[Row]:
    """Every figure of this section (see the module docstring)."""
    guard = _guard()
    rows, session = _memory_rows(guard, quick)
    return rows + _linear_rows(guard, session, quick)
