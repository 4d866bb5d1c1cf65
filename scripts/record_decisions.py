"""Record the replay JSON of every shipped trace under the baseline, strict and observe packs.

The file this writes (``tests/replay/data/decisions.json``) pins every decision Weir makes on the
example traces: ``tests/replay/test_recorded.py`` replays them again and demands the same JSON, so
a change made for speed cannot change a decision, a rule, an effect or a reason. Re-run it only
when a decision is *meant* to change, and review the diff:

    .venv/bin/python scripts/record_decisions.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "replay" / "data" / "decisions.json"
sys.path.insert(0, str(ROOT))

from tests.replay.pinned import record  # noqa: E402 - the recording is the tests' own


def main() -> int:
    """Write the recording (sorted keys, one decision per line block) and say where."""
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record(), ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
