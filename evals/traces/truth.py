"""The ground truth of the shipped example traces: what really happened at each recorded call.

``expected.json`` (written by ``scripts/build_traces.py`` beside the traces it builds into
``src/weir/data/traces/``) says, per trace and 0-based call line, ``benign`` or ``hijacked``, and
which results or tool lists carry injected instructions. It lives here, not in the package, so that
nothing shipped tells a policy what the answer is.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

from weir.trace import TraceError

__all__ = ["EXPECTED", "Truth", "load_injected", "load_truth"]

EXPECTED = Path(__file__).resolve().parent / "expected.json"


class Truth(StrEnum):
    """What really happened at a recorded call."""

    BENIGN = "benign"
    """The call does what the user asked."""
    HIJACKED = "hijacked"
    """The call was caused by content the agent read (prompt injection), not by the user."""


def _traces(p: Path) -> dict[str, Any]:
    try:
        doc: Any = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TraceError(f"cannot read ground truth: {exc}", path=str(p)) from exc
    traces = doc.get("traces") if isinstance(doc, dict) else None
    if not isinstance(traces, dict):
        raise TraceError("ground truth needs a `traces` object", path=str(p))
    return traces


def load_injected(path: Path = EXPECTED) -> dict[str, frozenset[int]]:
    """Trace file name → the lines (results, tools events) whose content carries injected instructions."""
    out: dict[str, frozenset[int]] = {}
    for name, entry in _traces(path).items():
        lines = entry.get("injected", []) if isinstance(entry, dict) else None
        if not isinstance(lines, list) or not all(isinstance(n, int) for n in lines):
            raise TraceError(f"{name}: `injected` must be a list of line numbers", path=str(path))
        out[name] = frozenset(lines)
    return out


def load_truth(path: Path = EXPECTED) -> dict[str, dict[int, Truth]]:
    """Ground truth: trace file name → call line → :class:`Truth`. Malformed files raise ``TraceError``."""
    out: dict[str, dict[int, Truth]] = {}
    for name, entry in _traces(path).items():
        calls = entry.get("calls") if isinstance(entry, dict) else None
        if not isinstance(calls, dict):
            raise TraceError(f"{name}: needs a `calls` object (line → benign|hijacked)", path=str(path))
        try:
            out[name] = {int(line): Truth(label) for line, label in calls.items()}
        except ValueError as exc:
            raise TraceError(f"{name}: {exc}", path=str(path)) from exc
    return out
