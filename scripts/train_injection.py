"""Rebuild Weir's shipped injection classifier, ``src/weir/detect/injection/model.npz``, from ``evals/injection``.

    .venv/bin/python scripts/train_injection.py [--data evals/injection] [--out PATH]

numpy only, deterministic: the same data gives the same file. The data are the independent sources
under ``evals/injection/`` (each with its licence and the script that extracted it; see the README
there). Every source is split by hash of each document's text: 80% is fitted
(:func:`evals.detect.training.fit`: multiple-instance logistic regression over the
windows and segments the detector scores), 20% is held out to calibrate the model and choose its
operating point:

- Platt scaling of the documents' top unit logit on the held-out share (each source and label
  weighing the same) gives calibrated probabilities; the scale and offset are folded into the weights
  and the bias, so the detector's probability *is* the calibrated one.
- The default threshold is the probability at which the held-out clean documents, each source
  weighing the same, are flagged at most 5% of the time by patterns or classifier. It is printed;
  ``DEFAULT_THRESHOLD`` in ``weir/detect/injection/detector.py`` holds it (a test checks they agree).

How well this holds on a source it never saw is measured by ``python -m evals.detect --loso``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]  # weir from this checkout; evals (the trainer) beside it

from evals.detect import loso, training  # noqa: E402
from weir.detect.injection.features import ORDERS  # noqa: E402
from weir.detect.injection.scanner import scan_patterns  # noqa: E402

MODEL_OUT = ROOT / "src/weir/detect/injection/model.npz"
MAX_FPR = 0.05


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT / "evals/injection")
    parser.add_argument("--out", type=Path, default=MODEL_OUT)
    parser.add_argument("--epochs", type=int, default=60)
    args = parser.parse_args(argv)

    docs = [d for s in loso.load_sources(args.data) for d in s.documents]
    fit_docs = [d for d in docs if not training.holdout(d)]
    held = [d for d in docs if training.holdout(d)]
    print(f"{len(fit_docs)} documents fitted, {len(held)} held out for calibration", flush=True)
    fitted = loso.train(fit_docs, args.epochs)

    raw = training.doc_scores(training.units(held), fitted)
    labels = np.array([d.label for d in held], dtype=np.float64)
    weights = training.balanced_weights([d.label for d in held], [d.source for d in held])
    a, b = training.platt(raw, labels, weights)
    calibrated = a * raw + b
    patterns = np.array([bool(scan_patterns(d.text)) for d in held])
    flagged = np.where(patterns, np.inf, calibrated)
    clean = labels == 0
    cut = training.choose_threshold(flagged[clean], [d.source for d, c in zip(held, clean, strict=True) if c], MAX_FPR)
    threshold = 1.0 / (1.0 + math.exp(-cut))
    print(f"Platt a={a:.4f} b={b:.4f}; threshold {threshold:.4f} (held-out clean FPR <= {MAX_FPR})")
    for source in sorted({d.source for d in held}):
        mask = np.array([d.source == source for d in held])
        pos, neg = flagged[mask & ~clean], flagged[mask & clean]
        tpr = f"{(pos >= cut).mean():.3f}" if pos.size else "  -  "
        fpr = f"{(neg >= cut).mean():.3f}" if neg.size else "  -  "
        print(f"  held-out {source:<26} TPR {tpr}  FPR {fpr}")

    meta = {
        "orders": list(ORDERS),
        "chunk": training.CHUNK,
        "bits": training.BITS,
        "min_window": training.MIN_WINDOW,
        "segment_margin": 0.0,
        "short_margin": None,
        "platt": [round(a, 6), round(b, 6)],
        "threshold": round(threshold, 4),
        "epochs": args.epochs,
        "trained_on": sorted({d.source for d in fit_docs}),
    }
    np.savez_compressed(
        args.out,
        weights=(fitted.weights * a).astype(np.float16),
        bias=np.float64(a * fitted.bias + b),
        version=np.str_(json.dumps(meta, sort_keys=True)),
    )
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
