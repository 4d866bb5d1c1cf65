"""`weir config check` on ``audit.postgresql``: the DSN's variable and the driver, without connecting.

The check never reads more of the DSN than whether it is set and looks like one, and never
prints it: every message names the variable. Nothing connects (the check writes and reaches
nothing); ``/readyz`` of a started gateway says whether the database answers.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Mapping

from weir.audit.dsn import dsn_from_env
from weir.config import WeirConfig
from weir.configcheck.problems import Locator, Problem
from weir.errors import AuditError

__all__ = ["postgres_problems"]

_WHERE = ("audit", "postgresql")


def postgres_problems(where: Locator, config: WeirConfig, environ: Mapping[str, str] | None = None) -> list[Problem]:
    """Problems with ``audit.postgresql`` (none when the section is absent)."""
    pg = config.audit.postgresql
    if pg is None:
        return []
    env = os.environ if environ is None else environ
    out: list[Problem] = []
    if importlib.util.find_spec("psycopg") is None:
        why = "audit.postgresql needs the PostgreSQL driver: pip install 'mcp-weir[fleet]'"
        out.append(where.problem("error", why, _WHERE))
    if not env.get(pg.dsn_env, "").strip():
        why = f"audit.postgresql.dsnEnv: {pg.dsn_env} is not set here; the gateway does not start without it"
        out.append(where.problem("warning", why, _WHERE))
        return out
    try:
        dsn_from_env(pg.dsn_env, env)
    except AuditError as exc:
        out.append(where.problem("error", f"audit.postgresql.dsnEnv: {exc}", _WHERE))
    return out
