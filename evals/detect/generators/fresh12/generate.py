"""Generate ``injection-tools-fresh12.jsonl``: author 14's tool-output injection set (training data).

Public-sector and academic documents (petitions, permit applications, minutes, FOI letters, bids, grant
proposals, peer reviews, LaTeX sources, student submissions, syllabi, catalogue records, dataset
READMEs, consultation responses, press releases, policy papers). Half carry an injection addressed to
the agent reading them (label 1), half a benign look-alike of the same carrier (label 0). Deterministic:
a fixed seed and only the standard library, so anyone can re-run it and get the same bytes.

Usage: ``python -m evals.detect.generators.fresh12.generate [OUTPUT.jsonl]``
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from evals.detect.generators.fresh12.carriers import CARRIERS, filler_blocks, wrap
from evals.lib import jsonl, pools

P = pools.load(__file__, "benign", "text")

SEED = 20261122
PER_CARRIER = 80
MIN_BYTES, MAX_BYTES = 100, 8000
# Attack kinds a planter would most plausibly choose for each carrier; about half the injections of a
# carrier come from these, the rest cycle through every core so each one is used.
AFFINITY: dict[str, tuple[str, ...]] = {
    "lms_submission": ("grade_hijack",),
    "syllabus_page": ("grade_hijack", "mislead"),
    "peer_review": ("review_hijack",),
    "latex_source": ("review_hijack",),
    "grant_proposal": ("review_hijack", "payment"),
    "procurement_bid": ("procurement_hijack", "payment"),
    "petition": ("tamper", "mislead", "publish"),
    "consultation_response": ("tamper", "mislead", "reveal_prompt"),
    "permit_application": ("subtle_workflow", "tamper", "payment"),
    "foi_correspondence": ("exfiltrate", "delete", "settings"),
    "council_minutes": ("tamper", "publish", "subtle_workflow"),
    "library_record": ("grant_access", "delete", "tool_call"),
    "dataset_readme": ("run_command", "tool_call", "mislead"),
    "press_release": ("publish", "mislead", "override"),
    "policy_white_paper": ("reveal_prompt", "override", "exfiltrate"),
}
_SENTENCE_END = re.compile(r"(?<=[.!?]) ")
_MARKUP_START = ("<", "{", "%", "\\", "`", "#", '"', "[", "!")
_POOLS = {
    "{email}": P.EMAILS,
    "{url}": P.URLS,
    "{iban}": P.IBANS,
    "{amount}": P.AMOUNTS,
    "{name}": P.NAMES,
    "{ref}": P.REFS,
    "{date}": P.DATES,
    "{org}": P.ORGS,
}


@dataclass(frozen=True)
class Doc:
    """One generated document and its labels."""

    text: str
    label: int
    carrier: str
    kind: str


def fill(rng: random.Random, text: str) -> str:
    """``text`` with every placeholder replaced by a value drawn from its pool."""
    for key, pool in _POOLS.items():
        while key in text:
            text = text.replace(key, rng.choice(pool), 1)
    return text


def dress(rng: random.Random, core: str, styles: list[str], leads: list[str] | None) -> str:
    """``core`` with a lead-in from ``leads`` (if any) and one of the carrier's styles, unless it brings its own."""
    if core.startswith(_MARKUP_START):
        return core
    if leads:
        core = rng.choice(leads) + core
    return wrap(rng, rng.choice(styles), core)


def place(rng: random.Random, blocks: list[str], piece: str, lo: int = 0, hi: int | None = None) -> None:
    """Put ``piece`` into ``blocks`` between ``lo`` and ``hi``: as its own block, or inside a paragraph."""
    hi = len(blocks) if hi is None else hi
    at = rng.randint(lo, max(lo, hi))
    if blocks and at < len(blocks) and rng.random() < 0.4 and "\n" not in piece:
        sentences = _SENTENCE_END.split(blocks[at])
        cut = rng.randint(0, len(sentences))
        blocks[at] = " ".join([*sentences[:cut], piece, *sentences[cut:]])
        return
    blocks.insert(min(at, len(blocks)), piece)


