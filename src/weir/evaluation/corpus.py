"""The shipped trace corpus: realistic agent sessions, their deployment config and ground truth.

The corpus lives in ``weir/data/traces/`` so it ships in the wheel (``weir replay`` examples
work from an install). It is built from readable sources by ``scripts/build_traces.py``; the
ground truth (``expected.json``: per trace and 0-based call line, ``benign`` or ``hijacked``)
is a sidecar so that nothing in a trace tells the policy what the answer is.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

from weir.trace import TraceError

__all__ = ["CORPUS_DIR", "Truth", "config_path", "load_injected", "load_truth", "locate", "trace_names", "trace_path"]

CORPUS_DIR = Path(__file__).resolve().parent.parent / "data" / "traces"
"""Where the shipped traces, their config (``weir.yaml``) and ``expected.json`` live."""


class Truth(StrEnum):
    """What really happened at a recorded call."""

    BENIGN = "benign"
    """The call does what the user asked."""
    HIJACKED = "hijacked"
    """The call was caused by content the agent read (prompt injection), not by the user."""


def trace_names() -> list[str]:
    """Names of the shipped traces (file stems), sorted."""
    return sorted(p.stem for p in CORPUS_DIR.glob("*.jsonl"))


def trace_path(name: str) -> Path:
    """The file of a shipped trace, by name (with or without ``.jsonl``)."""
    path = CORPUS_DIR / f"{name.removesuffix('.jsonl')}.jsonl"
    if not path.is_file():
        raise TraceError(f"no shipped trace named {name!r}; known: {', '.join(trace_names())}")
    return path


def config_path() -> Path:
    """The weir.yaml describing the deployment the corpus was recorded in."""
    return CORPUS_DIR / "weir.yaml"


def _traces(p: Path) -> dict[str, Any]:
    try:
        doc: Any = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TraceError(f"cannot read ground truth: {exc}", path=str(p)) from exc
    traces = doc.get("traces") if isinstance(doc, dict) else None
    if not isinstance(traces, dict):
        raise TraceError("ground truth needs a `traces` object", path=str(p))
    return traces


def load_injected(path: Path | None = None) -> dict[str, frozenset[int]]:
    """Trace file name → the lines (results, tools events) whose content carries injected instructions."""
    p = path or CORPUS_DIR / "expected.json"
    out: dict[str, frozenset[int]] = {}
    for name, entry in _traces(p).items():
        lines = entry.get("injected", []) if isinstance(entry, dict) else None
        if not isinstance(lines, list) or not all(isinstance(n, int) for n in lines):
            raise TraceError(f"{name}: `injected` must be a list of line numbers", path=str(p))
        out[name] = frozenset(lines)
    return out


def load_truth(path: Path | None = None) -> dict[str, dict[int, Truth]]:
    """Ground truth: trace file name → call line → :class:`Truth`. Malformed files raise ``TraceError``."""
    p = path or CORPUS_DIR / "expected.json"
    traces = _traces(p)
    out: dict[str, dict[int, Truth]] = {}
    for name, entry in traces.items():
        calls = entry.get("calls") if isinstance(entry, dict) else None
        if not isinstance(calls, dict):
            raise TraceError(f"{name}: needs a `calls` object (line → benign|hijacked)", path=str(p))
        try:
            out[name] = {int(line): Truth(label) for line, label in calls.items()}
        except ValueError as exc:
            raise TraceError(f"{name}: {exc}", path=str(p)) from exc
    return out


def locate(trace: str | Path) -> tuple[Path, bool]:
    """A trace argument as a path: an existing file, else a shipped trace's name. Second: shipped?"""
    path = Path(trace)
    if path.is_file():
        return path, False
    if path.suffix in ("", ".jsonl") and path.parent == Path():
        return trace_path(path.name), True
    raise TraceError("no such trace file", path=str(trace))
