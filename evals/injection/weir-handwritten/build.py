"""Weir's own hand-written tool-output sets (Apache-2.0, this project): one source among many.

Usage: ``python evals/injection/weir-handwritten/build.py DIR`` where ``DIR`` holds the
``injection-tools-*.jsonl`` sets (``src/weir/detect/evaluation/data/`` on main when this was written;
moving to ``evals/detect/``). Seventeen sets of e-mails, tickets, pages, records, transcripts... with
an injection and without, written by the detector's earlier authors and sessions. ``PER_SET``
injected and ``PER_SET`` clean documents of each set are kept, chosen by hash of the text; ``kind``
names the set and carrier.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from _common import by_hash, row, write

HERE = Path(__file__).resolve().parent
PER_SET = 100


def main(directory: Path) -> None:
    rows = []
    for path in sorted(directory.glob("injection-tools-*.jsonl")):
        name = path.stem.removeprefix("injection-tools-")
        docs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for label in (1, 0):
            by_text = {d["text"]: d for d in docs if int(d["label"]) == label}
            for text in by_hash(by_text)[:PER_SET]:
                d = by_text[text]
                span = d.get("span") if label else None
                rows.append(row(text, label, f"{name}/{d.get('carrier', d.get('kind', ''))}", span))
    meta = {
        "name": "weir-handwritten",
        "licence": "Apache-2.0",
        "origin": "this repository, src/weir/detect/evaluation/data/injection-tools-*.jsonl",
        "imperative": False,
    }
    write(HERE, rows, meta)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
