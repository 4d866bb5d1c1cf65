"""Reading and writing data sets as JSON Lines, and the command line every set generator shares.

A set generator is a module ``evals.detect.generators.<set>.generate`` with ``build()`` (every record,
in file order, each a dict whose key order is the file's); ``python -m <module> [PATH]`` writes the set
to PATH or, without one, over the committed file (:func:`set_file`). Records are written one per line as
``json.dumps(record, ensure_ascii=False)``, so re-running a generator reproduces its committed
file byte for byte.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["DETECT", "Record", "main", "read_jsonl", "set_file", "write_jsonl"]

Record = dict[str, Any]
DETECT = Path(__file__).resolve().parents[1] / "detect"
"""Where the detector data sets live (``evals/detect``)."""


def set_file(package: str | None) -> Path:
    """The committed file of the generated set whose generator lives in ``package`` (pass ``__package__``)."""
    return DETECT / f"injection-tools-{(package or '').rsplit('.', 1)[-1]}.jsonl"


def read_jsonl(path: Path) -> list[Record]:
    """Every line of ``path`` parsed (a line that is not JSON raises ``ValueError``)."""
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def write_jsonl(path: Path, records: Iterable[Record], *, ensure_ascii: bool = False) -> int:
    """Write ``records`` one per line (creating the folder); return how many were written."""
    lines = [json.dumps(record, ensure_ascii=ensure_ascii) + "\n" for record in records]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(lines), encoding="utf-8")
    return len(lines)


def main(build: Callable[[], Sequence[Record]], out: Path, argv: list[str] | None = None) -> int:
    """Write what ``build`` returns to ``argv[0]`` (default ``out``), say so, and return 0."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else out
    count = write_jsonl(path, build())
    print(f"wrote {count} records to {path}")
    return 0
