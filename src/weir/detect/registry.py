"""Detector ids → classes, resolved lazily so optional detectors cost nothing until used.

Built-in ids: ``hidden``, ``secrets``, ``pii``, ``injection`` (text detectors, in the default
chain in that order), ``requests`` (markerless requests, looks only at texts scanned with a tool
catalog; named in ``weir.yaml``, not in the default chain: on the shipped traces it marks three
more injected results malicious, and the later benign calls of two of those sessions then need
the user's approval, so benign friction would rise from 10.3 % to 11.7 %),
``ner`` (Presidio, optional extra ``ner``; not in the default chain), ``onnx`` and ``judge``
(model detectors, extras ``onnx`` / ``judge``, see :mod:`weir.detect.models`; not in the default chain),
``poisoning`` and ``pinning`` (tool checks, both in the default chain). Other code can add ids
with :func:`register`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from weir.errors import ConfigError, DetectorError

__all__ = ["DEFAULT_TEXT", "DEFAULT_TOOLS", "available", "is_tool_check", "known", "register", "resolve"]

Factory = Callable[..., Any]

_BUILTIN: dict[str, str] = {
    "hidden": "weir.detect.hidden:HiddenTextDetector",
    "secrets": "weir.detect.secrets:SecretsDetector",
    "pii": "weir.detect.pii:PiiDetector",
    "injection": "weir.detect.injection:InjectionDetector",
    "requests": "weir.detect.injection.requests:RequestDetector",
    "ner": "weir.detect.ner:NerDetector",
    "onnx": "weir.detect.models.onnx:OnnxDetector",
    "judge": "weir.detect.models.judge:JudgeDetector",
    "poisoning": "weir.detect.poisoning:PoisoningDetector",
    "pinning": "weir.detect.pinning:Pins",
}
_REGISTERED: dict[str, Factory] = {}

DEFAULT_TEXT = ("hidden", "secrets", "pii", "injection")
"""The text detectors of the default chain, in order."""
DEFAULT_TOOLS = ("poisoning", "pinning")
"""The tool checks of the default chain."""
_TOOL_CHECKS = {"poisoning", "pinning"}


def register(detector_id: str, factory: Factory, *, tool_check: bool = False) -> None:
    """Make ``detector_id`` usable in ``weir.yaml``; ``factory(**options)`` builds the detector."""
    _REGISTERED[detector_id] = factory
    if tool_check:
        _TOOL_CHECKS.add(detector_id)


def is_tool_check(detector_id: str) -> bool:
    """Whether ``detector_id`` checks ``tools/list`` (poisoning, pinning) rather than text."""
    return detector_id in _TOOL_CHECKS


def known() -> list[str]:
    """Every id that can be named in ``detectors:``."""
    return sorted({*_BUILTIN, *_REGISTERED})


def resolve(detector_id: str) -> Factory:
    """The factory for ``detector_id``, importing its module on first use.

    Raises ConfigError for an unknown id and DetectorError when the module cannot be imported
    (an optional extra that is not installed, a detector not shipped in this build).
    """
    if detector_id in _REGISTERED:
        return _REGISTERED[detector_id]
    target = _BUILTIN.get(detector_id)
    if target is None:
        raise ConfigError(f"unknown detector {detector_id!r}; known: {', '.join(known())}")
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise DetectorError(f"detector {detector_id!r} is not available: {exc}") from exc
    factory: Factory = getattr(module, attr)
    return factory


def available(detector_id: str) -> bool:
    """Whether ``detector_id`` resolves (its module imports) in this installation."""
    try:
        resolve(detector_id)
    except (ConfigError, DetectorError):
        return False
    return True
