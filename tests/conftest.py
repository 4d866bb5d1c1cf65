"""Settings for the whole suite.

Hypothesis: ``scripts/test`` selects the ``ci`` profile — derandomised (the same examples on every
run, so a red CI is reproducible) and without its example database (a clean clone has none) —
while ``HYPOTHESIS_PROFILE=dev`` explores new examples each run. Example counts stay per test.

Logging: the SDK's ``MCPServer()`` calls ``logging.basicConfig`` (a Rich handler at INFO on
stderr), and modules that build one at import (``weir.demo_servers.*``) are imported while tests
are collected, when the root logger has no handler yet: every later CLI run in that worker would
then print the HTTP client's INFO lines into its captured output (a ``--json`` no longer parses).
A root handler that drops everything makes ``basicConfig`` a no-op; pytest's own capture is
untouched.
"""

from __future__ import annotations

import logging
import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

logging.getLogger().addHandler(logging.NullHandler())
