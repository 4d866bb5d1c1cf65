"""One SHA-256 over every decision Weir makes on the shipped traces and the protection benchmark.

A change made for speed must not change a decision: run this before and after it and compare
the lines (each part's digest, then the whole). The parts:

- ``pinned``: the replay JSON of every shipped trace under the baseline, strict and observe packs
  (what ``tests/replay/test_recorded.py`` pins);
- ``outputs``: the digests of the exact bytes ``weir replay`` prints for them;
- ``protection-<domain>``: every decision (line, phase, effect, rules, reasons) of the protection
  benchmark's replay with the baseline pack and its detector chain (``evals/protection``).

    .venv/bin/python scripts/decision_digest.py [--no-protection]
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.replay.pinned import outputs, record  # noqa: E402

from evals.protection.score import deployment, open_trace  # noqa: E402
from weir.policy.engine import Engine  # noqa: E402
from weir.replay.candidate import with_policy  # noqa: E402
from weir.replay.run import guard_for, replay  # noqa: E402


def _sha(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _protection(domain: str) -> list[object]:
    base = with_policy(deployment(), "baseline")
    engine = Engine.from_config(base.policy, base_dir=base.base_dir)
    result = replay(open_trace(domain), base, guard=guard_for(base, engine=engine))
    return [
        [d.line, d.phase, str(d.effect), list(d.decision.rule_names), list(d.decision.reasons)]
        for d in result.decisions
    ]


def main(argv: list[str]) -> int:
    """Print each part's digest and the digest of them all."""
    parts = {"pinned": _sha(record()), "outputs": _sha(outputs())}
    if "--no-protection" not in argv:
        for domain in ("retail", "banking"):
            parts[f"protection-{domain}"] = _sha(_protection(domain))
    for name, digest in parts.items():
        print(f"{name:<22} {digest}")
    print(f"{'all':<22} {_sha(parts)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
