"""The `audit:` section of weir.yaml."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from weir.labels.base import WeirModel

__all__ = ["AuditConfig", "Durability"]


class Durability(StrEnum):
    """SQLite's ``synchronous`` setting in WAL mode: what an appended event survives."""

    NORMAL = "normal"
    """The commit is in the WAL file (the OS page cache) before ``append`` returns: it survives the
    process being killed (SIGKILL, a crash) but the last commits may be lost on power loss or an OS
    crash. No fsync per append, so this is cheap enough for the gateway's hot path (the default)."""
    FULL = "full"
    """The WAL is fsynced on every commit: survives power loss too, at the cost of one fsync per
    append (milliseconds on most disks)."""


class AuditConfig(WeirModel):
    """Where decisions are recorded."""

    path: str = "weir-audit.db"
    """SQLite file (WAL mode); relative to the config file's directory."""
    redact: bool = True
    """Store arguments and results with detected spans redacted. While on, a payload nobody
    redacted is stripped before it is stored, never kept raw."""
    durability: Durability = Durability.NORMAL
    """``normal`` survives process crashes, ``full`` also power loss (see :class:`Durability`)."""
    max_string_chars: int = Field(default=16_384, ge=256)
    """A stored argument or result string longer than this is kept as its SHA-256 and a 200-character
    excerpt (:func:`weir.audit.payload.cap`): one call cannot grow the trail without bound."""
    anchor_every: int = Field(default=1000, ge=0)
    """Record the chain's head as an anchor every this many events (0: never). Anchors make a
    truncated tail detectable; export them with ``weir audit head`` for protection against an
    attacker who can rewrite the file. (The anchor log beside the database keeps one per commit.)"""
    anchor_key_env: str | None = Field(default=None, min_length=1)
    """The environment variable holding the key that MACs the anchor log (at least 16 bytes), e.g.
    ``WEIR_AUDIT_KEY``; the key itself is never in a file, so keep it away from the database. When
    named, the variable must be set: the gateway does not start without it, and ``weir audit
    verify`` then checks every line's MAC."""
