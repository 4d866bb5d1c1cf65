"""Generate the fresh11 injection set: a personal assistant's messages, notes, logs and feeds.

Usage: ``python -m evals.detect.generators.fresh11.generate [OUT]`` (default
``evals/detect/injection-tools-fresh11.jsonl``). Deterministic: a fixed seed, the
standard library only, so re-running it reproduces the committed file byte for byte. See
``evals/detect/HISTORY.md`` for the labelling rule and the counts.
"""

from __future__ import annotations

import random
import re

from evals.detect.generators.fresh11.attacks import ATTACK_CORES
from evals.detect.generators.fresh11.benign import BENIGN_CORES
from evals.detect.generators.fresh11.carriers import CARRIERS
from evals.lib import jsonl, pools
from evals.lib.near import jaccard, word_grams

t = pools.load(__file__, "text")

SEED, TOTAL = 1111, 1200
MIN_BYTES, MAX_BYTES = 100, 8192
NEAR_COPY = 0.5
TOKEN = re.compile(r"<(OWNER|NAME|TIME|EMO|N|DAY|PLACE|URL|PHONE|EMAIL|AMT|CODE|HANDLE)>")
# Ways the word "assistant" gets disguised in a minority of attacks, as real injections do.
DISGUISES = ["a s s i s t a n t", "ASSISTANT", "assistаnt", "a.s.s.i.s.t.a.n.t", "AsSiStAnT"]


class Filler:
    """Fills placeholders for one document: the owner is fixed, everything else drawn per use."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.owner = rng.choice(t.OWNERS)
        self.left: dict[int, list[str]] = {}

    def value(self, token: str) -> str:
        """One value for a placeholder name."""
        r = self.rng
        picks: dict[str, str] = {
            "OWNER": self.owner,
            "NAME": r.choice(t.NAMES),
            "TIME": f"{r.randint(6, 22)}:{r.choice(['00', '15', '30', '45'])}",
            "EMO": r.choice(t.EMOJI),
            "N": str(r.randint(1, 9)),
            "DAY": r.choice(t.DAYS),
            "PLACE": r.choice(t.PLACES),
            "URL": r.choice(t.DOMAINS),
            "PHONE": f"+{r.randint(30, 99)} {r.randint(600, 999)} {r.randint(100, 999)} {r.randint(100, 999)}",
            "EMAIL": f"{r.choice(t.NAMES).lower().replace(' ', '.')}{r.randint(1, 99)}@{r.choice(t.MAIL_DOMAINS)}",
            "AMT": r.choice(["€", "R$", "₹", "$", "£"]) + str(r.choice([40, 75, 120, 250, 480, 900, 1500, 2000])),
            "CODE": str(r.randint(100000, 999999)),
            "HANDLE": r.choice(t.NAMES).lower().replace(" ", "") + r.choice(["_pay", ".23", "77", "_x", ""]),
        }
        return picks[token]

    def text(self, template: str) -> str:
        """The template with every placeholder filled."""
        return TOKEN.sub(lambda m: self.value(m.group(1)), template)

    def __call__(self, pool: list[str]) -> str:
        """A filled line from the pool, not repeating one until the pool is used up."""
        left = self.left.get(id(pool))
        if not left:
            left = list(pool)
            self.rng.shuffle(left)
            self.left[id(pool)] = left
        return self.text(left.pop())


def core_parts(rng: random.Random, fill: Filler, kind: str, core: str, label: int) -> list[str]:
    """The filled core, split in two for split attacks, sometimes disguised when it is an attack."""
    text = fill.text(core)
    if label == 1 and "assistant" in text and rng.random() < 0.12:
        text = text.replace("assistant", rng.choice(DISGUISES), 1)
    if kind == "split":
        return [p.strip() for p in text.split("\n") if p.strip() not in ("", "...")]
    return [text]


def filler_count(rng: random.Random) -> int:
    """How many filler lines a document gets: mostly short, some medium, a few long, a handful very long."""
    roll = rng.random()
    if roll < 0.3:
        return rng.randint(1, 3)
    if roll < 0.75:
        return rng.randint(4, 10)
    if roll < 0.95:
        return rng.randint(15, 45)
    return rng.randint(60, 120)


def render(rng: random.Random, carrier: str, kind: str, core: str, label: int) -> str:
    """One document within the size bounds."""
    fill = Filler(rng)
    parts = core_parts(rng, fill, kind, core, label)
    n = filler_count(rng)
    while True:
        text = CARRIERS[carrier](rng, fill, n, parts)
        size = len(text.encode("utf-8"))
        if size > MAX_BYTES and n > 1:
            n = max(1, n * 2 // 3)
        elif size < MIN_BYTES:
            n += 2
        else:
            return text


def schedule(rng: random.Random) -> list[tuple[int, str, str, str]]:
    """(label, carrier, kind, core) for every document: cores and carriers used evenly, order shuffled."""
    plan: list[tuple[int, str, str, str]] = []
    names = list(CARRIERS)
    for label, cores in ((1, ATTACK_CORES), (0, BENIGN_CORES)):
        pool = [cores[i % len(cores)] for i in range(TOTAL // 2)]
        carriers = [names[i % len(names)] for i in range(TOTAL // 2)]
        rng.shuffle(pool)
        rng.shuffle(carriers)
        plan += [(label, c, k, core) for c, (k, core) in zip(carriers, pool, strict=True)]
    rng.shuffle(plan)
    return plan


def build() -> list[dict[str, object]]:
    """All documents, re-drawing any that comes too close to an earlier one with the same core (keys sorted)."""
    rng = random.Random(SEED)
    seen: dict[str, list[frozenset[tuple[str, ...]]]] = {}
    docs: list[dict[str, object]] = []
    for label, carrier, kind, core in schedule(rng):
        earlier = seen.setdefault(core, [])
        for _ in range(30):
            text = render(rng, carrier, kind, core, label)
            grams = word_grams(text, short=False)
            if all(jaccard(grams, other) < NEAR_COPY for other in earlier):
                break
        earlier.append(grams)
        docs.append({"carrier": carrier, "kind": kind, "label": label, "text": text})
    return docs


if __name__ == "__main__":
    raise SystemExit(jsonl.main(build, jsonl.set_file(__package__)))
