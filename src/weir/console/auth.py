"""Who is operating: operator tokens, browser sign-ins, and the CSRF token of each sign-in.

Operators are a principal class of their own: their tokens come from ``console.operators`` (and
``WEIR_OPERATOR_TOKENS``), never from ``gateway.tokens`` — an MCP client's token does not sign in
here, and an operator's token is refused at ``/mcp``. Tokens are compared in constant time.

A browser signs in once with its token and then carries a session cookie (``HttpOnly``,
``SameSite=Strict``, path ``/console``). Every form it posts must carry that sign-in's CSRF
token (a synchronizer token, compared in constant time); the cookie alone never authorises a
change. Programs (``weir approvals``) send ``Authorization: Bearer <operator token>`` instead and
need no cookie, hence no CSRF token: a web page cannot set that header on another origin's request.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from weir.console.config import Operator

__all__ = ["COOKIE", "Operators", "SignIn", "SignIns"]

COOKIE = "weir_console"
"""The sign-in cookie's name."""


class Operators:
    """The configured operators, found by token."""

    def __init__(self, operators: Sequence[Operator]) -> None:
        self._known = [(o.name, o.token.encode()) for o in operators]

    def __bool__(self) -> bool:
        return bool(self._known)

    def by_token(self, token: str) -> str | None:
        """The name of the operator with this token, or ``None`` (every token is compared)."""
        presented = token.strip().encode()
        found = None
        for name, known in self._known:
            if hmac.compare_digest(presented, known) and found is None:
                found = name
        return found

    def by_header(self, authorization: str) -> str | None:
        """The operator named by an ``Authorization: Bearer …`` header, or ``None``."""
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        return self.by_token(token)


@dataclass(frozen=True)
class SignIn:
    """One browser's sign-in."""

    operator: str
    csrf: str
    """The token every form of this sign-in must carry."""
    expires: float


class SignIns:
    """The browsers signed in (in memory: a restart signs everyone out)."""

    def __init__(self, ttl_s: float, *, clock: Callable[[], float] = time.monotonic, limit: int = 1000) -> None:
        self._ttl = ttl_s
        self._clock = clock
        self._limit = limit
        self._items: dict[str, SignIn] = {}

    def open(self, operator: str) -> tuple[str, SignIn]:
        """A new sign-in: the cookie value and what it stands for."""
        self._expire()
        if len(self._items) >= self._limit:
            self._items.pop(next(iter(self._items)))  # the oldest sign-in goes
        cookie = secrets.token_urlsafe(32)
        item = SignIn(operator, secrets.token_urlsafe(32), self._clock() + self._ttl)
        self._items[cookie] = item
        return cookie, item

    def get(self, cookie: str | None) -> SignIn | None:
        """The live sign-in a cookie stands for, or ``None``."""
        if not cookie:
            return None
        item = self._items.get(cookie)
        if item is None or item.expires < self._clock():
            self._items.pop(cookie, None)
            return None
        return item

    def close(self, cookie: str | None) -> None:
        """Sign out."""
        if cookie:
            self._items.pop(cookie, None)

    @staticmethod
    def csrf_ok(item: SignIn, presented: str | None) -> bool:
        """The form carried this sign-in's CSRF token."""
        return bool(presented) and hmac.compare_digest(str(presented).encode(), item.csrf.encode())

    def _expire(self) -> None:
        now = self._clock()
        for key in [k for k, v in self._items.items() if v.expires < now]:
            del self._items[key]
