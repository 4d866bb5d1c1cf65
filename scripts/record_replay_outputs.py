"""Record a SHA-256 of the exact bytes `weir replay NAME [--policy PACK] [--json]` prints for every shipped trace.

``tests/replay/test_recorded.py`` pins every decision as data; this pins the output *bytes*
(key order, number formatting, the human table), so a change made for speed cannot change what
a user sees, even where the decoded JSON would compare equal. Re-run it only when the output is
*meant* to change, and say why in the commit:

    .venv/bin/python scripts/record_replay_outputs.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "replay" / "data" / "outputs.json"
POLICIES = (None, "strict", "observe")
"""The shipped config's own policy, then two candidate packs (as ``--policy`` replaces it)."""


def outputs() -> dict[str, Any]:
    """``{policy: {trace: {"json": sha256, "text": sha256}}}``, printed as the CLI prints them."""
    from weir.cli.replay import load_replay_config
    from weir.evaluation.corpus import trace_names, trace_path
    from weir.replay import replay
    from weir.replay.render import render_replay
    from weir.trace import read_trace

    out: dict[str, Any] = {}
    for policy in POLICIES:
        config = load_replay_config(None, policy, shipped=True)
        runs = {name: replay(read_trace(trace_path(name)), config) for name in trace_names()}
        out[policy or "config"] = {
            name: {
                "json": _sha(json.dumps(run.to_json(), ensure_ascii=False, indent=1)),
                "text": _sha(render_replay(run)),
            }
            for name, run in runs.items()
        }
    return out


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def main() -> int:
    """Write the digests and say where."""
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(outputs(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
