"""Every detector scored on ``evals/detect``, as ``python -m evals.detect`` prints it: ``scripts/evals detect``.

Exits 0 when it measured, whatever the figures: a figure below its target is printed as ``MISS`` (the
injection detector misses its held-out target today, see ``HISTORY.md``), and the levels reached are
guarded by ``checks/test_scores.py``. Exits 2 when it could not measure.
"""

from __future__ import annotations

import argparse
import sys

from evals.detect.scoring import DETECTORS, evaluate, render
from evals.lib.jsonl import DETECT
from weir.errors import WeirError

__all__ = ["main"]


def main(argv: list[str]) -> int:
    """Print the rows of one detector (``--detector``) or of all, on all the data or a quarter (``--quick``)."""
    parser = argparse.ArgumentParser(prog="scripts/evals detect", description=__doc__.split("\n")[0])
    parser.add_argument("--detector", choices=DETECTORS, help="one detector (default: all, and the chain)")
    parser.add_argument("--quick", action="store_true", help="a quarter of the data, one timing run")
    args = parser.parse_args(argv)
    try:
        rows = evaluate(DETECT, args.detector, quick=args.quick)
    except WeirError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(render(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
