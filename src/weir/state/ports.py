"""The ports a fleet's shared state is reached through: the agent sessions the pipeline's worker
checks out around each stage, the single-use request states a 2026-07-28 confirmation is kept under,
and the per-principal quotas and request rates every replica counts against."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from weir.errors import WeirError

__all__ = ["Lease", "QuotaHolders", "RequestBuckets", "RequestStates", "SharedSessions", "StateError"]


class StateError(WeirError):
    """The shared state could not be read or written (its store is gone, or a session stayed held).

    The worker turns it into the stage's fail-closed outcome: the call is blocked, the result withheld.
    """


@dataclass(frozen=True)
class Lease:
    """This replica's turn with one agent session, from checkout to checkin."""

    session: str
    token: str
    """Unguessable; only its holder can end the lease (a lease that expired is not released by it)."""
    version: int
    """The stored version the session was loaded at: a checkin from any other version is a conflict."""


class SharedSessions(Protocol):
    """Agent sessions shared by every replica of a fleet."""

    async def checkout(self, session: str) -> Lease:
        """Wait for the fleet-wide turn of ``session`` and load its latest state into this replica's
        session store. Raises :class:`StateError` when the store does not answer or the turn does not
        come within the configured wait."""
        ...

    async def checkin(self, lease: Lease) -> None:
        """Write the session back (its labels joined into the stored ones, never replacing them) and
        end the turn. Raises :class:`StateError` when the store does not answer."""
        ...

    def problem(self) -> str | None:
        """Why the store is not usable now (``None`` when the last exchange with it succeeded)."""
        ...


class RequestStates(Protocol):
    """Single-use records under opaque keys, each with its own expiry (the ``requestState`` of a
    2026-07-28 confirmation: minted by one replica, answered through any).

    In memory for one process (:class:`weir.state.memory.MemoryRequestStates`), in Redis for a fleet
    (:class:`weir.state.requeststates.RedisRequestStates`).
    """

    async def put(self, key: str, record: str, ttl_s: float) -> None:
        """Keep ``record`` under ``key`` for ``ttl_s`` seconds. Raises :class:`StateError` when the store
        does not answer (the question is then not asked: the call is declined)."""
        ...

    async def take(self, key: str) -> str | None:
        """The record under ``key``, removed in the same step (``None``: expired, unknown or already
        taken — by any replica). Raises :class:`StateError` when the store does not answer."""
        ...


class QuotaHolders(Protocol):
    """The holders of each (quota, principal), counted fleet-wide (:class:`weir.state.quotas.RedisQuotaHolders`).

    The gateway's :class:`weir.gateway.quotas.SharedQuotas` turns its answers into the gateway's
    refusals; in one process :class:`weir.gateway.quotas.MemoryQuotas` counts without it.
    """

    async def take(self, quota: str, principal: str, holder: str, limit: int) -> bool:
        """Count ``holder`` (``False``: the fleet already counts ``limit`` holders, nothing taken).
        Raises :class:`StateError` when the store does not answer (nothing is taken)."""
        ...

    def give_back(self, quota: str, principal: str, holder: str) -> None:
        """Stop counting ``holder`` for this replica (sent to the store soon, and again until it answers)."""
        ...

    def count(self, quota: str, principal: str) -> int:
        """How many holders this replica counts for ``principal`` under ``quota``."""
        ...


class RequestBuckets(Protocol):
    """One token bucket per principal, shared by every replica (:class:`weir.state.buckets.RedisBuckets`)."""

    async def take(self, principal: str, per_s: int, burst: int) -> float | None:
        """Take one token: ``None`` when there was one, else the seconds until the borrowed token is
        due (0: the debt is at its bound, nothing borrowed). Raises :class:`StateError` when the
        store does not answer."""
        ...
