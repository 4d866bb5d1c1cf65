"""``python -m evals.protection``: the benchmark's table (see score.py)."""

import sys

from evals.protection.score import main

sys.exit(main())
