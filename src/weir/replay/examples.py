"""The example traces shipped with Weir: realistic agent sessions and the deployment they ran in.

They live in ``weir/data/traces/`` so that ``weir replay --examples`` and ``weir replay <name>``
work from an install. ``scripts/build_traces.py`` builds them from readable sources; what really
happened at each call (the ground truth an evaluation scores against) is kept out of the package,
in ``evals/traces/expected.json``, so nothing shipped tells a policy the answer.
"""

from __future__ import annotations

from pathlib import Path

from weir.trace import TraceError

__all__ = ["EXAMPLES_DIR", "config_path", "locate", "trace_names", "trace_path"]

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "data" / "traces"
"""Where the shipped traces and their config (``weir.yaml``) live."""


def trace_names() -> list[str]:
    """Names of the shipped traces (file stems), sorted."""
    return sorted(p.stem for p in EXAMPLES_DIR.glob("*.jsonl"))


def trace_path(name: str) -> Path:
    """The file of a shipped trace, by name (with or without ``.jsonl``)."""
    path = EXAMPLES_DIR / f"{name.removesuffix('.jsonl')}.jsonl"
    if not path.is_file():
        raise TraceError(f"no shipped trace named {name!r}; known: {', '.join(trace_names())}")
    return path


def config_path() -> Path:
    """The weir.yaml describing the deployment the example traces were recorded in."""
    return EXAMPLES_DIR / "weir.yaml"


def locate(trace: str | Path) -> tuple[Path, bool]:
    """A trace argument as a path: an existing file, else a shipped trace's name. Second: shipped?"""
    path = Path(trace)
    if path.is_file():
        return path, False
    if path.suffix in ("", ".jsonl") and path.parent == Path():
        return trace_path(path.name), True
    raise TraceError("no such trace file", path=str(trace))
