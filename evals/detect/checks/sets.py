"""What the data checks share: the frozen injection sets and their committed records."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from evals.lib.jsonl import DETECT, Record, read_jsonl

__all__ = ["GENERATED", "records", "sample"]

GENERATED = (
    "fresh", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11",
    "fresh12", "fresh13", "heldout2", "heldout3", "heldout4",
)  # fmt: skip
"""Every set an independent author's generator wrote as ``injection-tools-<name>.jsonl``; frozen (``manifest.json``)."""


@cache
def records(name: str) -> tuple[Record, ...]:
    """The committed records of set ``name``, read once per run."""
    return tuple(read_jsonl(DETECT / f"injection-tools-{name}.jsonl"))


def sample(items: tuple[Any, ...] | list[Any], seed: int, k: int) -> list[Any]:
    """``k`` items drawn with ``random.Random(seed)``: the fixed samples the near-copy checks use."""
    return random.Random(seed).sample(items, k)