def body(rng: random.Random, carrier: str) -> list[str]:
    """Filler paragraphs for one document: usually several, sometimes very few."""
    roll = rng.random()
    count = 0 if roll < 0.06 else rng.randint(1, 2) if roll < 0.25 else rng.randint(3, 8)
    return filler_blocks(rng, carrier, count)


def injection(rng: random.Random, carrier: str, core_index: int) -> Doc:
    """A document of ``carrier`` carrying an attack (split in two parts for a few documents)."""
    render, styles = CARRIERS[carrier]
    blocks = body(rng, carrier)
    if rng.random() < 0.08:
        kind, first, second = rng.choice(P.SPLIT_ATTACKS)
        place(rng, blocks, dress(rng, fill(rng, first), styles, None), 0, len(blocks) // 2)
        place(rng, blocks, dress(rng, fill(rng, second), styles, None), len(blocks) // 2 + 1)
    else:
        kind, core = P.ATTACKS[core_index % len(P.ATTACKS)]
        place(rng, blocks, dress(rng, fill(rng, core), styles, P.ATTACK_LEADS if rng.random() < 0.35 else None))
    if rng.random() < 0.3:
        place(rng, blocks, dress(rng, fill(rng, rng.choice(P.BENIGN)[1]), styles, None))
    return Doc(render(rng, blocks), 1, carrier, kind)


def benign(rng: random.Random, carrier: str, core_index: int) -> Doc:
    """A document of ``carrier`` carrying one or two benign look-alikes and no attack."""
    render, styles = CARRIERS[carrier]
    blocks = body(rng, carrier)
    kind, core = P.BENIGN[core_index % len(P.BENIGN)]
    place(rng, blocks, dress(rng, fill(rng, core), styles, P.BENIGN_LEADS if rng.random() < 0.35 else None))
    if rng.random() < 0.3:
        place(rng, blocks, dress(rng, fill(rng, rng.choice(P.BENIGN)[1]), styles, None))
    return Doc(render(rng, blocks), 0, carrier, kind)


def sized(rng: random.Random, make: Callable[[random.Random, str, int], Doc], carrier: str, index: int) -> Doc:
    """A document within the size bounds, re-drawn until it fits (the draws stay deterministic)."""
    for _ in range(50):
        doc = make(rng, carrier, index)
        if MIN_BYTES <= len(doc.text.encode("utf-8")) <= MAX_BYTES:
            return doc
    raise RuntimeError(f"could not fit a {carrier} document into {MIN_BYTES}-{MAX_BYTES} bytes")


def documents() -> list[Doc]:
    """All documents: per carrier, half injections and half benign, in a shuffled fixed order."""
    rng = random.Random(SEED)
    attack_order = list(range(len(P.ATTACKS)))
    benign_order = list(range(len(P.BENIGN)))
    rng.shuffle(attack_order)
    rng.shuffle(benign_order)
    docs: list[Doc] = []
    for n, carrier in enumerate(CARRIERS):
        fitting = [i for i, (kind, _) in enumerate(P.ATTACKS) if kind in AFFINITY[carrier]]
        for i in range(PER_CARRIER // 2):
            slot = n * (PER_CARRIER // 2) + i
            core = rng.choice(fitting) if i % 2 else attack_order[(slot // 2) % len(attack_order)]
            docs.append(sized(rng, injection, carrier, core))
            docs.append(sized(rng, benign, carrier, benign_order[slot % len(benign_order)]))
    rng.shuffle(docs)
    return docs


def build() -> list[dict[str, object]]:
    """The records of :func:`documents`, as the file holds them."""
    return [{"text": d.text, "label": d.label, "carrier": d.carrier, "kind": d.kind} for d in documents()]


if __name__ == "__main__":
    raise SystemExit(jsonl.main(build, jsonl.set_file(__package__)))
