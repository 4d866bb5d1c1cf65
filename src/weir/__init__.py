"""Weir: trust and sensitivity labels for the Model Context Protocol.

The public surface is listed in ``__all__``; a test pins it, so adding a name is a decision.

``import weir`` loads the library layers only (labels, flow, policy, detect, the guard): no
database driver, no HTTP stack, no gateway. :class:`WeirConfig` and :func:`load_config` — the
whole of weir.yaml, whose sections include the gateway's and the audit store's — are loaded on
first use.
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
from weir.guard import Guard, GuardConfig
from weir.labels import DataLabel, Finding, ToolProfile
from weir.policy import Decision, Verdict

if TYPE_CHECKING:
    from weir.config import WeirConfig, load_config

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


def __getattr__(name: str) -> Any:
    if name in ("WeirConfig", "load_config"):
        return getattr(importlib.import_module("weir.config"), name)
    raise AttributeError(f"module 'weir' has no attribute {name!r}")
