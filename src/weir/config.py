"""weir.yaml: the typed configuration every command and the gateway share.

Each section is defined by the layer it configures; this module only composes them and reads
the file, at the edge (the CLI, the gateway runner). The library layers take the small
configuration they need: the decision path a :class:`weir.guard.GuardConfig`, which a
:class:`WeirConfig` extends.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from pydantic import Field, ValidationError, model_validator

from weir import yamltext
from weir.audit.config import AuditConfig
from weir.console.config import ConsoleConfig
from weir.errors import ConfigError
from weir.gateway.config import GatewayConfig
from weir.guard.config import GuardConfig
from weir.identity.config import AuthConfig
from weir.observe.config import ObservabilityConfig
from weir.state.config import StateConfig

__all__ = ["WeirConfig", "load_config", "schema_errors"]


class WeirConfig(GuardConfig):
    """The whole of weir.yaml: the deciding sections (:class:`GuardConfig`) plus audit and gateway."""

    audit: AuditConfig = Field(default_factory=AuditConfig)
    """The audit store."""
    gateway: GatewayConfig = Field(default_factory=GatewayConfig)
    """Gateway listening and naming."""
    console: ConsoleConfig = Field(default_factory=ConsoleConfig)
    """The operators' console and who may sign in to it."""
    observability: ObservabilityConfig = Field(default_factory=ObservabilityConfig)
    """Logs, metrics and traces."""
    state: StateConfig = Field(default_factory=StateConfig)
    """Shared state of a fleet of replicas (none: this process keeps its own)."""
    auth: AuthConfig = Field(default_factory=AuthConfig)
    """OAuth: the gateway as a resource server; its own credentials toward upstream servers."""

    @model_validator(mode="after")
    def _principals_apart(self) -> WeirConfig:
        shared = {o.name for o in self.console.operators if o.token in set(self.gateway.tokens)}
        if shared:
            raise ValueError(
                f"operator token of {', '.join(sorted(shared))} is also a gateway token: operators and MCP "
                "clients are different principals and never share a token"
            )
        return self


def load_config(path: str | Path) -> WeirConfig:
    """Read and validate a weir.yaml; every problem becomes a ConfigError naming the key."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
        data = yamltext.load(text) or {}
    except OSError as exc:
        raise ConfigError(f"cannot read config {p}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{p}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    except yaml.YAMLError as exc:
        raise ConfigError(f"{p}:{_position(exc)} not valid YAML: {_problem(exc)}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{p}: the top level must be a mapping, not {type(data).__name__}")
    try:
        config = WeirConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{p}: {'; '.join(message for _, message, _ in schema_errors(exc))}") from exc
    located = config.model_copy(update={"base_dir": p.resolve().parent})
    if located.policy.rules:
        from weir.policy.check import check_inline_rules  # the compiler (CEL, flow): only for inline rules

        check_inline_rules(text, path=str(p))  # errors with this file's line and column
        located = located.model_copy(update={"policy": located.policy.model_copy(update={"source": str(p)})})
    return located


def schema_errors(exc: ValidationError) -> list[tuple[tuple[str | int, ...], str, bool]]:
    """Each schema error as (where, ``key.path: what is wrong``, whether it is about the key itself).

    One wording for the gateway's refusal and ``weir config check``: an unknown key is "unknown key
    (a typo?)", a missing one "`x` is required here" (located at the mapping that lacks it).
    """
    out: list[tuple[tuple[str | int, ...], str, bool]] = []
    for err in exc.errors():
        loc = tuple(err["loc"])
        name = ".".join(str(x) for x in loc) or "the file"
        message = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            message = "unknown key (a typo?)"
        elif err["type"] == "missing":
            message, loc = f"`{loc[-1]}` is required here", loc[:-1]
        out.append((loc, f"{name}: {message}", err["type"] in ("extra_forbidden", "missing")))
    return out


def _position(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    return f"{mark.line + 1}:{mark.column + 1}:" if mark is not None else ""


def _problem(exc: yaml.YAMLError) -> str:
    return str(getattr(exc, "problem", None) or exc)
