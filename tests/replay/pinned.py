"""What the replay pins record: every decision, and the exact bytes `weir replay` prints, per shipped trace.

``test_recorded.py`` and ``test_output_bytes.py`` compare the replay of today with the recordings in
``data/``; ``scripts/record_decisions.py`` and ``scripts/record_replay_outputs.py`` rewrite those
recordings from these same functions, when a decision or an output is *meant* to change.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

from weir.cli.replay import load_replay_config
from weir.replay import Replay, replay
from weir.replay.examples import trace_names, trace_path
from weir.replay.render import render_replay
from weir.trace import read_trace

__all__ = ["PACKS", "POLICIES", "outputs", "record", "sha"]

PACKS = ("baseline", "strict", "observe")
POLICIES = (None, "strict", "observe")
"""The shipped config's own policy, then two candidate packs (as ``--policy`` replaces it)."""


@functools.cache
def _runs(policy: str | None) -> dict[str, Replay]:
    """Every shipped trace replayed under its config with ``policy`` in place of the config's own
    (``None``: the config's own), as ``weir replay TRACE [--policy POLICY]`` replays it. Cached:
    both recordings replay the strict and observe packs, and a replay is only read afterwards."""
    config = load_replay_config(None, policy, shipped=True)
    return {name: replay(read_trace(trace_path(name)), config) for name in trace_names()}


def record() -> dict[str, Any]:
    """``{pack: {trace: replay JSON}}`` for every pack and shipped trace (as `weir replay --json`)."""
    return {pack: {name: run.to_json() for name, run in _runs(pack).items()} for pack in PACKS}


def outputs() -> dict[str, Any]:
    """``{policy: {trace: {"json": sha256, "text": sha256}}}``, printed as the CLI prints them."""
    out: dict[str, Any] = {}
    for policy in POLICIES:
        out[policy or "config"] = {
            name: {
                "json": sha(json.dumps(run.to_json(), ensure_ascii=False, indent=1)),
                "text": sha(render_replay(run)),
            }
            for name, run in _runs(policy).items()
        }
    return out


def sha(text: str) -> str:
    """The SHA-256 of ``text`` as UTF-8, in hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
