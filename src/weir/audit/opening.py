"""Opening the configured audit store (SQLite today) from the ``audit:`` section of weir.yaml.

The anchor log's key is read from the environment variable the section names — here, not at
each edge, so every way of opening the configured store (the gateway, the demo, the CLI) gets it
the same way and none can open a keyed trail without its key.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from weir.audit.anchorlog import MIN_KEY_BYTES
from weir.audit.config import AuditConfig
from weir.audit.payload import Redactor
from weir.audit.sqlite import SqliteAuditStore
from weir.errors import AuditError

__all__ = ["anchor_key", "open_store", "resolve_path"]


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
    environ: Mapping[str, str] | None = None,
) -> SqliteAuditStore:
    """The store ``config`` describes (SQLite today), with ``redactor`` for raw payloads.

    ``environ`` (default ``os.environ``) holds the anchor log's key when the config names one.
    """
    cfg = config or AuditConfig()
    key = anchor_key(cfg, os.environ if environ is None else environ)
    path = cfg.path if cfg.path == ":memory:" else resolve_path(cfg, base_dir)
    return SqliteAuditStore(
        path,
        redact=cfg.redact,
        redactor=redactor,
        durability=cfg.durability,
        anchor_every=cfg.anchor_every,
        max_string_chars=cfg.max_string_chars,
        create=create,
        anchor_key=key,
    )


def anchor_key(config: AuditConfig, environ: Mapping[str, str]) -> bytes | None:
    """The anchor log's key from the variable ``audit.anchorKeyEnv`` names (``None`` when it names none).

    ``AuditError`` when the variable is unset, empty or too short: a trail meant to be keyed is
    never written or verified without its key.
    """
    name = config.anchor_key_env
    if name is None:
        return None
    value = environ.get(name, "").encode("utf-8")
    if not value:
        raise AuditError(f"the anchor log's key is missing: the environment variable {name} is not set")
    if len(value) < MIN_KEY_BYTES:
        raise AuditError(f"the anchor log's key in {name} is too short: at least {MIN_KEY_BYTES} bytes")
    return value
