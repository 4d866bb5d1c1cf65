"""What `weir replay` prints for every shipped trace is pinned byte for byte.

``test_recorded.py`` compares decoded decisions; this compares the exact bytes of the JSON and
of the human table (``scripts/record_replay_outputs.py`` wrote their SHA-256 before the replay
path was optimised), so key order, number formatting and the table cannot drift either.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.replay.pinned import POLICIES, sha
from weir.cli.app import app

RECORDED = Path(__file__).parent / "data" / "outputs.json"

_recorded: dict[str, Any] = json.loads(RECORDED.read_text(encoding="utf-8"))


@pytest.fixture
def printed(replayed_corpus: dict[str, Any]) -> dict[str, Any]:
    """Today's replay (made once per run: tests/replay/conftest.py)."""
    out: dict[str, Any] = replayed_corpus["outputs"]
    return out


@pytest.mark.parametrize("policy", [p or "config" for p in POLICIES])
def test_every_corpus_replay_prints_exactly_the_recorded_bytes(printed: dict[str, Any], policy: str) -> None:
    assert sorted(printed[policy]) == sorted(_recorded[policy])
    for trace, digests in _recorded[policy].items():
        assert printed[policy][trace] == digests, f"{policy}/{trace}: replay output changed"


@pytest.mark.parametrize("as_json", [True, False])
def test_the_recorded_bytes_are_what_the_command_prints(as_json: bool) -> None:
    trace = "web-issue-exfil-credentials"
    result = CliRunner().invoke(app, ["replay", trace, *(["--json"] if as_json else [])])
    assert result.exit_code == 0, result.output
    # typer.echo adds the newline the recording leaves out.
    assert sha(result.stdout.removesuffix("\n")) == _recorded["config"][trace]["json" if as_json else "text"]
