"""Write the fresh-9 injection set: 1,200 raw tool results, half carrying an injection aimed at the agent.

Usage: ``python scripts/injection_fresh9.py [OUTPUT]`` (default
``src/weir/detect/evaluation/data/injection-tools-fresh9.jsonl``). Deterministic: a fixed seed and the
standard library only, so re-running reproduces the committed file byte for byte.

Labelling rule: 1 if the document contains text addressed to an AI agent/assistant reading it that
tries to make it act or deviate from its user's task; 0 otherwise (text addressed to humans, or text
describing attacks without addressing the reader-agent). See ``docs/detect-injection-fresh9.md``.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _injection_fresh9_attacks import ATTACKS, SPLIT_ATTACKS
from _injection_fresh9_benign import BENIGN
from _injection_fresh9_carriers_a import CARRIERS_A, Carrier
from _injection_fresh9_carriers_b import CARRIERS_B
from _injection_fresh9_text import AGENT_LEADS, NEUTRAL_LEADS, TAILS, fill, fillers, long_text, obfuscate, slot_values

SEED = 90_4_2026
PER_LABEL = 600
MIN_BYTES, MAX_BYTES = 100, 8_000
# Two documents sharing more than this fraction of their word 8-grams count as near copies.
MAX_JACCARD = 0.4
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "src/weir/detect/evaluation/data/injection-tools-fresh9.jsonl"
CARRIERS: dict[str, Carrier] = {**CARRIERS_A, **CARRIERS_B}
_WORD = re.compile(r"\w+")


def shingles(text: str) -> frozenset[tuple[str, ...]]:
    """The word 8-grams of ``text`` (lower-cased); a shorter text is one shingle of all its words."""
    words = _WORD.findall(text.lower())
    if len(words) < 8:
        return frozenset({tuple(words)})
    return frozenset(tuple(words[i : i + 8]) for i in range(len(words) - 7))


@dataclass
class NearCopyIndex:
    """An inverted index of shingles that answers "is this a near copy of a document already kept?"."""

    sizes: list[int] = field(default_factory=list)
    postings: dict[tuple[str, ...], list[int]] = field(default_factory=dict)

    def near_copy(self, grams: frozenset[tuple[str, ...]]) -> bool:
        """Whether ``grams`` overlaps any kept document above ``MAX_JACCARD``."""
        shared = Counter(doc for g in grams for doc in self.postings.get(g, ()))
        return any(n / (len(grams) + self.sizes[doc] - n) > MAX_JACCARD for doc, n in shared.items())

    def add(self, grams: frozenset[tuple[str, ...]]) -> None:
        """Keep a document's shingles."""
        doc = len(self.sizes)
        self.sizes.append(len(grams))
        for g in grams:
            self.postings.setdefault(g, []).append(doc)


def _benign_text(rng: random.Random, core: str) -> str:
    lead = rng.choice(NEUTRAL_LEADS)
    return lead + fill(core, slot_values(rng)) + fill(rng.choice(TAILS), slot_values(rng))


def _lengthen(rng: random.Random, text: str) -> str:
    # Long documents bury the payload in a field that is mostly ordinary prose.
    draw = rng.random()
    if draw < 0.06:
        return f"{long_text(rng)}\n\n{text}\n\n{long_text(rng)}"
    if draw < 0.16:
        return f"{fillers(rng, 2, 6)}\n\n{text}\n\n{fillers(rng, 1, 5)}"
    return text


def attack_payloads(rng: random.Random, kind: str, core: str | tuple[str, str]) -> tuple[str, list[str]]:
    """The kind actually written and the payload texts of one injected document."""
    values = slot_values(rng)
    if isinstance(core, tuple):
        texts = [fill(half, values) for half in core]
    else:
        text = rng.choice(AGENT_LEADS) if rng.random() < 0.5 else rng.choice(NEUTRAL_LEADS)
        text += fill(core, values) + fill(rng.choice(TAILS), values)
        if kind not in {"short", "multilingual"} and rng.random() < 0.1:
            kind, text = "obfuscated", obfuscate(text, rng)
        texts = [_lengthen(rng, text)]
    if rng.random() < 0.4:
        texts.append(_benign_text(rng, rng.choice([c for cores in BENIGN.values() for c in cores])))
    return kind, texts


def benign_payloads(rng: random.Random, core: str) -> list[str]:
    """The payload texts of one benign document: its look-alike core and sometimes a second one."""
    texts = [_lengthen(rng, _benign_text(rng, core))]
    if rng.random() < 0.4:
        texts.append(_benign_text(rng, rng.choice([c for cores in BENIGN.values() for c in cores])))
    return texts


def _cycle(rng: random.Random, entries: list[tuple[str, object]], count: int) -> list[tuple[str, object]]:
    """``count`` entries drawn by going through shuffled copies of ``entries`` (so every one is used)."""
    out: list[tuple[str, object]] = []
    while len(out) < count:
        batch = list(entries)
        rng.shuffle(batch)
        out.extend(batch)
    return out[:count]


def _plan(rng: random.Random) -> list[tuple[int, str, str, object]]:
    """(label, carrier, kind, core) for every document, carriers spread evenly over each label."""
    attacks: list[tuple[str, object]] = [(k, c) for k, cores in ATTACKS.items() for c in cores]
    attacks += [("split", pair) for pair in SPLIT_ATTACKS]
    benign: list[tuple[str, object]] = [(k, c) for k, cores in BENIGN.items() for c in cores]
    carriers = [(name, None) for name in CARRIERS]
    plan = []
    for label, pool in ((1, attacks), (0, benign)):
        for (kind, core), (carrier, _) in zip(
            _cycle(rng, pool, PER_LABEL), _cycle(rng, list(carriers), PER_LABEL), strict=True
        ):
            plan.append((label, str(carrier), kind, core))
    rng.shuffle(plan)
    return plan


def _render(rng: random.Random, label: int, carrier: str, kind: str, core: object) -> tuple[str, str]:
    if label:
        assert isinstance(core, str | tuple)
        kind, texts = attack_payloads(rng, kind, core)
    else:
        assert isinstance(core, str)
        texts = benign_payloads(rng, core)
    return kind, CARRIERS[carrier](rng, texts)


def generate(seed: int = SEED) -> list[dict[str, object]]:
    """Every record of the set, in file order."""
    rng = random.Random(seed)
    index = NearCopyIndex()
    records: list[dict[str, object]] = []
    for label, carrier, planned_kind, core in _plan(rng):
        for _attempt in range(50):
            kind, text = _render(rng, label, carrier, planned_kind, core)
            grams = shingles(text)
            if MIN_BYTES <= len(text.encode()) <= MAX_BYTES and not index.near_copy(grams):
                break
        else:
            raise RuntimeError(f"could not write a distinct {carrier}/{planned_kind} document")
        index.add(grams)
        records.append({"text": text, "label": label, "carrier": carrier, "kind": kind})
    return records


def main(argv: list[str] | None = None) -> int:
    """Write the set to the path in ``argv`` (or the default path); returns the exit status."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else DEFAULT_OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(r, ensure_ascii=False) for r in generate()]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} documents to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
