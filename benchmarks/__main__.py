"""Run every ``benchmarks/bench_*.py`` section (or the ones named) and print a report.

Each section module has ``run(quick: bool) -> list[Row]``; a row is (what, figure, budget, ok).
Usage: ``scripts/bench [--quick] [section ...]``.
"""

from __future__ import annotations

import importlib
import pkgutil
import platform
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    wanted = [a for a in argv if not a.startswith("--")]
    here = Path(__file__).parent
    sections = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if wanted:
        sections = [s for s in sections if s.removeprefix("bench_") in wanted or s in wanted]
    failed = 0
    # The interpreter's build moves every figure (see scripts/_env.sh): name it with them.
    base = getattr(sys, "_base_executable", sys.executable)
    print(f"python {platform.python_version()} ({platform.python_implementation()}) at {base}")
    for name in sections:
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"\n== {name.removeprefix('bench_')}")
        for what, figure, budget, ok in module.run(quick):
            mark = "ok " if ok else "OVER"
            failed += 0 if ok else 1
            print(f"  [{mark}] {what:<58} {figure:>18}   budget {budget}")
    print(f"\n{len(sections)} sections, {failed} figures over budget")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
