"""The fleet's approvals relay in Redis: which calls wait on which replica, and operators' decisions
sent to the replica that holds the call (pub/sub on one channel, a hash of what waits).

Messages are JSON: ``{"kind": "pending", "id", "replica", "summary"}`` when a call starts to wait,
``{"kind": "gone", "id"}`` when it stops, ``{"kind": "decide", "id", "approve", "operator",
"reason"}`` from the replica an operator used. Only the holder acts on a decision; every replica
keeps a mirror of what waits elsewhere, so any console lists (and decides) the fleet's queue.

Imported only when ``state.redis`` is configured (``weir[fleet]``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from weir.state.ports import StateError

__all__ = ["RedisApprovalRelay"]

log = logging.getLogger("weir.state")

Handler = Callable[[dict[str, Any]], None]


class RedisApprovalRelay:
    """Announces this replica's held calls and carries decisions to whichever replica holds one."""

    def __init__(self, client: aioredis.Redis, prefix: str, replica: str) -> None:
        self._client = client
        self._hash = f"{prefix}approvals"
        self._channel = f"{prefix}approvals:events"
        self.replica = replica
        self._task: asyncio.Task[None] | None = None

    async def announce(self, approval_id: str, summary: dict[str, Any]) -> None:
        """Tell the fleet a call waits here."""
        message = {"kind": "pending", "id": approval_id, "replica": self.replica, "summary": summary}
        await self._send(message, store=True)

    async def withdraw(self, approval_id: str) -> None:
        """Tell the fleet the call no longer waits (decided, expired, or its client went away)."""
        await self._send({"kind": "gone", "id": approval_id})

    async def decide(self, approval_id: str, *, approve: bool, operator: str, reason: str) -> None:
        """Send an operator's decision to the replica holding the call."""
        message = {"kind": "decide", "id": approval_id, "approve": approve, "operator": operator, "reason": reason}
        await self._send(message)

    async def waiting(self) -> list[dict[str, Any]]:
        """Every ``pending`` message still standing, fleet-wide (what a replica starting up mirrors)."""
        try:
            stored = await self._client.hgetall(self._hash)
        except (RedisError, OSError) as exc:
            raise StateError(f"the approvals relay does not answer: {type(exc).__name__}: {exc}") from exc
        return [json.loads(v) for v in stored.values()]

    async def _send(self, message: dict[str, Any], *, store: bool = False) -> None:
        text = json.dumps(message, separators=(",", ":"))
        try:
            async with self._client.pipeline(transaction=True) as pipe:
                if store:
                    pipe.hset(self._hash, message["id"], text)
                elif message["kind"] == "gone":
                    pipe.hdel(self._hash, message["id"])
                pipe.publish(self._channel, text)
                await pipe.execute()
        except (RedisError, OSError) as exc:
            raise StateError(f"the approvals relay does not answer: {type(exc).__name__}: {exc}") from exc

    def listen(self, handler: Handler) -> None:
        """Call ``handler`` with every message of the fleet (resubscribing after Redis comes back)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._listen(handler))

    async def _listen(self, handler: Handler) -> None:
        while True:
            try:
                async with self._client.pubsub() as pubsub:
                    await pubsub.subscribe(self._channel)
                    async for raw in pubsub.listen():
                        if raw.get("type") == "message":
                            handler(json.loads(raw["data"]))
            except (RedisError, OSError) as exc:
                log.warning("approvals relay lost Redis; retrying", extra={"problem": f"{type(exc).__name__}"})
                await asyncio.sleep(0.5)

    async def close(self) -> None:
        """Stop listening."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
