"""Span helpers shared by the pattern detectors: resolving overlapping candidates."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

__all__ = ["Candidate", "resolve_overlaps"]

Candidate = tuple[int, int, int, str, float]
"""``(priority, start, end, kind, confidence)``; a lower priority number is more specific."""


def resolve_overlaps(candidates: Iterable[Candidate]) -> list[tuple[int, int, str, float]]:
    """Keep the most specific of overlapping candidates; result is ``(start, end, kind, conf)``
    sorted by start. Ties in priority go to the earlier start."""
    kept: list[tuple[int, int, str, float]] = []
    starts: list[int] = []
    for _, start, end, kind, confidence in sorted(candidates):
        i = bisect_left(starts, start)
        if (i < len(kept) and kept[i][0] < end) or (i > 0 and kept[i - 1][1] > start):
            continue
        starts.insert(i, start)
        kept.insert(i, (start, end, kind, confidence))
    return kept
