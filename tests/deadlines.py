"""Hang guards for tests: a deadline that only stops a test that would otherwise never end.

No test asserts how fast something is (speed targets live in ``scripts/bench``). A deadline is
there so that a hang fails with a message instead of waiting for pytest-timeout; it is generous
(minutes, not seconds) because a loaded two-core machine can take tens of seconds to start a
subprocess. ``WEIR_TEST_DEADLINE_SCALE`` multiplies every guard (say 3 on a machine busier still).

A test that waits for something to happen polls with :func:`eventually` (or
:func:`eventually_sync`): it returns as soon as the condition holds, so the guard costs nothing
when the machine is quick, and a count of short sleeps (``for _ in range(100): ... sleep(0.02)``,
two seconds) is not a guard: tests/test_deadlines.py refuses it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import anyio

__all__ = ["eventually", "eventually_sync", "hang_guard"]

FLOOR_S = 60.0
"""No guard is shorter: less than a minute is a speed assertion on a busy machine."""


def hang_guard(seconds: float = FLOOR_S) -> float:
    """``seconds`` (at least a minute) times ``WEIR_TEST_DEADLINE_SCALE``."""
    return max(seconds, FLOOR_S) * float(os.environ.get("WEIR_TEST_DEADLINE_SCALE", "1"))


async def eventually(check: Callable[[], object], *, step: float = 0.02, seconds: float = FLOOR_S) -> bool:
    """Poll ``check`` every ``step`` until it is true (True) or the hang guard passes (False)."""
    deadline = time.monotonic() + hang_guard(seconds)
    while not check():
        if time.monotonic() > deadline:
            return False
        await anyio.sleep(step)
    return True


def eventually_sync(check: Callable[[], object], *, step: float = 0.05, seconds: float = FLOOR_S) -> bool:
    """:func:`eventually` for a test without an event loop (it blocks the thread between polls)."""
    deadline = time.monotonic() + hang_guard(seconds)
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(step)
    return True
