"""Record the replay JSON of every shipped trace under the baseline, strict and observe packs.

The file this writes (``tests/replay/data/decisions.json``) pins every decision Weir makes on the
corpus: ``tests/replay/test_recorded.py`` replays the corpus again and demands the same JSON, so
a change made for speed cannot change a decision, a rule, an effect or a reason. Re-run it only
when a decision is *meant* to change, and review the diff:

    .venv/bin/python scripts/record_decisions.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "replay" / "data" / "decisions.json"
PACKS = ("baseline", "strict", "observe")


def record() -> dict[str, Any]:
    """``{pack: {trace: replay JSON}}`` for every pack and shipped trace (as `weir replay --json`)."""
    from weir.config import load_config
    from weir.evaluation.corpus import config_path, trace_names, trace_path
    from weir.replay import replay, with_policy
    from weir.trace import read_trace

    config = load_config(config_path())
    out: dict[str, Any] = {}
    for pack in PACKS:
        candidate = with_policy(config, pack)
        out[pack] = {name: replay(read_trace(trace_path(name)), candidate).to_json() for name in trace_names()}
    return out


def main() -> int:
    """Write the recording (sorted keys, one decision per line block) and say where."""
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record(), ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
