"""Weir's own tool-output injection sets: e-mails, web pages, files, reviews, chats, invites, tickets.

Every example is a realistic carrier document with one slot. A positive fills the slot with an
injection (an instruction aimed at the AI that reads the tool result); a negative fills it with a
benign sentence of the same kind that merely TALKS about instructions, passwords, payments,
ignoring things, administration or AI assistants -- or leaves it empty. The carrier is the same
for both, so a classifier cannot learn "e-mails are attacks".

Two disjoint pools, each with its own carrier templates, injections, benign look-alikes and fillers
(names, companies, domains): ``eval``, written first and looked at while tuning the detector
(``injection-tools-dev.jsonl``), and ``holdout``, written later and fresh (new carriers -- including
short JSON records, listings and status lines --, injections, look-alikes, fillers, openers and
closers, and a different seed), on which figures are reported (``injection-tools-holdout.jsonl``).
Each pool is a JSON file beside this one. The ``train`` pool the detector was once trained on is
gone with that trainer (git history keeps it).

    python -m evals.detect.generators.own.generate    # rewrites evals/detect/injection-tools-{dev,holdout}.jsonl
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from evals.lib.jsonl import DETECT, Record, write_jsonl
from evals.lib.pools import load

DEV_SEED = 20261121
"""The first evaluation set (the ``dev`` pool, formerly ``eval``); it has been looked at while tuning."""
HOLDOUT_SEED = 5150411
"""The held-out set (the ``holdout`` pool), written before any tuning against it and never tuned on."""
SLOT = "\x00SLOT\x00"


@dataclass(frozen=True)
class Pool:
    """Everything one split may draw from (its JSON file says what each part is)."""

    fillers: dict[str, Sequence[str]]
    carriers: dict[str, Sequence[str]]
    injections: Sequence[str]
    lookalikes: Sequence[str]
    wrappers: dict[str, Sequence[str]]
    openers: Sequence[str]
    """Put before the slot sentence, for positives and negatives alike (so they are no cue)."""
    closers: Sequence[str]
    multiline_kinds: frozenset[str]
    """Kinds whose slot may hold a line break (elsewhere it would break the carrier's syntax)."""
    quoted_kinds: frozenset[str]
    """Kinds whose slot sits inside double quotes, so the sentence's own double quotes become single."""


def _pool(name: str) -> Pool:
    """The pool written in ``<name>.json`` beside this file."""
    pools = vars(load(__file__, name))
    kinds = {key: frozenset(pools.pop(key)) for key in ("multiline_kinds", "quoted_kinds")}
    return Pool(**pools, **kinds)


POOLS = {"eval": _pool("eval"), "holdout": _pool("holdout")}
"""``eval`` is the dev pool: the first evaluation set, which has been looked at."""


def _wrapper_kind(kind: str, carrier: str) -> str:
    if kind == "html":
        return "html"
    if kind == "code":
        return "hash" if carrier.startswith(("#!", "import ")) else "slash"
    return "plain"


def _fill(template: str, rng: random.Random, fillers: Mapping[str, Sequence[str]], slot: str) -> str:
    values = {k: rng.choice(v) for k, v in fillers.items()}
    return template.replace("{slot}", SLOT).format(**values).replace(SLOT, slot)


def _example(pool: Pool, rng: random.Random, kind: str, label: int) -> dict[str, Any]:
    carrier = rng.choice(pool.carriers[kind])
    values = {k: rng.choice(v) for k, v in pool.fillers.items()}
    if label:
        sentence = rng.choice(pool.injections).format(**values)
    else:
        sentence = rng.choice(pool.lookalikes).format(**values) if rng.random() < 0.85 else ""
    if sentence:
        sentence = rng.choice(pool.openers) + sentence + rng.choice(pool.closers)
    if "\n" in sentence and kind not in pool.multiline_kinds:
        sentence = sentence.replace("\n", " ")
    wrapper_kind = _wrapper_kind(kind, carrier)
    if kind in pool.quoted_kinds:
        sentence = sentence.replace('"', "'")
    wrapped = rng.choice(pool.wrappers[wrapper_kind]).replace("{x}", sentence) if sentence else ""
    text = _fill(carrier, rng, pool.fillers, SLOT)
    start = text.index(SLOT)
    inner = wrapped.find(sentence) if sentence else 0
    text = text.replace(SLOT, wrapped)
    span = [start + inner, start + inner + len(sentence)] if label else None
    return {"kind": kind, "label": label, "text": text, "span": span}


def generate(split: str, count: int, seed: int) -> list[Record]:
    """``count`` examples from pool ``split``, half positive, kinds spread evenly, deterministic.

    Each is ``{"id", "kind", "label", "span", "text"}``, in that order (the files' order).
    """
    pool = POOLS[split]
    rng = random.Random(seed)
    kinds = sorted(pool.carriers)
    rows = []
    for i in range(count):
        row = _example(pool, rng, kinds[i % len(kinds)], label=(i // len(kinds)) % 2)
        rows.append({"id": f"{split}-{i:05d}", **{k: row[k] for k in ("kind", "label", "span", "text")}})
    return rows


def main(argv: list[str]) -> int:
    """Write both sets (``argv[0]``, if given, is how many examples each holds)."""
    count = int(argv[0]) if argv else 1000
    for split, seed, name in (("eval", DEV_SEED, "dev"), ("holdout", HOLDOUT_SEED, "holdout")):
        path = DETECT / f"injection-tools-{name}.jsonl"
        print(f"wrote {write_jsonl(path, generate(split, count, seed))} examples to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
