"""BIPIA (Microsoft, MIT): e-mail, table and code contexts, clean and with one of BIPIA's injected instructions.

Usage: ``python evals/injection/bipia/build.py /path/to/BIPIA`` (a checkout of github.com/microsoft/BIPIA;
written from commit 1a2a91d). Reads ``benchmark/{email,table,code}/{train,test}.jsonl`` and the attack
files ``benchmark/{text,code}_attack_{train,test}.json``. Each chosen context gives one clean document
(label 0) and two documents with an attack on a line of its own at the start, the end or a sentence
boundary in the middle (label 1), as BIPIA builds its own samples. Text attacks go into e-mails and
tables, code attacks into code answers. All 100 e-mail and 100 code contexts are used, and 200 of the
1,000 table contexts (by hash of the text).

Licences (``NOTICE.md`` is BIPIA's): the attacks and the e-mails (from OpenAI Evals) are MIT; the
tables (WikiTableQuestions) and the code answers (Stack Exchange) are CC BY-SA 4.0, so the documents
built from them are CC BY-SA 4.0 too (``kind`` says which a row is).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from _common import by_hash, rng_for, row, splice, write

HERE = Path(__file__).resolve().parent
POSITIONS = ("start", "middle", "end")


def _contexts(bench: Path, task: str) -> list[str]:
    out = []
    for split in ("train", "test"):
        for line in (bench / task / f"{split}.jsonl").read_text(encoding="utf-8").splitlines():
            ctx = json.loads(line)["context"]
            out.append("\n".join(ctx) if isinstance(ctx, list) else ctx)
    return out


def _attacks(bench: Path, kind: str) -> list[str]:
    out = []
    for split in ("train", "test"):
        for items in json.loads((bench / f"{kind}_attack_{split}.json").read_text(encoding="utf-8")).values():
            out.extend(items)
    return out


def main(root: Path) -> None:
    bench = root / "benchmark"
    rng = rng_for("bipia")
    rows = []
    text_attacks, code_attacks = _attacks(bench, "text"), _attacks(bench, "code")
    plan = [("email", None, text_attacks), ("table", 200, text_attacks), ("code", None, code_attacks)]
    for task, keep, attacks in plan:
        contexts = by_hash(set(_contexts(bench, task)))
        contexts = contexts[:keep] if keep else contexts
        for i, context in enumerate(contexts):
            rows.append(row(context, 0, task))
            for j in range(2):
                text, span = splice(context, rng.choice(attacks), POSITIONS[(2 * i + j) % 3], rng)
                rows.append(row(text, 1, task, span))
    meta = {
        "name": "bipia",
        "licence": "MIT (attacks, e-mails); CC-BY-SA-4.0 (tables, code answers)",
        "origin": "github.com/microsoft/BIPIA @ 1a2a91d, benchmark/",
        "imperative": False,
    }
    write(HERE, rows, meta)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
