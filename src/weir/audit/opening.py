"""Opening the configured audit store (SQLite, or PostgreSQL) from the ``audit:`` section of weir.yaml.

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
from weir.audit.dsn import Dsn, dsn_from_env
from weir.audit.payload import Redactor
from weir.audit.sqlite import SqliteAuditStore
from weir.audit.store import AuditStore
from weir.errors import AuditError

__all__ = ["anchor_key", "open_postgres", "open_store", "open_trail", "resolve_path"]


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


def open_trail(
    config: AuditConfig | None = None,
    *,
    base_dir: Path | None = None,
    redactor: Redactor | None = None,
    create: bool = True,
    environ: Mapping[str, str] | None = None,
    dsn: Dsn | None = None,
) -> AuditStore:
    """The trail ``config`` names: PostgreSQL when it has ``postgresql:`` (or ``dsn`` is given), else
    SQLite (:func:`open_store`). Only the PostgreSQL path imports the driver (the ``fleet`` extra)."""
    cfg = config or AuditConfig()
    env = os.environ if environ is None else environ
    if dsn is None and cfg.postgresql is None:
        return open_store(cfg, base_dir=base_dir, redactor=redactor, create=create, environ=env)
    return open_postgres(cfg, redactor=redactor, create=create, environ=env, dsn=dsn)


def open_postgres(
    config: AuditConfig,
    *,
    redactor: Redactor | None = None,
    create: bool = True,
    environ: Mapping[str, str],
    dsn: Dsn | None = None,
) -> AuditStore:
    """The PostgreSQL store of ``config.postgresql`` (its DSN from the environment), or of ``dsn``.

    ``AuditError`` naming the variable when the DSN is unset, and naming the extra when psycopg
    is not installed.
    """
    pg = config.postgresql
    if dsn is None:
        assert pg is not None
        dsn = dsn_from_env(pg.dsn_env, environ)
    key = anchor_key(config, environ)
    try:
        from weir.audit.postgres import PostgresAuditStore
    except ImportError as exc:
        raise AuditError(
            f"the PostgreSQL audit store needs psycopg: pip install 'mcp-weir[fleet]' ({exc.name} is missing)"
        ) from exc
    timeouts = (
        {} if pg is None else {"connect_timeout_s": pg.connect_timeout_s, "statement_timeout_s": pg.statement_timeout_s}
    )
    return PostgresAuditStore(
        dsn,
        redact=config.redact,
        redactor=redactor,
        anchor_every=config.anchor_every,
        create=create,
        anchor_key=key,
        max_string_chars=config.max_string_chars,
        **timeouts,
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
