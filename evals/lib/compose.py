"""Small pieces every document generator needs: even draws from a pool, and text wrapped at a width."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["spread", "wrap_words"]

Item = TypeVar("Item")


def spread(rng: random.Random, items: Sequence[Item], n: int) -> list[Item]:
    """``n`` items taken from shuffled copies of ``items`` in turn: each used as evenly as can be, in random order."""
    out: list[Item] = []
    while len(out) < n:
        batch = list(items)
        rng.shuffle(batch)
        out.extend(batch)
    return out[:n]


def wrap_words(text: str, width: int, split: Callable[[str], int] | None = None) -> str:
    """``text`` broken at spaces into lines of at most ``width`` columns (a longer word keeps its own line).

    ``split``, when given, is asked about each word that would overflow a line: where to hyphenate it
    (the line ends with its first part and a hyphen), or 0 to carry it whole to the next line.
    """
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + len(word) + 1 > width:
            cut = split(word) if split else 0
            lines.append(f"{line} {word[:cut]}-" if cut else line)
            line = word[cut:]
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)
