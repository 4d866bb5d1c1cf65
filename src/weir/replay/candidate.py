"""Candidate policies: swap the policy of a deployment's config for one under evaluation.

A platform engineer replays recorded sessions against a *candidate* before rolling it out: the
deployment's servers, trust settings, overrides and detectors stay as they are, only the policy
changes. A candidate is a policy file or the name of a built-in pack; the deployment's mode is
kept, so a candidate is judged the way it would run.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from weir.errors import ConfigError
from weir.guard.config import GuardConfig
from weir.policy.config import PolicyConfig
from weir.policy.packs import PACKS

__all__ = ["candidate_policy", "with_policy"]


def candidate_policy(policy: str | Path, *, mode: PolicyConfig | None = None) -> PolicyConfig:
    """The policy section for a candidate: a file path (preferred when it exists) or a pack name."""
    keep = mode.mode if mode is not None else PolicyConfig().mode
    path = Path(policy)
    if path.is_file():
        return PolicyConfig(packs=[], rules=[], file=str(path.resolve()), mode=keep)
    if str(policy) in PACKS:
        return PolicyConfig(packs=[str(policy)], rules=[], mode=keep)
    raise ConfigError(f"policy {str(policy)!r} is neither a file nor a built-in pack ({', '.join(PACKS)})")


_Config = TypeVar("_Config", bound=GuardConfig)


def with_policy(config: _Config, policy: str | Path) -> _Config:
    """``config`` with its whole policy section replaced by the candidate ``policy``."""
    return config.model_copy(update={"policy": candidate_policy(policy, mode=config.policy)})
