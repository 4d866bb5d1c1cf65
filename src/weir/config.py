"""weir.yaml: the typed configuration every command and the gateway share.

Each section is defined by the layer it configures; this module only composes them and reads
the file, at the edge (the CLI, the gateway runner). The library layers take the small
configuration they need: the decision path a :class:`weir.guard.GuardConfig`, which a
:class:`WeirConfig` extends.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from pydantic import Field, ValidationError

from weir.audit.config import AuditConfig
from weir.errors import ConfigError
from weir.gateway.config import GatewayConfig
from weir.guard.config import GuardConfig

__all__ = ["WeirConfig", "load_config"]


class WeirConfig(GuardConfig):
    """The whole of weir.yaml: the deciding sections (:class:`GuardConfig`) plus audit and gateway."""

    audit: AuditConfig = Field(default_factory=AuditConfig)
    """The audit store."""
    gateway: GatewayConfig = Field(default_factory=GatewayConfig)
    """Gateway listening and naming."""


def load_config(path: str | Path) -> WeirConfig:
    """Read and validate a weir.yaml; every problem becomes a ConfigError naming the key."""
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
    except OSError as exc:
        raise ConfigError(f"cannot read config {p}: {exc.strerror or exc}") from exc
    except yaml.YAMLError as exc:
        raise ConfigError(f"{p}: not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{p}: the top level must be a mapping, not {type(data).__name__}")
    try:
        config = WeirConfig.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in err['loc']) or '<root>'}: {err['msg']}" for err in exc.errors()
        )
        raise ConfigError(f"{p}: {problems}") from exc
    return config.model_copy(update={"base_dir": p.resolve().parent})
