"""Write the held-out secrets and PII evaluation corpora shipped with Weir.

Usage: ``.venv/bin/python scripts/gen_detect_corpora.py`` (re-runnable; output is deterministic).
Writes ``src/weir/detect/evaluation/data/{secrets,pii}.jsonl``. The seeds here are used by no
test, so the corpora stay held out from everything the detectors were developed against.
"""

from __future__ import annotations

import json
from pathlib import Path

from weir.detect.evaluation.corpus import pii_corpus, secrets_corpus

SEEDS = {"secrets": 4101, "pii": 4102}
OUT = Path(__file__).resolve().parent.parent / "src" / "weir" / "detect" / "evaluation" / "data"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    corpora = {"secrets": secrets_corpus(SEEDS["secrets"]), "pii": pii_corpus(SEEDS["pii"])}
    for name, examples in corpora.items():
        path = OUT / f"{name}.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for example in examples:
                out.write(json.dumps(example, ensure_ascii=False) + "\n")
        print(f"wrote {len(examples)} examples to {path}")


if __name__ == "__main__":
    main()
