"""What the replay pins record: every decision, and the exact bytes `weir replay` prints, per shipped trace.

``test_recorded.py`` and ``test_output_bytes.py`` compare the replay of today with the recordings in
``data/``; ``scripts/record_decisions.py`` and ``scripts/record_replay_outputs.py`` rewrite those
recordings from these same functions, when a decision or an output is *meant* to change.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from weir.cli.replay import load_replay_config
from weir.config import load_config
from weir.replay import replay, with_policy
from weir.replay.examples import config_path, trace_names, trace_path
from weir.replay.render import render_replay
from weir.trace import read_trace

__all__ = ["PACKS", "POLICIES", "outputs", "record", "sha"]

PACKS = ("baseline", "strict", "observe")
POLICIES = (None, "strict", "observe")
"""The shipped config's own policy, then two candidate packs (as ``--policy`` replaces it)."""


def record() -> dict[str, Any]:
    """``{pack: {trace: replay JSON}}`` for every pack and shipped trace (as `weir replay --json`)."""
    config = load_config(config_path())
    out: dict[str, Any] = {}
    for pack in PACKS:
        candidate = with_policy(config, pack)
        out[pack] = {name: replay(read_trace(trace_path(name)), candidate).to_json() for name in trace_names()}
    return out


def outputs() -> dict[str, Any]:
    """``{policy: {trace: {"json": sha256, "text": sha256}}}``, printed as the CLI prints them."""
    out: dict[str, Any] = {}
    for policy in POLICIES:
        config = load_replay_config(None, policy, shipped=True)
        runs = {name: replay(read_trace(trace_path(name)), config) for name in trace_names()}
        out[policy or "config"] = {
            name: {
                "json": sha(json.dumps(run.to_json(), ensure_ascii=False, indent=1)),
                "text": sha(render_replay(run)),
            }
            for name, run in runs.items()
        }
    return out


def sha(text: str) -> str:
    """The SHA-256 of ``text`` as UTF-8, in hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
