"""What ``import weir`` costs a fresh interpreter, and what the library layers cost on first use.

Each figure is the wall time of the statement in a new subprocess (so nothing is cached
in-process), timed inside it with ``time.perf_counter`` around the statement alone (interpreter
start-up excluded), the median of several runs. ``import weir`` loads the version and errors only
(every other public name is resolved on first use); ``from weir import Guard`` is what a program
that decides anything pays: labels, flow, policy, detect, the guard. Budget (issue 36): ``import
weir`` ≤ 0.4 s; the Guard row is held to the same figure. For where the time goes: ``python -X
importtime -c "from weir import Guard"``.
"""

from __future__ import annotations

import statistics
import subprocess
import sys

Row = tuple[str, str, str, bool]

BUDGET_S = 0.4
STATEMENTS = ("import weir", "from weir import Guard")


def _seconds(statement: str) -> float:
    """How long ``statement`` takes in a fresh interpreter (s), start-up excluded."""
    probe = f"import time\nt = time.perf_counter()\n{statement}\nprint(time.perf_counter() - t)"
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    return float(done.stdout.strip())


def run(quick: bool) -> list[Row]:
    """One row per statement: the median over 3 (quick) or 7 fresh interpreters."""
    rows: list[Row] = []
    for statement in STATEMENTS:
        figure = statistics.median(_seconds(statement) for _ in range(3 if quick else 7))
        rows.append(
            (f"`{statement}` in a fresh interpreter", f"{figure:.3f} s", f"<= {BUDGET_S} s", figure <= BUDGET_S)
        )
    return rows
