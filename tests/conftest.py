"""Settings for the whole suite.

Hypothesis: ``scripts/test`` selects the ``ci`` profile — derandomised (the same examples on every
run, so a red CI is reproducible) and without its example database (a clean clone has none) —
while ``HYPOTHESIS_PROFILE=dev`` explores new examples each run. Example counts stay per test.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
