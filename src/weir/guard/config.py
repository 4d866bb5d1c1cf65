"""What the decision path needs to know: servers, overrides, policy and detectors.

The small typed configuration the library layers take. :class:`weir.config.WeirConfig` (the
whole of ``weir.yaml``, assembled at the edge by the CLI and the gateway runner) extends it
with the sections only the gateway reads (``audit``, ``gateway``), so either may be passed
wherever a :class:`GuardConfig` is expected.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from weir.detect.config import DetectorSpec
from weir.labels.base import WeirModel
from weir.labels.config import Override, ServerConfig
from weir.policy.config import PolicyConfig

__all__ = ["GuardConfig"]


class GuardConfig(WeirModel):
    """The sections of weir.yaml that decide. Every section has a working default."""

    servers: dict[str, ServerConfig] = Field(default_factory=dict)
    """Upstream servers by name (their trust and sharing; how to reach them matters to the gateway only)."""
    overrides: list[Override] = Field(default_factory=list)
    """Deployer corrections of server claims, applied in order."""
    policy: PolicyConfig = Field(default_factory=PolicyConfig)
    """Rules, packs and mode."""
    detectors: list[DetectorSpec] | None = None
    """The detector chain; ``None`` means the default chain."""
    base_dir: Path | None = Field(default=None, exclude=True)
    """Directory relative paths in the file are resolved against (set when the file is loaded)."""
