"""The `detectors:` section of weir.yaml: the detector chain as data."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from weir.labels.base import WeirModel

__all__ = ["DetectorSpec"]


class DetectorSpec(WeirModel):
    """One detector in the chain."""

    use: str
    """Detector id, e.g. ``secrets``, ``pii``, ``injection``."""
    enabled: bool = True
    """Keep the entry but skip it."""
    options: dict[str, Any] = Field(default_factory=dict)
    """Keyword arguments for the detector's constructor."""
