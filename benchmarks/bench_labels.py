"""Labels layer: how fast the readers are on the paths that run per tool call.

`read_result` runs on every tool result (in the gateway and in `weir replay`), so it must be a
small slice of the per-call budgets (gateway ≤ 0.25 ms added, replay ≥ 20,000 calls/s);
`read_tool` runs once per tool per `tools/list`, and `effective` is cached per tool by policy.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from weir.labels.policy_view import effective
from weir.labels.read import read_result, read_tool

Row = tuple[str, str, str, bool]

_TOOL: dict[str, Any] = {
    "name": "send_email",
    "annotations": {
        "readOnlyHint": False,
        "destructiveHint": False,
        "inputMetadata": {"Destination": "Public", "Sensitivity": ["PII", "User"], "Outcomes": "Irreversible"},
        "returnMetadata": {"Source": "System", "Sensitivity": "None"},
    },
    "_meta": {"mcp.dev/effect": "external", "mcp.dev/requiresConfirmation": True},
}
_PLAIN = {"content": [{"type": "text", "text": "42 results"}]}
_LABELLED = {
    "content": [
        {"type": "text", "text": "Re: salaries", "_meta": {"annotations": {"sensitiveHint": "high"}}},
        {"type": "text", "text": "second block"},
    ],
    "_meta": {
        "annotations": {"privateHint": True, "openWorldHint": True, "attribution": ["mcp://mail/inbox/4711"]},
        "io.modelcontextprotocol/trust-annotations": {"untrusted": True, "evidenceRef": "scan-1"},
    },
}


def _p50_us(fn: Callable[[], object], rounds: int, batch: int = 200) -> float:
    """Median over ``rounds`` batches of the per-call CPU time, in microseconds.

    CPU time of this thread, not wall time: on a shared machine the wall clock mostly measures
    the neighbours.
    """
    fn()
    samples = []
    for _ in range(rounds):
        start = time.thread_time()
        for _ in range(batch):
            fn()
        samples.append((time.thread_time() - start) / batch * 1e6)
    return statistics.median(samples)


def run(quick: bool) -> list[Row]:
    """Measure each reader side by side in one run."""
    rounds = 5 if quick else 30
    profile = read_tool(_TOOL).profile
    cases: list[tuple[str, Callable[[], object], float]] = [
        ("read_result, unlabelled result (p50)", lambda: read_result(_PLAIN), 15.0),
        ("read_result, result + 2 blocks in 3 vocabularies (p50)", lambda: read_result(_LABELLED), 60.0),
        ("read_tool, 4 dialects (p50; once per tools/list)", lambda: read_tool(_TOOL), 250.0),
        ("effective(profile) (p50; cached per tool by policy)", lambda: effective(profile), 40.0),
    ]
    rows: list[Row] = []
    for what, fn, budget in cases:
        figure = _p50_us(fn, rounds)
        rows.append((what, f"{figure:.1f} µs", f"≤ {budget:.0f} µs", figure <= budget))
    return rows
