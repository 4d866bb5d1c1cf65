"""``python -m evals.detect``: precision, recall and throughput of the detectors on labelled data.

    python -m evals.detect [--detector NAME] [--quick] [--json] [--data DIR] [--config weir.yaml]
    python -m evals.detect --tables [--quick] [--config weir.yaml]
    python -m evals.detect --loso [--data evals/injection] [--source NAME] [--cache DIR | --no-cache]
        [--variant shipped|stacked]

Run from a checkout's root (``evals`` is not installed: the wheel ships what runs, never its
evaluation). Exits 0 when every figure meets its target, 1 when one misses, 2 when it could not
measure (no data, an unknown detector, a bad ``--config``). ``scripts/evals detect`` prints the same
rows and exits 0 whatever the figures (the levels reached are guarded by ``checks/test_scores.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

from evals.detect.scoring import DETECTORS, data_dir, meets, render
from evals.detect.scoring import evaluate as run
from weir.errors import WeirError

__all__ = ["main"]

PROG = "python -m evals.detect"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("--detector", help=f"one of {', '.join(DETECTORS)} (default: all, and the chain)")
    parser.add_argument("--quick", action="store_true", help="a quarter of the data, one timing run")
    parser.add_argument("--json", dest="as_json", action="store_true", help="print the rows as JSON")
    parser.add_argument(
        "--data",
        type=Path,
        help="the folder of evaluation data (default: evals/detect here; with --loso: evals/injection)",
    )
    parser.add_argument("--config", type=Path, help="weir.yaml whose detectors: get their own rows (an extra)")
    parser.add_argument(
        "--tables", action="store_true", help="one table per development source: the shipped chain and each extra"
    )
    parser.add_argument("--loso", action="store_true", help="leave-one-source-out table of the injection detector")
    parser.add_argument("--source", help="with --loso: leave out only this source")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "weir-loso",
        help="with --loso: where each fold's figures are kept, keyed by the data and the code (default: %(default)s)",
    )
    parser.add_argument("--no-cache", action="store_true", help="with --loso: fit every fold again")
    parser.add_argument(
        "--variant",
        default="shipped",
        help="with --loso: shipped (the classifier as trained) or stacked (the issue-31 design attempt)",
    )
    return parser


def main(argv: list[str]) -> int:
    """Print the rows (or the LOSO table); the exit status as the module docstring says."""
    args = _parser().parse_args(argv)
    if args.loso:
        cache = None if args.no_cache else args.cache
        return _loso(args.data or Path("evals/injection"), args.source, cache, args.variant)
    if args.tables:
        return _tables(args)
    try:
        configured = _configured(args.config)
        rows = run(data_dir(args.data), args.detector, quick=args.quick, configured=configured)
    except (ValueError, WeirError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    if args.as_json:
        out = [{"dataset": d, "metric": m, "value": None if math.isnan(v) else v, "target": t} for d, m, v, t in rows]
        print(json.dumps(out))
    else:
        print("\n".join(render(rows)))
    return 1 if any(meets(v, t) is False for _, _, v, t in rows) else 0


def _tables(args: argparse.Namespace) -> int:
    """Print the per-source tables (:mod:`evals.detect.extras`); 2 when it could not measure."""
    from evals.detect.extras import tables

    try:
        configured = _configured(args.config)
        lines = tables(data_dir(args.data), configured, quick=args.quick)  # type: ignore[arg-type]
    except (OSError, ValueError, WeirError) as exc:
        print(f"{PROG} --tables: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def _configured(config: Path | None) -> object | None:
    """The chain ``config``'s ``detectors:`` describe, or None without ``--config``."""
    if config is None:
        return None
    from weir.config import load_config
    from weir.detect.chain import Chain

    return Chain.from_specs(load_config(config).detectors)


def _loso(data: Path, source: str | None, cache: Path | None, variant: str = "shipped") -> int:
    """Run the leave-one-source-out evaluation and print its table; 1 when a target is missed."""
    from evals.detect import loso

    try:
        results = loso.run(
            data,
            only=source,
            cache=cache,
            variant=variant,
            progress=lambda line: print(line, file=sys.stderr, flush=True),
        )
    except (OSError, ValueError) as exc:
        print(f"{PROG} --loso: {exc}", file=sys.stderr)
        return 2
    if source is not None and not results:
        print(f"{PROG} --loso: no source {source!r} under {data}", file=sys.stderr)
        return 2
    for line in loso.format_table(results):
        print(line)
    return 0 if loso.targets_met(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
