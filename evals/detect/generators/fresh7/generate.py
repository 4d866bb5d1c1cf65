"""Generate ``injection-tools-fresh7.jsonl``: author 8's independently written injection training set.

1,200 tool-output-style documents (half injections, half benign look-alikes) in the finance, legal, HR
and health documents a bank and hospital group's back-office agents read, in English, German, French,
Spanish and Dutch, often with the scars of PDF text extraction. Deterministic (fixed seed, stdlib only).
Usage: ``python -m evals.detect.generators.fresh7.generate [OUT.jsonl]``. See ``evals/detect/HISTORY.md``.
"""

from __future__ import annotations

import json
import random
import re

from evals.detect.generators.fresh7.carriers import CARRIERS
from evals.detect.generators.fresh7.values import P as VALUES
from evals.detect.generators.fresh7.values import slots
from evals.lib import jsonl, pools
from evals.lib.compose import wrap_words
from evals.lib.near import jaccard, word_grams

P = pools.load(__file__, "benign", "text")

SEED, PER_LABEL = 20261122, 600
MIN_BYTES, MAX_BYTES = 100, 8000
NEAR_COPY = 0.5
POSITIONS = ["start", "early", "middle", "middle", "end", "end", "split"]
ADDRESSED = re.compile(r"assistant|\bAI\b|\bKI\b|\bIA\b|\bbot\b|Copilot|asistente|Assistants")
ATTACHMENT_MARKS = [
    "--- Attachment:",
    "Enclosure -",
    "Anlage:",
    "Pièce jointe :",
    "Anexo:",
    "Bijlage:",
    "=== Document 2:",
]
RAW_FRAMES = ["{core}", "{core}", "<!-- {core} -->", "```\n{core}\n```", "<div hidden>{core}</div>"]


def fill(template: str, values: dict[str, str]) -> str:
    """``template`` with every ``{slot}`` that ``values`` knows replaced; other braces stay as written."""
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), template)


def frame(text: str, template: str) -> str:
    """``text`` placed into a framing; a JSON framing gets the text as a proper JSON string."""
    return template.replace("{core_json}", json.dumps(text, ensure_ascii=False)).replace("{core}", text)


def odd_casing(rng: random.Random, text: str) -> str:
    """The odd spacing or casing some injections use to slip past keyword filters."""
    style = rng.randrange(3)
    words = text.split(" ")
    cut = min(len(words), rng.randint(2, 5))
    if style == 0:
        return " ".join([" ".join(w) for w in words[:cut]] + words[cut:])
    if style == 1:
        return text.upper()
    return "".join(c.upper() if i % 2 else c.lower() for i, c in enumerate(text))


def attack_core(rng: random.Random, index: int, values: dict[str, str]) -> tuple[str, str]:
    """The framed attack text and its goal for attack ``index``."""
    goal, mode, template = P.ATTACKS[index]
    text = fill(template, values)
    if mode != "raw" and rng.random() < 0.3:
        text = f"{text} {rng.choice(P.SILENCERS)}"
    if mode == "raw":
        text = frame(text, rng.choice(RAW_FRAMES))
    elif mode == "free" and rng.random() < 0.6:
        # An attack that already names its reader is not addressed twice.
        named = ADDRESSED.search(template[:60]) is not None
        text = frame(text, rng.choice(P.HIDE_FRAMES if named or rng.random() < 0.5 else P.ADDRESS_FRAMES))
    else:
        text = frame(text, rng.choice(P.QUIET_FRAMES))
    if mode == "free" and rng.random() < 0.08:
        text = odd_casing(rng, text)
    return text, goal


def benign_core(rng: random.Random, index: int, values: dict[str, str]) -> tuple[str, str]:
    """The benign look-alike text and its kind for benign ``index``."""
    kind, template = P.BENIGN[index]
    text = fill(template, values)
    if rng.random() < 0.25:
        text = frame(text, rng.choice(["Note: {core}", "> {core}", "* {core}", "Remark: {core}", "({core})", "{core}"]))
    if rng.random() < 0.15:
        other = P.BENIGN[rng.randrange(len(P.BENIGN))][1]
        text = f"{text}\n\n{fill(other, values)}"
    return text, kind


def place(rng: random.Random, blocks: list[str], core: str, teaser: str) -> list[str]:
    """``blocks`` with ``core`` inserted at a random position (``teaser`` goes early when it is split)."""
    out = list(blocks)
    where = rng.choice(POSITIONS)
    if where == "start":
        out.insert(0, core)
    elif where == "early":
        out.insert(min(1, len(out)), core)
    elif where == "middle":
        out.insert(rng.randint(1, max(1, len(out) - 1)), core)
    elif where == "end":
        out.append(core)
    else:
        out.insert(min(1, len(out)), teaser)
        out.append(core)
    return out


