"""Every decision on the shipped corpus is pinned: speed work may not change a single one.

``scripts/record_decisions.py`` wrote ``data/decisions.json`` (the replay JSON of every trace under
the baseline, strict and observe packs) before the decision path was optimised; replaying now
must give exactly the same decisions, rules, effects and reasons.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.replay.pinned import PACKS

RECORDED = Path(__file__).parent / "data" / "decisions.json"

_recorded: dict[str, Any] = json.loads(RECORDED.read_text(encoding="utf-8"))


@pytest.fixture
def replayed(replayed_corpus: dict[str, Any]) -> dict[str, Any]:
    """Today's replay (made once per run: tests/replay/conftest.py)."""
    out: dict[str, Any] = replayed_corpus["decisions"]
    return out


@pytest.mark.parametrize("pack", PACKS)
def test_every_corpus_decision_is_what_was_recorded(replayed: dict[str, Any], pack: str) -> None:
    assert sorted(replayed[pack]) == sorted(_recorded[pack])
    for trace, recorded in _recorded[pack].items():
        now = replayed[pack][trace]
        for before, after in zip(recorded["decisions"], now["decisions"], strict=True):
            assert after == before, f"{pack}/{trace} line {before['line']} ({before['phase']})"
        assert now["summary"] == recorded["summary"], f"{pack}/{trace}"


def test_the_recording_covers_calls_that_are_stopped_and_calls_that_are_allowed() -> None:
    effects = {d["effect"] for t in _recorded["baseline"].values() for d in t["decisions"]}
    assert {"allow", "confirm", "block"} <= effects
