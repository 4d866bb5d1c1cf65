"""Tool pins in Redis: what one replica pinned, held or had approved, every replica knows.

A single gateway keeps its pins in its audit database (:class:`weir.audit.pins.SqlitePinStore`).
A fleet keeps them here, so a rug pull one replica saw is quarantined on all of them, and an
operator's approval on any replica's console releases the tool fleet-wide. One hash per server
(tool name → the pin's JSON) and one set of pinned servers; ``put`` writes both in one
``MULTI``/``EXEC``, so no replica reads half a server's pins.

The pin store's port is synchronous (the detection chain runs on a worker thread), so this uses
redis-py's blocking client. A Redis that does not answer raises :class:`weir.state.ports.StateError`:
the listing's review fails, and with it the decision (fail closed) — never "no pins, first use".

Imported only when ``state.redis`` is configured (``weir[fleet]``): ``import weir`` never loads redis.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Self

import redis
from pydantic import ValidationError
from redis.exceptions import RedisError

from weir.detect.pinning import ToolPin
from weir.state.config import RedisStateConfig
from weir.state.ports import StateError

__all__ = ["RedisPinStore", "connect_sync"]


def connect_sync(url: str, settings: RedisStateConfig) -> redis.Redis:
    """A blocking client for ``url`` whose every exchange is bounded by ``timeout_s``."""
    return redis.Redis.from_url(
        url, socket_timeout=settings.timeout_s, socket_connect_timeout=settings.timeout_s, decode_responses=False
    )


class RedisPinStore:
    """A :class:`weir.detect.pinning.PinStore` shared by every replica under ``prefix``."""

    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self._client = client
        self._servers = f"{prefix}pins"
        self._prefix = f"{prefix}pins:"

    def get(self, server: str) -> dict[str, ToolPin] | None:
        """The pins of ``server``, or ``None`` when no replica ever pinned it."""
        try:
            stored = self._client.hgetall(self._prefix + server)
        except (RedisError, OSError) as exc:
            raise _failed(exc, server) from exc
        if not stored:
            return None
        return {_text(name): _pin(_text(text), server) for name, text in stored.items()}

    def put(self, server: str, pins: Mapping[str, ToolPin]) -> None:
        """Store these tools' pins (the server's other tools keep theirs), atomically."""
        if not pins:
            return
        mapping = {name: pin.model_dump_json(by_alias=True, exclude_none=True) for name, pin in pins.items()}
        try:
            with self._client.pipeline(transaction=True) as tx:
                tx.hset(self._prefix + server, mapping=mapping)  # type: ignore[arg-type]
                tx.sadd(self._servers, server)
                tx.execute()
        except (RedisError, OSError) as exc:
            raise _failed(exc, server) from exc

    def servers(self) -> list[str]:
        """Every server any replica pinned, sorted."""
        try:
            names = self._client.smembers(self._servers)
        except (RedisError, OSError) as exc:
            raise _failed(exc, None) from exc
        return sorted(_text(n) for n in names)

    def close(self) -> None:
        """Close the client's connections."""
        self._client.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else raw


def _pin(text: str, server: str) -> ToolPin:
    try:
        return ToolPin.model_validate_json(text)
    except (ValidationError, ValueError) as exc:
        raise StateError(f"shared pins: a stored pin is not a tool pin: {exc}", server=server) from exc


def _failed(exc: BaseException, server: str | None) -> StateError:
    # The exception's text may name the host, never the password; the URL itself is never quoted.
    why = f"shared state unavailable: Redis does not answer: {type(exc).__name__}: {exc} (fail closed)"
    return StateError(why, server=server)
