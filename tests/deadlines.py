"""Hang guards for tests: a deadline that only stops a test that would otherwise never end.

No test asserts how fast something is (speed targets live in ``scripts/bench``). A deadline is
there so that a hang fails with a message instead of waiting for pytest-timeout; it is generous
(minutes, not seconds) because a loaded two-core machine can take tens of seconds to start a
subprocess. ``WEIR_TEST_DEADLINE_SCALE`` multiplies every guard (say 3 on a machine busier still).
"""

from __future__ import annotations

import os

__all__ = ["hang_guard"]

FLOOR_S = 60.0
"""No guard is shorter: less than a minute is a speed assertion on a busy machine."""


def hang_guard(seconds: float = FLOOR_S) -> float:
    """``seconds`` (at least a minute) times ``WEIR_TEST_DEADLINE_SCALE``."""
    return max(seconds, FLOOR_S) * float(os.environ.get("WEIR_TEST_DEADLINE_SCALE", "1"))
