"""Weir: trust and sensitivity labels for the Model Context Protocol.

The public surface is listed in ``__all__``; a test pins it, so adding a name is a decision.

``import weir`` loads the version and the errors only: every other public name is resolved on
first use (PEP 562 ``__getattr__``), so a CLI command, a test helper or a program that only
catches :class:`WeirError` pays nothing for the library layers (pydantic models, numpy, CEL) it
does not use. ``from weir import Guard`` loads labels, flow, policy, detect and the guard — still
no database driver, no HTTP stack, no gateway. :class:`WeirConfig` and :func:`load_config` — the
whole of weir.yaml, whose sections include the gateway's and the audit store's — load
``weir.config``.
"""

import importlib
from typing import TYPE_CHECKING, Any

from weir._version import __version__
from weir.errors import (
    AuditError,
    ConfigError,
    DetectorError,
    PolicyCompileError,
    ProtocolError,
    UpstreamError,
    WeirError,
)

if TYPE_CHECKING:
    from weir.config import WeirConfig, load_config
    from weir.guard import Guard, GuardConfig
    from weir.labels import DataLabel, Finding, ToolProfile
    from weir.policy import Decision, Verdict

__all__ = [
    "AuditError",
    "ConfigError",
    "DataLabel",
    "Decision",
    "DetectorError",
    "Finding",
    "Guard",
    "GuardConfig",
    "PolicyCompileError",
    "ProtocolError",
    "ToolProfile",
    "UpstreamError",
    "Verdict",
    "WeirConfig",
    "WeirError",
    "__version__",
    "load_config",
]

_LAZY = {
    "DataLabel": "weir.labels",
    "Decision": "weir.policy",
    "Finding": "weir.labels",
    "Guard": "weir.guard",
    "GuardConfig": "weir.guard",
    "ToolProfile": "weir.labels",
    "Verdict": "weir.policy",
    "WeirConfig": "weir.config",
    "load_config": "weir.config",
}
"""Each lazily resolved public name and the module that defines it."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'weir' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # resolved once: later lookups are plain module attributes
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
