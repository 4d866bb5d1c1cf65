"""tau2-bench (Sierra Research, MIT): tool results and knowledge-base documents, as two benign sources.

Usage: ``python evals/injection/build_tau2.py /path/to/tau2-bench`` (github.com/sierra-research/tau2-bench,
written from commit a2c0247). Writes:

- ``tau2-records/``: what its tools return -- records of the retail and banking databases
  (``data/tau2/domains/{retail,banking_knowledge}/db.json``: users, orders, products, accounts,
  transactions, disputes...) as JSON, one to three records a result, pretty-printed or compact.
- ``tau2-kb/``: the banking knowledge base (``banking_knowledge/documents/*.json``: internal procedures
  and customer-facing articles) and the policies and tech-support manual of the airline, retail and
  telecom domains, cut into sections. Procedures that tell an agent what to do ("Verify customer
  identity", "Use open_bank_account_4821 to open the account", "Ask the customer...") are benign
  imperative text: this is the set the false-positive rate on benign imperative text is read on.

Nothing here is an injection: every row is a negative.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import by_hash, rng_for, row, write

HERE = Path(__file__).resolve().parent
RECORDS = 900
DOMAINS = "data/tau2/domains"


def _records(node: Any, out: list[dict[str, Any]]) -> None:
    """Every dict that has an ``*_id`` key of its own (a database row), depth first."""
    if isinstance(node, dict):
        if any(k.endswith("_id") and isinstance(v, str) for k, v in node.items()) and len(node) >= 3:
            out.append(node)
            return
        for value in node.values():
            _records(value, out)
    elif isinstance(node, list):
        for value in node:
            _records(value, out)


def records(root: Path) -> list[dict[str, Any]]:
    rng = rng_for("tau2-records")
    found: list[dict[str, Any]] = []
    for domain in ("retail", "banking_knowledge"):
        _records(json.loads((root / DOMAINS / domain / "db.json").read_text(encoding="utf-8")), found)
    by_key = {json.dumps(r, sort_keys=True): r for r in found}
    pool = [by_key[k] for k in by_hash(by_key)]
    rows = []
    for i in range(min(RECORDS, len(pool))):
        chosen = [pool[i]] + [rng.choice(pool) for _ in range(rng.choice((0, 0, 1, 2)))]
        value: Any = chosen[0] if len(chosen) == 1 else chosen
        text = json.dumps(value, indent=2) if rng.random() < 0.5 else json.dumps(value)
        rows.append(row(text, 0, "record"))
    return rows


_HEADING = re.compile(r"\n(?=#{1,3} )")


def kb(root: Path) -> list[dict[str, Any]]:
    rows = []
    for path in sorted((root / DOMAINS / "banking_knowledge/documents").glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        rows.append(row(f"{doc['title']}\n\n{doc['content']}", 0, "kb-document"))
    for rel in (
        "airline/policy.md",
        "retail/policy.md",
        "telecom/main_policy.md",
        "telecom/tech_support_manual.md",
        "telecom/tech_support_workflow.md",
    ):
        text = (root / DOMAINS / rel).read_text(encoding="utf-8")
        rows += [row(part.strip(), 0, "policy-section") for part in _HEADING.split(text) if len(part.strip()) > 80]
    return rows


def main(root: Path) -> None:
    origin = "github.com/sierra-research/tau2-bench @ a2c0247, data/tau2/domains/"
    for name, rows, imperative in (("tau2-records", records(root), False), ("tau2-kb", kb(root), True)):
        directory = HERE / name
        directory.mkdir(exist_ok=True)
        (directory / "LICENSE").write_bytes((root / "LICENSE").read_bytes())
        meta = {
            "name": name,
            "licence": "MIT",
            "origin": origin,
            "imperative": imperative,
            "script": "evals/injection/build_tau2.py",
        }
        write(directory, rows, meta)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
