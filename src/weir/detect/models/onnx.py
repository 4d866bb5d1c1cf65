"""``onnx``: a sequence classifier in ONNX form with its tokenizer, loaded from a local folder.

Any Prompt-Guard-class model exported to ONNX works: the folder holds ``model.onnx`` and the
``tokenizer.json`` of the Hugging Face ``tokenizers`` library. Install ``mcp-weir[onnx]``::

    detectors:
      - use: onnx
        options: {path: /opt/models/prompt-guard, labels: [1, 2], threshold: 0.5}

The graph must take ``input_ids`` (int64, batch x tokens) and may take ``attention_mask`` and
``token_type_ids``; its first output is logits (batch x classes). The score is the softmax mass of
the ``labels`` classes (Prompt-Guard: 1 injection, 2 jailbreak). Texts longer than ``max_tokens``
are cut into pieces of that many tokens and the highest score stands. Nothing is downloaded:
the folder is the deployer's. ``onnxruntime`` and ``tokenizers`` are imported when this module
is, which is when ``onnx`` is configured (``import weir`` never does).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime
from tokenizers import Tokenizer

from weir.detect.models.gated import GatedModel, Verdict
from weir.errors import ConfigError, DetectorError

__all__ = ["OnnxDetector"]


class OnnxDetector(GatedModel):
    """Score each gated stretch with a local ONNX classifier (see the module docstring)."""

    id = "onnx"
    kind = "onnx-classifier"

    def __init__(
        self,
        *,
        path: str,
        labels: list[int] | None = None,
        max_tokens: int = 512,
        **options: Any,
    ) -> None:
        folder = Path(path)
        model, vocab = folder / "model.onnx", folder / "tokenizer.json"
        if not model.is_file() or not vocab.is_file():
            raise ConfigError(f"onnx: {folder} must hold model.onnx and tokenizer.json")
        if max_tokens < 8:
            raise ConfigError("onnx: max_tokens must be at least 8")
        super().__init__(**options)
        try:
            self._session = onnxruntime.InferenceSession(str(model), providers=["CPUExecutionProvider"])
            self._tokenizer = Tokenizer.from_file(str(vocab))
        except Exception as exc:  # a corrupt model is a deployment error, said at start-up
            raise DetectorError(f"onnx: cannot load {folder}: {exc}") from exc
        self._inputs = {i.name for i in self._session.get_inputs()}
        if "input_ids" not in self._inputs:
            raise DetectorError(f"onnx: the model takes no input_ids (inputs: {sorted(self._inputs)})")
        self.labels = labels if labels is not None else [1]
        self.max_tokens = max_tokens

    def judge(self, text: str) -> Verdict:
        ids = self._tokenizer.encode(text).ids or [0]
        pieces = [ids[i : i + self.max_tokens] for i in range(0, len(ids), self.max_tokens)]
        return Verdict(max(self._score(piece) for piece in pieces))

    def _score(self, ids: list[int]) -> float:
        feed: dict[str, Any] = {"input_ids": np.asarray([ids], dtype=np.int64)}
        if "attention_mask" in self._inputs:
            feed["attention_mask"] = np.ones((1, len(ids)), dtype=np.int64)
        if "token_type_ids" in self._inputs:
            feed["token_type_ids"] = np.zeros((1, len(ids)), dtype=np.int64)
        logits = np.asarray(self._session.run(None, feed)[0], dtype=np.float64)[0]
        exp = np.exp(logits - logits.max())
        probs = exp / exp.sum()
        return float(sum(probs[i] for i in self.labels if 0 <= i < len(probs)))
