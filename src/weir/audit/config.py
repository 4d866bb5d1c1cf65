"""The `audit:` section of weir.yaml."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from weir.labels.base import WeirModel

__all__ = ["AuditConfig", "Durability", "PostgresConfig"]


class Durability(StrEnum):
    """SQLite's ``synchronous`` setting in WAL mode: what an appended event survives."""

    NORMAL = "normal"
    """The commit is in the WAL file (the OS page cache) before ``append`` returns: it survives the
    process being killed (SIGKILL, a crash) but the last commits may be lost on power loss or an OS
    crash. No fsync per append, so this is cheap enough for the gateway's hot path (the default)."""
    FULL = "full"
    """The WAL is fsynced on every commit: survives power loss too, at the cost of one fsync per
    append (milliseconds on most disks)."""


class PostgresConfig(WeirModel):
    """``audit.postgresql``: the trail in a PostgreSQL database shared by a fleet of gateways."""

    dsn_env: str = Field(min_length=1, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    """The environment variable holding the DSN (``postgresql://user:password@host:5432/db``), e.g.
    ``WEIR_AUDIT_DSN``. The DSN itself is never in the file and never logged or printed: errors
    name this variable instead."""
    connect_timeout_s: float = Field(default=5.0, gt=0, le=300)
    """How long a connection attempt may take before an append fails (closed) for want of the database."""
    statement_timeout_s: float = Field(default=30.0, gt=0, le=3600)
    """How long one statement may take (an append waiting for the chain's lock included) before it fails."""


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
    postgresql: PostgresConfig | None = None
    """Keep the trail in PostgreSQL instead of the SQLite file (:mod:`weir.audit.postgres`): one chain
    for every gateway of a deployment. ``path`` still names the local SQLite file of the tool pins."""
