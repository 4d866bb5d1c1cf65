"""Weir: trust and sensitivity labels for the Model Context Protocol.

The public surface is listed in ``__all__``; a test pins it, so adding a name is a decision.
"""

from weir._version import __version__
from weir.config import WeirConfig, load_config
from weir.errors import (
    AuditError,
    ConfigError,
    DecisionError,
    DetectorError,
    PolicyCompileError,
    ProtocolError,
    UpstreamError,
    WeirError,
)
from weir.guard import Guard
from weir.labels import DataLabel, Finding, ToolProfile
from weir.policy import Decision, Verdict

__all__ = [
    "AuditError",
    "ConfigError",
    "DataLabel",
    "Decision",
    "DecisionError",
    "DetectorError",
    "Finding",
    "Guard",
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
