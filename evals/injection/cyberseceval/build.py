"""CyberSecEval's prompt-injection test cases (Meta PurpleLlama, CybersecurityBenchmarks, MIT).

Usage: ``python evals/injection/cyberseceval/build.py prompt_injection.json`` (the file
``CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection.json`` of
github.com/meta-llama/PurpleLlama, written from commit 4be64c3).

Every test case's ``user_input`` is an attack: the ``indirect`` ones wrap an instruction in a web
page, a code comment, a table or an e-mail the model is asked about; the ``direct`` ones are the
instruction itself. All 251 English cases are positives (the machine-translated file is not used).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from _common import row, write

HERE = Path(__file__).resolve().parent


def main(path: Path) -> None:
    cases = json.loads(path.read_text(encoding="utf-8"))
    rows = [row(c["user_input"], 1, c["injection_type"]) for c in cases]
    meta = {
        "name": "cyberseceval",
        "licence": "MIT",
        "origin": "github.com/meta-llama/PurpleLlama @ 4be64c3, "
        "CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection.json",
        "imperative": False,
    }
    write(HERE, rows, meta)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
