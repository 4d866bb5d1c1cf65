"""Settings of the approvals queue that live in weir.yaml (``gateway.approval_webhook``)."""

from __future__ import annotations

from pydantic import Field, field_validator

from weir.labels.base import WeirModel

__all__ = ["WebhookConfig"]


class WebhookConfig(WeirModel):
    """Where queued calls are announced: a URL that takes a JSON POST (a chat's incoming webhook)."""

    url: str
    """``http://`` or ``https://``; the body is JSON with a ``text`` line chat services show as is."""
    headers: dict[str, str] = Field(default_factory=dict)
    """Sent with every POST (e.g. an ``authorization`` the receiver checks)."""
    timeout_s: float = Field(default=5.0, gt=0)
    """How long one delivery may take; a failed delivery is logged and counted, never retried."""

    @field_validator("url")
    @classmethod
    def _http(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")):
            raise ValueError("the webhook URL must start with http:// or https://")
        return value

    @field_validator("headers")
    @classmethod
    def _sendable(cls, headers: dict[str, str]) -> dict[str, str]:
        for name, value in headers.items():
            if any(not " " <= ch <= "~" for ch in f"{name}{value}"):
                raise ValueError(
                    f"header {name!r} holds a character an HTTP header cannot carry (printable ASCII only)"
                )
        return headers
