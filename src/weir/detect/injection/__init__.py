"""Prompt-injection detection for tool results: high-precision patterns plus a small shipped classifier.

``InjectionDetector()(text)`` returns ``Finding``s with ``detector="injection"`` and
``cls=malicious``. The classifier (``model.npz``, trained by ``scripts/train_injection.py``) is a
linear model over hashed byte n-grams scored with numpy only; nothing is downloaded at run time.
"""

from __future__ import annotations

from weir.detect.injection.detector import InjectionDetector

__all__ = ["InjectionDetector"]
