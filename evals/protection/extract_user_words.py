"""Extract what each benchmark session's user asked for, from tau2-bench's own task files.

``python -m evals.protection.extract_user_words TAU2_CHECKOUT`` writes ``data/tau2_user_words.json``:
task id (as the truth files name it: ``retail-62``, ``task_005``, telecom's own ids) → the user's words, taken from the
task's ``user_scenario.instructions`` (tau2's instructions to its simulated user: the reason for the
call and what the user knows — the request a host would pass as ``dev.weir/user-intent``). tau2-bench
is MIT-licensed (``traces/LICENSE-tau2-bench``); the commit is the one the sessions were made at.
Nothing here is Weir's phrasing: the words are tau2's, used as written.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "data" / "tau2_user_words.json"
COMMIT = "a2c024725189473d2d7cea3a5cfdbcc67478e41f"
FILES = {
    "retail": "data/tau2/domains/retail/tasks.json",
    "banking": "data/tau2/domains/banking_knowledge/tasks.json",
    "telecom": "data/tau2/domains/telecom/tasks_small.json",  # the second benchmark (gen_telecom.py)
}


def _words(instructions: Any) -> str:
    """The user's request: tau2's instructions as text (a string, or its reason for the call and known info)."""
    if isinstance(instructions, str):
        return instructions.strip()
    if not isinstance(instructions, dict):
        return ""
    parts = [instructions.get(k) for k in ("reason_for_call", "known_info", "task_instructions")]
    return "\n".join(p.strip() for p in parts if isinstance(p, str) and p.strip() not in ("", "."))


def extract(checkout: Path) -> dict[str, str]:
    """Task id → the user's words, for every domain (read at :data:`COMMIT` with ``git show``)."""
    out: dict[str, str] = {}
    for domain, path in FILES.items():
        raw = subprocess.run(
            ["git", "-C", str(checkout), "show", f"{COMMIT}:{path}"], check=True, capture_output=True, text=True
        ).stdout
        for task in json.loads(raw):
            key = f"retail-{task['id']}" if domain == "retail" else str(task["id"])
            words = _words((task.get("user_scenario") or {}).get("instructions"))
            if words:
                out[key] = words
    return out


def main(argv: list[str]) -> int:
    """Write the file (sorted keys) and say where."""
    if len(argv) != 1:
        print(__doc__)
        return 2
    OUT.write_text(json.dumps(extract(Path(argv[0])), ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
