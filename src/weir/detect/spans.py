"""Span helpers shared by the pattern detectors: overlap resolution and digit-dense windows."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

import numpy as np

from weir.detect.anchors import code_points

__all__ = ["Candidate", "digit_windows", "resolve_overlaps"]

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


def digit_windows(text: str, *, min_digits: int, gap: int, margin: int) -> list[tuple[int, int]]:
    """Windows of ``text`` around clusters of at least ``min_digits`` ASCII digits.

    Digits closer than ``gap`` characters form one cluster; each window extends ``margin``
    characters either side, and overlapping windows merge. Numeric PII (phones, cards, national
    identifiers, IBANs, IP addresses) only occurs inside such windows, so the patterns need not
    scan the prose between them. Vectorised: a few array operations per character.
    """
    if len(text) < min_digits:
        return []
    points = code_points(text)
    digits = np.flatnonzero((points - 48) < 10)
    if len(digits) < min_digits:
        return []
    breaks = np.flatnonzero(np.diff(digits) > gap) + 1
    firsts = np.concatenate(([0], breaks))
    lasts = np.concatenate((breaks - 1, [len(digits) - 1]))
    big = (lasts - firsts + 1) >= min_digits
    windows: list[tuple[int, int]] = []
    for first, last in zip(digits[firsts[big]].tolist(), digits[lasts[big]].tolist(), strict=True):
        start, end = max(0, first - margin), min(len(text), last + 1 + margin)
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], end)
        else:
            windows.append((start, end))
    return windows
