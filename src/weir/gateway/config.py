"""The `gateway:` section of weir.yaml."""

from __future__ import annotations

from pydantic import Field

from weir.labels.base import WeirModel

__all__ = ["GatewayConfig"]


class GatewayConfig(WeirModel):
    """How the gateway listens and names upstream tools."""

    namespace: bool | None = None
    """Prefix tool names with their server's name; ``None`` means "when there is more than one server"."""
    separator: str = "__"
    """Between server and tool name when namespacing."""
    tokens: list[str] = Field(default_factory=list)
    """Bearer tokens accepted over HTTP (also from WEIR_GATEWAY_TOKENS)."""
