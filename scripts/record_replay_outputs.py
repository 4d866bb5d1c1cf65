"""Record a SHA-256 of the exact bytes `weir replay NAME [--policy PACK] [--json]` prints for every shipped trace.

``tests/replay/test_recorded.py`` pins every decision as data; this pins the output *bytes*
(key order, number formatting, the human table), so a change made for speed cannot change what
a user sees, even where the decoded JSON would compare equal. Re-run it only when the output is
*meant* to change, and say why in the commit:

    .venv/bin/python scripts/record_replay_outputs.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "replay" / "data" / "outputs.json"
sys.path.insert(0, str(ROOT))

from tests.replay.pinned import outputs  # noqa: E402 - the recording is the tests' own


def main() -> int:
    """Write the digests and say where."""
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(outputs(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
