"""Documents as WordLlama window features, with the shipped detector's per-document scores beside them.

Shared by ``scripts/injection_semantic_loao.py`` (leave-one-author-out) and anything else that needs
the same numbers. WordLlama (``pip install wordllama``) is read from the files inside its wheel --
the Llama-2 tokenizer config and the 256-dimension ``l2_supercat`` embedding table -- by explicit
path, without importing the ``wordllama`` package (whose loader can download from Hugging Face and
configures logging on import): nothing here touches the network.

A document is tokenised (no special tokens), each token is looked up in the embedding table, and
windows of ``WINDOW`` tokens overlapping by half are pooled two ways, mean and max, into one row of
``2 * 256`` features. A document shorter than a window is one window. Per document the cache also
keeps its label, its source (author set), whether the shipped patterns fire, and the shipped
n-gram model's highest window logit (the detector's own windowing).

Only the sets named in ``SETS`` are read; no held-out set is opened here.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from train_injection import fresh_split  # noqa: E402

from weir.detect.injection.detector import InjectionDetector  # noqa: E402

DATA = ROOT / "src/weir/detect/evaluation/data"
AUTHORS = ("fresh", "fresh3", "fresh5", *(f"fresh{n}" for n in range(6, 14)))
"""The eleven independently written training sets, one author each; each is left out in turn."""
ALWAYS = ("dev",)
"""Our own tool-output pool: always in training, never left out (it is not an independent author)."""
WINDOW = 64
"""Tokens per window; windows overlap by half."""
EMBEDDING = "weights/l2_supercat_256.safetensors"
TOKENIZER = "tokenizers/l2_supercat_tokenizer_config.json"


def wordllama_files() -> tuple[Path, Path]:
    """The embedding table and tokenizer config inside the installed ``wordllama`` wheel (not imported)."""
    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("wordllama is not installed: pip install wordllama")
    root = Path(next(iter(spec.submodule_search_locations)))
    return root / EMBEDDING, root / TOKENIZER


def load_embedding() -> tuple[np.ndarray, object]:
    """``(table float32 [vocab, 256], tokenizers.Tokenizer)`` from the wheel's files, no network."""
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    table_path, tokenizer_path = wordllama_files()
    table = load_file(str(table_path))["embedding.weight"].astype(np.float32)
    tokenizer = Tokenizer.from_file(str(tokenizer_path))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return table, tokenizer


def window_rows(ids: np.ndarray, table: np.ndarray, window: int = WINDOW) -> np.ndarray:
    """Mean- and max-pooled embeddings of each half-overlapping window of ``ids``: ``[n_windows, 2 * dim]``."""
    vectors = table[ids] if ids.size else np.zeros((1, table.shape[1]), dtype=np.float32)
    half = window // 2
    n = vectors.shape[0]
    starts = list(range(0, max(1, n - half), half)) if n > window else [0]
    rows = np.empty((len(starts), 2 * table.shape[1]), dtype=np.float32)
    for i, start in enumerate(starts):
        block = vectors[start : start + window]
        rows[i, : table.shape[1]] = block.mean(axis=0)
        rows[i, table.shape[1] :] = block.max(axis=0)
    return rows


def read_set(name: str) -> list[tuple[str, int]]:
    """``(text, label)`` rows of one set; ``fresh-train``/``fresh-val`` are the trainer's halves."""
    if name in ("fresh-train", "fresh-val"):
        rows = fresh_split()[0 if name == "fresh-train" else 1]
    else:
        path = DATA / f"injection-tools-{name}.jsonl"
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [(str(r["text"]), int(str(r["label"]))) for r in rows]


SETS = ("fresh-train", "fresh-val", "fresh4", *AUTHORS[1:], *ALWAYS)
"""Every set featurised: the authors (fresh as its two halves), the validation set fresh4, our own pool."""


def featurise(name: str, table: np.ndarray, tokenizer: object) -> dict[str, np.ndarray]:
    """One set's window rows (``x``, ``doc``) and per-document ``y``, ``hit``, ``ngram``."""
    rows = read_set(name)
    texts = [t for t, _ in rows]
    encoded = tokenizer.encode_batch(texts, add_special_tokens=False)  # type: ignore[attr-defined]
    parts = [window_rows(np.asarray(e.ids, dtype=np.int64), table, WINDOW) for e in encoded]
    patterns = InjectionDetector(model=False)
    model = InjectionDetector(patterns=False)
    best = [max((s.probability for s in model.window_scores(t, 0.0)), default=1e-6) for t in texts]
    p = np.clip(np.array(best), 1e-6, 1 - 1e-6)
    return {
        "x": np.vstack(parts),
        "doc": np.concatenate([np.full(len(part), i, dtype=np.int64) for i, part in enumerate(parts)]),
        "y": np.array([y for _, y in rows], dtype=np.int64),
        "hit": np.array([bool(patterns(t)) for t in texts]),
        "ngram": np.log(p / (1 - p)),
    }


def load_all(cache: Path) -> dict[str, dict[str, np.ndarray]]:
    """Every set of ``SETS`` featurised, cached under ``cache`` by set, window and this file's text."""
    key = hashlib.sha256(Path(__file__).read_bytes() + str(WINDOW).encode()).hexdigest()[:12]
    cache.mkdir(parents=True, exist_ok=True)
    loaded: tuple[np.ndarray, object] | None = None
    out = {}
    for name in SETS:
        path = cache / f"semantic-{key}-{name}.npz"
        if not path.exists():
            loaded = loaded or load_embedding()
            print(f"featurising {name}", flush=True)
            np.savez(path, **featurise(name, *loaded))
        with np.load(path) as npz:
            out[name] = {k: npz[k] for k in npz.files}
    return out


def window_rows_fast(ids: np.ndarray, table: np.ndarray, window: int = WINDOW) -> np.ndarray:
    """``window_rows`` without a Python loop per window: sums and maxima per half window, then paired."""
    if ids.size <= window:
        return window_rows(ids, table, window)
    half = window // 2
    vectors = table[ids]
    full = ids.size // half
    body = vectors[: full * half].reshape(full, half, vectors.shape[1])
    sums, tops = body.sum(axis=1), body.max(axis=1)
    if full * half < ids.size:
        tail = vectors[full * half :]
        sums = np.vstack([sums, tail.sum(axis=0)])
        tops = np.vstack([tops, tail.max(axis=0)])
    counts = np.minimum(window, ids.size - np.arange(sums.shape[0] - 1) * half)
    mean = (sums[:-1] + sums[1:]) / counts[:, None]
    return np.hstack([mean, np.maximum(tops[:-1], tops[1:])]).astype(np.float32)
