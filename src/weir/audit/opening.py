"""Opening the configured audit store (SQLite today) from the ``audit:`` section of weir.yaml."""

from __future__ import annotations

from pathlib import Path

from weir.audit.config import AuditConfig
from weir.audit.payload import Redactor
from weir.audit.sqlite import SqliteAuditStore

__all__ = ["open_store", "resolve_path"]


def resolve_path(config: AuditConfig, base_dir: Path | None = None) -> Path:
    """The database path: relative paths are taken from the config file's directory."""
    path = Path(config.path).expanduser()
    return path if path.is_absolute() or base_dir is None else base_dir / path


def open_store(
    config: AuditConfig | None = None,
    *,
    base_dir: Path | None = None,
    redactor: Redactor | None = None,
    create: bool = True,
) -> SqliteAuditStore:
    """The store ``config`` describes (SQLite today), with ``redactor`` for raw payloads."""
    cfg = config or AuditConfig()
    path = cfg.path if cfg.path == ":memory:" else resolve_path(cfg, base_dir)
    return SqliteAuditStore(
        path,
        redact=cfg.redact,
        redactor=redactor,
        durability=cfg.durability,
        anchor_every=cfg.anchor_every,
        create=create,
    )