def pdf_scars(rng: random.Random, blocks: list[str], lang: str) -> list[str]:
    """Page headers and footers between blocks, hard line wraps and hyphenated breaks, as PDF extraction leaves."""
    lab = VALUES.LABELS[lang]
    breaks = [i for i in range(1, len(blocks)) if rng.random() < 0.35]
    pages = len(breaks) + 1
    footer = rng.choice(["{page} {n} {of} {total}", "- {n} -", "{n}/{total}", "{corp} | {page} {n}"])
    out: list[str] = []
    for i, block in enumerate(blocks):
        if i in breaks:
            n = breaks.index(i) + 1
            mark = footer.format(page=lab["page"], of=lab["of"], n=n, total=pages, corp=rng.choice(VALUES.COMPANIES))
            out.append(f"{mark}\n\x0c")
        out.append(wrap(rng, block) if rng.random() < 0.6 else block)
    return out


def wrap(rng: random.Random, block: str) -> str:
    """``block`` re-broken at a fixed width, with an occasional word hyphenated across the break."""
    width = rng.randint(55, 95)
    return "\n".join(wrap_line(rng, line, width) for line in block.split("\n"))


def wrap_line(rng: random.Random, text: str, width: int) -> str:
    """One line of text broken at ``width`` columns, the way PDF extraction keeps the printed breaks."""
    return wrap_words(
        text, width, lambda word: len(word) // 2 if len(word) > 9 and word.isalpha() and rng.random() < 0.3 else 0
    )


def compose(rng: random.Random, carrier: str, label: int, index: int) -> tuple[str, str]:
    """One document of ``carrier`` carrying attack or benign core ``index``; returns (text, kind)."""
    lang = rng.choice(VALUES.LANGS)
    values = slots(rng, lang)
    blocks = CARRIERS[carrier](rng, lang, values)
    shape = rng.random()
    if shape < 0.08:
        blocks = blocks[:1]
    elif shape > 0.8:
        count = 1 if shape < 0.9 else rng.randint(3, 8) if shape < 0.97 else rng.randint(10, 16)
        blocks += attachments(rng, lang, values, count)
    core, kind = attack_core(rng, index, values) if label else benign_core(rng, index, values)
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        blocks.insert(rng.randint(0, len(blocks)), fill(rng.choice(P.DECOYS), values))
    if carrier == "chat":
        speaker = rng.choice([values["name"], values["name2"]])
        core = f"[{rng.randint(8, 18):02d}:{rng.randint(0, 59):02d}] {speaker}: {core}"
    teaser = rng.choice(P.SPLIT_TEASERS) if label else fill(rng.choice(P.DECOYS), values)
    blocks = place(rng, blocks, core, teaser)
    if rng.random() < 0.5:
        blocks = pdf_scars(rng, blocks, lang)
    text = "\n\n".join(blocks)
    while len(text.encode()) > MAX_BYTES:
        blocks.remove(max((b for b in blocks if core not in b), key=len))
        text = "\n\n".join(blocks)
    return text, kind


def attachments(rng: random.Random, lang: str, values: dict[str, str], count: int) -> list[str]:
    """Further documents bundled into the same PDF, which is how long tool outputs usually arise."""
    out: list[str] = []
    for name in rng.sample(sorted(CARRIERS), count):
        out.append(f"{rng.choice(ATTACHMENT_MARKS)} {name.replace('-', ' ')}")
        out += CARRIERS[name](rng, lang, slots(rng, lang) | {"name": values["name"]})
    return out


def build(seed: int = SEED) -> list[dict[str, object]]:
    """All documents: every carrier equally often in both classes, every core used, no near copies."""
    rng = random.Random(seed)
    carriers = sorted(CARRIERS)
    order = [carriers[i % len(carriers)] for i in range(PER_LABEL)]
    rng.shuffle(order)
    records: list[dict[str, object]] = []
    for label, pool_size in ((1, len(P.ATTACKS)), (0, len(P.BENIGN))):
        cores = [i % pool_size for i in range(PER_LABEL)]
        rng.shuffle(cores)
        seen: dict[int, list[frozenset[tuple[str, ...]]]] = {}
        for carrier, core in zip(order, cores, strict=True):
            for _ in range(20):
                text, kind = compose(rng, carrier, label, core)
                grams = word_grams(text)
                if len(text.encode()) >= MIN_BYTES and all(jaccard(grams, g) < NEAR_COPY for g in seen.get(core, [])):
                    break
            seen.setdefault(core, []).append(grams)
            records.append({"text": text, "label": label, "carrier": carrier, "kind": kind})
    rng.shuffle(records)
    return records


if __name__ == "__main__":
    raise SystemExit(jsonl.main(build, jsonl.set_file(__package__)))
