"""Train a small injection classifier on the public sources of ``evals/injection`` and export it as
``model.onnx`` + ``tokenizer.json``: what the ``onnx`` detector loads (tests/detect/test_model_extras.py).

It is a stand-in for the Prompt-Guard-class model a deployer brings, small enough to train in
seconds with numpy: a word-level tokenizer (``tokenizers``, lower-cased, the ``--vocab`` most
frequent words) and a logistic regression over the mean of per-token weights, written as an ONNX
graph (``Gather`` of a weight table by ``input_ids``, ``ReduceMean`` over tokens, ``Add`` bias) with
the ``onnx`` package. Deterministic for given data and options.

    python scripts/train_onnx_classifier.py OUT_DIR [--limit N] [--vocab V] [--epochs E]
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

ROOT = Path(__file__).resolve().parents[1] / "evals" / "injection"


def load(limit: int, seed: int = 31) -> list[tuple[str, int]]:
    """Up to ``limit`` documents of each source of ``evals/injection``, shuffled."""
    rng = random.Random(seed)
    pairs: list[tuple[str, int]] = []
    for data in sorted(ROOT.glob("*/data.jsonl")):
        rows = [json.loads(line) for line in data.open(encoding="utf-8")]
        rng.shuffle(rows)
        pairs += [(str(r["text"])[:2000], int(r["label"])) for r in rows[:limit]]
    rng.shuffle(pairs)
    return pairs


def tokenizer(texts: list[str], vocab: int) -> Tokenizer:
    tok = Tokenizer(models.WordLevel(unk_token="[UNK]"))
    tok.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()])
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(texts, trainers.WordLevelTrainer(vocab_size=vocab, special_tokens=["[UNK]"]))
    return tok


def features(tok: Tokenizer, texts: list[str], size: int) -> np.ndarray:
    """Mean one-hot of each text's tokens: what the exported graph computes from ``input_ids``."""
    x = np.zeros((len(texts), size), dtype=np.float32)
    for i, text in enumerate(texts):
        ids = tok.encode(text).ids or [0]
        np.add.at(x[i], ids, 1.0 / len(ids))
    return x


def train(x: np.ndarray, y: np.ndarray, epochs: int) -> tuple[np.ndarray, float]:
    """Logistic regression by full-batch gradient descent (features are means: a large step is fine)."""
    w, b = np.zeros(x.shape[1], dtype=np.float64), 0.0
    balance = np.where(y == 1, 0.5 / max(y.mean(), 1e-9), 0.5 / max(1 - y.mean(), 1e-9))
    for _ in range(epochs):
        p = 1.0 / (1.0 + np.exp(-(x @ w + b)))
        grad = (p - y) * balance
        w -= 400.0 * (x.T @ grad / len(y) + 1e-5 * w)
        b -= 4.0 * float(grad.mean())
    return w, b


def export(w: np.ndarray, b: float, out: Path) -> None:
    """Logits (batch x 2) = mean over tokens of [-w/2, w/2][input_ids] + [-b/2, b/2]."""
    table = np.stack([-w / 2, w / 2], axis=1).astype(np.float32)
    bias = np.array([-b / 2, b / 2], dtype=np.float32)
    graph = helper.make_graph(
        [
            helper.make_node("Gather", ["table", "input_ids"], ["per_token"], axis=0),
            helper.make_node("ReduceMean", ["per_token", "axes"], ["pooled"], keepdims=0),
            helper.make_node("Add", ["pooled", "bias"], ["logits"]),
        ],
        "weir-demo-injection",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "tokens"]),
        ],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 2])],
        [
            numpy_helper.from_array(table, "table"),
            numpy_helper.from_array(bias, "bias"),
            numpy_helper.from_array(np.array([1], dtype=np.int64), "axes"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    model.ir_version = 9
    onnx.checker.check_model(model)
    onnx.save(model, str(out / "model.onnx"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--limit", type=int, default=600, help="documents per source")
    parser.add_argument("--vocab", type=int, default=8000)
    parser.add_argument("--epochs", type=int, default=300)
    args = parser.parse_args(argv)
    pairs = load(args.limit)
    texts, labels = [t for t, _ in pairs], np.array([label for _, label in pairs], dtype=np.float64)
    tok = tokenizer(texts, args.vocab)
    size = tok.get_vocab_size()
    w, b = train(features(tok, texts, size).astype(np.float64), labels, args.epochs)
    args.out.mkdir(parents=True, exist_ok=True)
    tok.save(str(args.out / "tokenizer.json"))
    export(w, b, args.out)
    print(f"{len(pairs)} documents, {size} tokens -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
