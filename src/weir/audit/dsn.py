"""A PostgreSQL DSN, kept out of every message: where it came from is said, the secret never.

A DSN carries a password (``postgresql://weir:PASSWORD@db:5432/audit``, or ``password=…`` in the
key/value form). Weir reads it from the environment variable ``audit.postgresql.dsnEnv`` names
(or ``weir audit --dsn-env NAME``, or ``--db postgresql://…``), and from then on only
:attr:`Dsn.where` — "the DSN in $WEIR_AUDIT_DSN" — appears in errors, logs and ``repr``. The
database driver's own messages may quote parts of the DSN; :meth:`Dsn.scrub` removes the DSN,
its password and any ``user:password@`` from them before they become an ``AuditError``.

No database driver is imported here: the configuration check and the CLI use this without the
``fleet`` extra.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import unquote, urlsplit

from weir.errors import AuditError

__all__ = ["Dsn", "dsn_from_env", "is_postgres_url"]

_SCHEMES = ("postgresql://", "postgres://")
_USERINFO = re.compile(r"(postgres(?:ql)?://)[^@/\s]*@", re.IGNORECASE)
_KV_PASSWORD = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)", re.IGNORECASE)
_HIDDEN = "***"


def is_postgres_url(text: str) -> bool:
    """Whether ``text`` is a ``postgresql://`` (or ``postgres://``) URL rather than a file path."""
    return text.lower().startswith(_SCHEMES)


class Dsn:
    """A DSN and a description of where it came from; its text is only what :attr:`value` returns."""

    __slots__ = ("_value", "where")

    def __init__(self, value: str, where: str) -> None:
        """``where``: how messages name the DSN, e.g. ``the DSN in $WEIR_AUDIT_DSN``."""
        self._value = value
        self.where = where

    @property
    def value(self) -> str:
        """The DSN itself: only for the database driver."""
        return self._value

    def __repr__(self) -> str:
        return f"Dsn(<{self.where}>)"

    __str__ = __repr__

    def scrub(self, text: str) -> str:
        """``text`` without the DSN, its password, or any URL's ``user:password@`` (a driver's message)."""
        out = text.replace(self._value, f"<{self.where}>") if self._value else text
        password = _password(self._value)
        if password:
            out = out.replace(password, _HIDDEN)
        out = _USERINFO.sub(lambda m: f"{m.group(1)}{_HIDDEN}@", out)
        return _KV_PASSWORD.sub(lambda m: f"{m.group(1)}{_HIDDEN}", out)


def _password(value: str) -> str | None:
    if is_postgres_url(value):
        try:
            raw = urlsplit(value).password
        except ValueError:
            return None
        return unquote(raw) if raw else None
    match = _KV_PASSWORD.search(value)
    return match.group(2).strip("'") if match else None


def dsn_from_env(name: str, environ: Mapping[str, str]) -> Dsn:
    """The DSN in the variable ``name``; ``AuditError`` naming the variable when it is unset or empty."""
    value = environ.get(name, "").strip()
    if not value:
        raise AuditError(f"the PostgreSQL audit DSN is missing: the environment variable {name} is not set")
    if "://" in value and not is_postgres_url(value):
        raise AuditError(f"the DSN in ${name} is not a postgresql:// URL (nor key=value settings)")
    return Dsn(value, f"the DSN in ${name}")
