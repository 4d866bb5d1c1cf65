"""Fixtures shared by the detector tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.shared import once_per_run

ROOT = Path(__file__).resolve().parents[2]


def _train_onnx(out: Path) -> None:
    script = ROOT / "scripts" / "train_onnx_classifier.py"
    subprocess.run([sys.executable, str(script), str(out), "--limit", "100", "--epochs", "150"], check=True)


@pytest.fixture(scope="session")
def onnx_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ONNX stand-in classifier ``scripts/train_onnx_classifier.py`` trains and exports, made once per
    run (tests/shared.py) for every module that loads it; skips where the onnx extra is absent."""
    for module in ("onnxruntime", "tokenizers", "onnx"):
        pytest.importorskip(module, reason="the onnx extra (and onnx, to export) is not installed")
    return once_per_run(tmp_path_factory, "onnx-model", _train_onnx)
