"""Agent sessions in Redis (redis-py, asyncio): the fleet's :class:`weir.state.ports.SharedSessions`.

Each stage of an agent session, on any replica, runs inside one *turn*: ``CHECKOUT`` takes the
session's lease (``SET NX PX``: one holder fleet-wide) and, when this replica's copy is older than
the stored version, returns the stored blob and label document, which replace the copy in the
replica's own session store; the stage runs as it always has; ``CHECKIN`` writes the blob back if
nobody wrote since the checkout, joins the labels in any case, bumps the version and ends the
lease — one script, atomic. A lease that expired under a slow stage can let a second writer in:
then the later blob is kept, and the loser's *labels* still join (its remembered values of that one
stage do not; ``conflicts`` counts it). Labels never weaken, whatever the interleaving.

Imported only when ``state.redis`` is configured (``weir[fleet]``): ``import weir`` never loads redis.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as LostConnection
from redis.exceptions import RedisError

from weir.flow.store import SessionStore
from weir.state.codec import decode_session, encode_session
from weir.state.config import RedisStateConfig
from weir.state.lua import CHECKIN, CHECKOUT
from weir.state.ports import Lease, StateError

__all__ = ["RedisSessions", "connect"]

_POLL_S = (0.001, 0.05)
"""First and longest pause between attempts at a held session's turn (doubling in between)."""


def connect(url: str, settings: RedisStateConfig) -> aioredis.Redis:
    """A client for ``url`` (bytes in, bytes out) whose every exchange is bounded by ``timeout_s``.

    A pooled connection that Redis closed (it restarted) fails its next command once: that command
    is retried on a new connection, twice at most, so a Redis that is back is used at once. Our
    scripts are safe to resend: a checkout that took the lease but lost its reply finds the lease
    held by itself until it expires — the stage waits, then fails closed, never runs twice.
    """
    return aioredis.Redis.from_url(
        url,
        socket_timeout=settings.timeout_s,
        socket_connect_timeout=settings.timeout_s,
        decode_responses=False,
        retry=Retry(ExponentialBackoff(cap=0.05, base=0.005), 2),
        retry_on_error=[LostConnection],
        retry_on_timeout=False,
    )


class RedisSessions:
    """Agent sessions shared through one Redis server, loaded into and written back from ``local``."""

    def __init__(self, client: aioredis.Redis, local: SessionStore, settings: RedisStateConfig) -> None:
        self._client = client
        self._local = local
        self._settings = settings
        self._versions: dict[str, int] = {}
        """The stored version each local copy was loaded at or written as (-1: reload next time)."""
        self._checkout = client.register_script(CHECKOUT)
        self._checkin = client.register_script(CHECKIN)
        self._problem: str | None = None
        self.conflicts = 0
        """Check-ins whose blob lost to a writer that came in after this lease expired."""
        self.round_trips = 0

    def _keys(self, session: str) -> list[str]:
        base = f"{self._settings.prefix}s:{{{session}}}"
        return [base, base + ":lease"]

    async def checkout(self, session: str) -> Lease:
        """Take the session's turn (waiting up to ``wait_s``) and bring the local copy up to date."""
        token = secrets.token_hex(12)
        known = self._versions.get(session, -1) if self._local.get(session) is not None else -1
        deadline = time.monotonic() + self._settings.wait_s
        pause = _POLL_S[0]
        while True:
            reply = await self._run(self._checkout, session, [token, self._settings.lease_ms, known])
            if reply[0] == 1:
                break
            if time.monotonic() + pause > deadline:
                raise StateError(
                    f"agent session {session!r} stayed held by another replica for {self._settings.wait_s:g}s "
                    "(fail closed)"
                )
            await asyncio.sleep(pause)
            pause = min(pause * 2, _POLL_S[1])
        version = int(reply[1])
        if len(reply) > 2 and (reply[2] or reply[3]):
            self._load(session, reply[2], reply[3])
        self._versions[session] = version
        return Lease(session, token, version)

    def _load(self, session: str, blob: bytes | None, labels: bytes | None) -> None:
        try:
            loaded = decode_session(blob, labels, session)
        except ValueError as exc:
            raise StateError(str(exc)) from exc
        self._local.put(loaded)

    async def checkin(self, lease: Lease) -> None:
        """Write the local copy back (labels joined), or only end the turn when there is none."""
        session = self._local.get(lease.session)
        if session is None:
            await self._release(lease)
            return
        blob, labels = encode_session(session)
        args: list[Any] = [lease.token, lease.version, blob, labels, self._settings.session_ttl_s]
        version, conflict = await self._run(self._checkin, lease.session, args)
        if conflict:
            self.conflicts += 1
        # After a conflict the stored blob is not this copy: reload it at the next checkout.
        self._versions[lease.session] = -1 if conflict else int(version)

    async def _release(self, lease: Lease) -> None:
        keys = self._keys(lease.session)
        try:
            if await self._client.get(keys[1]) == lease.token.encode():
                await self._client.delete(keys[1])
        except (RedisError, OSError) as exc:
            raise self._failed(exc) from exc

    async def _run(self, script: Any, session: str, args: list[Any]) -> Any:
        self.round_trips += 1
        try:
            reply = await script(keys=self._keys(session), args=args)
        except (RedisError, OSError) as exc:
            raise self._failed(exc) from exc
        self._problem = None
        return reply

    def _failed(self, exc: BaseException) -> StateError:
        # The exception's text may name the host, never the password; the URL itself is never quoted.
        self._problem = f"Redis does not answer: {type(exc).__name__}: {exc}"
        return StateError(f"shared state unavailable: {self._problem} (fail closed)")

    @property
    def client(self) -> aioredis.Redis:
        """The client (the approvals relay shares it)."""
        return self._client

    def problem(self) -> str | None:
        """Why the last exchange with Redis failed (``None`` when it succeeded)."""
        return self._problem

    async def ping(self) -> str | None:
        """Ask Redis now; the answer is also what :meth:`problem` says until the next exchange."""
        try:
            await self._client.ping()
        except (RedisError, OSError) as exc:
            self._failed(exc)
        else:
            self._problem = None
        return self._problem

    async def close(self) -> None:
        """Close the client's connections."""
        await self._client.aclose()
