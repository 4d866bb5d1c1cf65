"""What the data checks share: the generated injection sets, their committed records and generators."""

from __future__ import annotations

import importlib
import random
from functools import cache
from types import ModuleType
from typing import Any

from evals.lib.jsonl import DETECT, Record, read_jsonl

__all__ = ["GENERATED", "generator", "records", "sample"]

GENERATED = (
    "fresh", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11",
    "fresh12", "fresh13", "heldout2", "heldout3", "heldout4",
)  # fmt: skip
"""Every set written by a generator under ``evals/detect/generators/<name>/``, as ``injection-tools-<name>.jsonl``."""


@cache
def records(name: str) -> tuple[Record, ...]:
    """The committed records of set ``name``, read once per run."""
    return tuple(read_jsonl(DETECT / f"injection-tools-{name}.jsonl"))


def generator(name: str) -> ModuleType:
    """The generator module of set ``name`` (its ``build()``, ``OUT`` and the pools it loaded)."""
    return importlib.import_module(f"evals.detect.generators.{name}.generate")


def sample(items: tuple[Any, ...] | list[Any], seed: int, k: int) -> list[Any]:
    """``k`` items drawn with ``random.Random(seed)``: the fixed samples the near-copy checks use."""
    return random.Random(seed).sample(items, k)
