"""SEP-1984: six tri-state hints in `Tool.annotations`. Absent means *no claim* (None)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels.dialects._collect import Collector
from weir.labels.dialects._values import Part, hint
from weir.labels.profile import ToolProfile
from weir.labels.vocab import Dialect

__all__ = ["HINTS", "KEYS", "read", "write"]

HINTS: Mapping[str, str] = {
    "aiProcessingHint": "ai_processing",
    "slowExecutionHint": "slow_execution",
    "resourceIntensiveHint": "resource_intensive",
    "sensitiveDataHint": "sensitive_data",
    "privilegedAccessHint": "privileged_access",
    "reversibleHint": "reversible",
}
"""Wire key → canonical field."""
KEYS = frozenset(HINTS)


def read(c: Collector, slot: Mapping[str, Any], parts: tuple[Part, ...], dialect: Dialect = Dialect.SEP1984) -> None:
    """Read the six hints from one annotations object (or Weir's mirror of it)."""
    for key, field in HINTS.items():
        hint(c, dialect, field, slot, key, at=parts)


def write(profile: ToolProfile) -> dict[str, Any]:
    """The SEP-1984 hints ``profile`` claims."""
    return {key: getattr(profile, field) for key, field in HINTS.items() if getattr(profile, field) is not None}
