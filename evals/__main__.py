"""Run the evaluations: ``scripts/evals [AREA [OPTIONS]]``.

An area is a folder of ``evals/`` holding ``checks/`` (pytest files that fail when its data is wrong:
a committed file whose bytes moved, near copies, a measured level lost) and a
``score.py`` whose ``main(argv)`` prints the area's figures and returns 0 when it measured them.
With no AREA every area runs with its default options; with one, the OPTIONS go to its ``score.py``
(``scripts/evals detect --quick``, ``scripts/evals traces --policy strict``). Exits 1 when a check
failed or a score could not be measured, 2 for an unknown area. Evaluations are not tests: the
suite (``scripts/test``) never runs them.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def areas() -> list[str]:
    """The folders of ``evals/`` that hold checks or a score, sorted."""
    return sorted(p.name for p in HERE.iterdir() if (p / "checks").is_dir() or (p / "score.py").is_file())


def run(area: str, options: list[str]) -> bool:
    """Run one area's checks, then its score; True when both succeeded."""
    ok = True
    checks = HERE / area / "checks"
    if checks.is_dir():
        print(f"== {area}: checks", flush=True)
        ok = subprocess.run([sys.executable, "-m", "pytest", "-q", str(checks)], check=False).returncode == 0
    if (HERE / area / "score.py").is_file():
        print(f"== {area}: scores", flush=True)
        ok = importlib.import_module(f"evals.{area}.score").main(options) == 0 and ok
    return ok


def main(argv: list[str]) -> int:
    """Run the areas named (with their options) or all of them; say which failed."""
    known = areas()
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv and argv[0] not in known:
        print(f"scripts/evals: unknown area {argv[0]!r}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    chosen = [(argv[0], argv[1:])] if argv else [(area, []) for area in known]
    failed = [area for area, options in chosen if not run(area, options)]
    print(f"\n{len(chosen)} areas, {len(failed)} failed{': ' + ', '.join(failed) if failed else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
