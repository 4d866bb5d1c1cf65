"""Configuration the labels layer needs: servers (with their trust) and deployer overrides."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Any

from pydantic import Field, field_validator, model_validator

from weir.labels.base import WeirModel

__all__ = ["WEIR_PYTHON", "Override", "ServerConfig", "Share", "Sharing", "Trust"]


class Trust(StrEnum):
    """How far a server's own claims are believed."""

    TRUSTED = "trusted"
    """Claims are taken as written (they may loosen the conservative defaults)."""
    UNTRUSTED = "untrusted"
    """Claims may only tighten what policy would otherwise assume (the default)."""


class Sharing(StrEnum):
    """How much of the session's labels is sent to a server in request `_meta.annotations`."""

    FULL = "full"
    """Every propagated hint and the whole attribution."""
    MINIMAL = "minimal"
    """Hints only; attribution withheld (the seeds' privacy concern)."""
    NONE = "none"
    """Nothing is sent."""


class Share(StrEnum):
    """Whose requests one upstream session (for a stdio server: one process) carries."""

    PER_CONNECTION = "per_connection"
    """Each downstream connection has its own session with the server (the default: what the server
    sends outside a request can only belong to that connection)."""
    PER_PRINCIPAL = "per_principal"
    """One principal's connections that declared the same capabilities share one session (docs/gateway.md)."""


def default_sharing(trust: Trust) -> Sharing:
    """What a server is told when its config does not say: everything only if it is trusted.

    An untrusted server is told the hints (sensitive, private, untrusted, malicious — what it may
    need to handle data with care) but no attribution (which names where data came from: a file,
    a record) and not the client's session name.
    """
    return Sharing.FULL if trust is Trust.TRUSTED else Sharing.MINIMAL


def sharing_of(config: ServerConfig | None) -> Sharing:
    """The sharing in effect for a server (``None``: not configured, so untrusted)."""
    return config.shared() if config is not None else default_sharing(Trust.UNTRUSTED)


class ServerConfig(WeirModel):
    """One upstream MCP server. ``command`` and ``url`` are both optional for `weir replay`."""

    command: list[str] | None = None
    """argv of a server spoken to over stdio."""
    url: str | None = None
    """A streamable-HTTP endpoint."""
    env: dict[str, str] = Field(default_factory=dict)
    """Extra environment for a stdio server."""
    headers: dict[str, str] = Field(default_factory=dict)
    """Extra HTTP headers for a URL server (e.g. its own bearer token)."""
    trust: Trust = Trust.UNTRUSTED
    """Whether the server's annotations are believed as written."""
    sharing: Sharing | None = None
    """What of the session's labels (and of the client's request ``_meta``) this server is told; by
    default (:meth:`shared`) ``full`` for a trusted server and ``minimal`` for any other."""
    share: Share = Share.PER_CONNECTION
    """Whether one principal's connections share one session with this server (``per_principal``:
    one process for a stdio server instead of one per connection); never across principals."""
    origins: list[str] = Field(default_factory=list)
    """Web origins (``https://host[:port]``) this server may send the user to in a URL
    elicitation, besides its own URL's; any other is flagged (``message.url_allowed``)."""

    def shared(self) -> Sharing:
        """The sharing in effect: the configured one, else by trust (see :func:`sharing_of`)."""
        return self.sharing if self.sharing is not None else default_sharing(self.trust)

    @field_validator("headers")
    @classmethod
    def _sendable(cls, headers: dict[str, str]) -> dict[str, str]:
        for name, value in headers.items():
            bad = next((ch for ch in f"{name}{value}" if not " " <= ch <= "~"), None)
            if bad is not None:
                raise ValueError(
                    f"header {name!r} holds {bad!r} (U+{ord(bad):04X}), which an HTTP header cannot carry "
                    "(printable ASCII only) — a placeholder left in?"
                )
        return headers

    @model_validator(mode="after")
    def _one_transport(self) -> ServerConfig:
        if self.command is not None and self.url is not None:
            raise ValueError("a server has either `command` or `url`, not both")
        return self

    def argv(self) -> list[str]:
        """The command as the gateway runs it: ``python`` or ``python3`` first is the interpreter
        running Weir (``sys.executable``: under pipx, Weir's own venv), never a PATH lookup, so a
        server written against ``weir.server`` finds Weir; any other program is looked up on PATH."""
        command = list(self.command or ())
        if command and command[0] in WEIR_PYTHON:
            return [sys.executable, *command[1:]]
        return command


WEIR_PYTHON = ("python", "python3")
"""The program names in a server command that mean the interpreter running Weir."""


class Override(WeirModel):
    """A deployer's correction of what servers claim: wins over every server claim."""

    match: str
    """``server/tool`` glob (``mail/send_*``, ``*/delete_*``); a bare glob matches tool names on any server."""
    annotations: dict[str, Any] = Field(default_factory=dict)
    """Annotation keys in any wire dialect."""
    meta: dict[str, Any] = Field(default_factory=dict, alias="_meta")
    """`Tool._meta` keys in any wire dialect."""
