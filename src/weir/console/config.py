"""The ``console:`` section of weir.yaml: who may operate the gateway, and where the console is."""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from weir.labels.base import WeirModel

__all__ = ["ConsoleConfig", "Operator"]

MIN_TOKEN = 16
"""Shorter operator tokens are refused: an operator token approves calls and tool changes."""


class Operator(WeirModel):
    """One person (or chat bot) who may approve queued calls and changed tools."""

    name: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._@-]+$")
    """Shown in the console and written into every audit event of their actions."""
    token: str = Field(min_length=MIN_TOKEN)
    """Their sign-in token (also from ``WEIR_OPERATOR_TOKENS=name:token,…``). Never one of
    ``gateway.tokens``: operators and MCP clients are different principals."""


class ConsoleConfig(WeirModel):
    """The operators' console (``/console/``) and the ``weir approvals`` API behind it."""

    operators: list[Operator] = Field(default_factory=list)
    """Who may sign in. Without operators the console serves only its sign-in page, which says so."""
    url: str | None = None
    """The console's address as operators reach it (e.g. ``https://weir.example.com/console/``):
    put in the links given to waiting clients and webhooks, and read by ``weir approvals``.
    Default: derived from the listener (``http://HOST:PORT/console/``) when that is a loopback or
    named host."""
    session_ttl_s: float = Field(default=8 * 3600.0, gt=0)
    """How long a sign-in lasts."""

    @field_validator("url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not value.startswith(("http://", "https://")):
            raise ValueError("the console URL must start with http:// or https://")
        return value if value.endswith("/") else value + "/"

    @model_validator(mode="after")
    def _distinct(self) -> ConsoleConfig:
        names = [o.name for o in self.operators]
        tokens = [o.token for o in self.operators]
        if len(set(names)) != len(names):
            raise ValueError("two operators have the same name")
        if len(set(tokens)) != len(tokens):
            raise ValueError("two operators have the same token")
        return self
