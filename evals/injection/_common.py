"""Shared by the build scripts of ``evals/injection/<source>/``: deterministic sampling, splicing, writing.

Every source directory holds ``data.jsonl`` (one document a line: ``text``, ``label`` 1 when an
instruction aimed at the model was planted in it, ``span`` the character span of the planted text
when known, ``kind`` what the document is), ``meta.json`` (name, licence, origin, whether it is the
benign-imperative set), the licence text(s) of what it was taken from, and ``build.py``, the script
that wrote it. Scripts take their inputs as arguments and write the same bytes on every run.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])|\n+")


def rng_for(name: str) -> random.Random:
    """A generator seeded from ``name`` (a string, so runs and Python versions agree)."""
    return random.Random(int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big"))


def by_hash(items: Iterable[str]) -> list[str]:
    """``items`` ordered by the SHA-256 of each: an order that depends on nothing but the texts."""
    return sorted(items, key=lambda s: hashlib.sha256(s.encode("utf-8")).hexdigest())


def boundaries(text: str) -> list[int]:
    """Offsets in ``text`` where a sentence or line starts (0 and ``len(text)`` included)."""
    cuts = {0, len(text)}
    cuts.update(m.end() for m in _SENTENCE.finditer(text))
    return sorted(cuts)


def splice(context: str, payload: str, where: str, rng: random.Random) -> tuple[str, list[int]]:
    """``payload`` put at the ``start``, ``end`` or a sentence boundary in the ``middle`` of ``context``,
    on a line of its own (as BIPIA does); returns the text and the payload's character span."""
    if where == "start":
        at = 0
    elif where == "end":
        at = len(context)
    else:
        inner = [b for b in boundaries(context) if 0 < b < len(context)] or [len(context) // 2]
        at = rng.choice(inner)
    head = context[:at].rstrip(" ")
    head = head + "\n" if head and not head.endswith("\n") else head
    tail = context[at:]
    tail = "\n" + tail if tail and not tail.startswith("\n") else tail
    return head + payload + tail, [len(head), len(head) + len(payload)]


def row(text: str, label: int, kind: str, span: Sequence[int] | None = None) -> dict[str, Any]:
    return {"text": text, "label": int(label), "span": list(span) if span else None, "kind": kind}


def write(directory: Path, rows: list[dict[str, Any]], meta: dict[str, Any]) -> None:
    """``data.jsonl`` and ``meta.json`` (counts added) in ``directory``; duplicates of a text are dropped."""
    seen: set[str] = set()
    unique = []
    for r in rows:
        if r["text"].strip() and r["text"] not in seen:
            seen.add(r["text"])
            unique.append(r)
    lines = [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in unique]
    (directory / "data.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    meta = {**meta, "positives": sum(r["label"] for r in unique), "negatives": sum(1 - r["label"] for r in unique)}
    (directory / "meta.json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{directory.name}: {meta['positives']} positives, {meta['negatives']} negatives")
