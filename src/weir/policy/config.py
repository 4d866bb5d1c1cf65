"""The `policy:` section of weir.yaml."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import Field

from weir.labels.base import WeirModel

__all__ = ["Mode", "PolicyConfig"]


class Mode(StrEnum):
    """How decisions are applied."""

    ENFORCE = "enforce"
    """Every effect is applied."""
    WARN = "warn"
    """block and confirm are reported (as warnings), not applied."""
    AUDIT = "audit"
    """Nothing is applied; everything is recorded."""


class PolicyConfig(WeirModel):
    """Which rules decide, and how their decisions are applied."""

    packs: list[str] = Field(default_factory=lambda: ["baseline"])
    """Built-in packs, applied in order (``baseline``, ``strict``, ``observe``)."""
    rules: list[dict[str, Any]] = Field(default_factory=list)
    """Inline rules, in the same form as a policy file's ``rules``."""
    file: str | None = None
    """A policy file with more rules (path relative to the config file)."""
    mode: Mode = Mode.ENFORCE
    """enforce, warn or audit."""
    source: str | None = Field(default=None, exclude=True)
    """The file the inline ``rules`` were written in (set when a weir.yaml is loaded), for messages."""
