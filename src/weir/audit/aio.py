"""Appending from asyncio without blocking the event loop.

A commit waits on the disk; doing it on the event loop would stall every other connection the
gateway serves. :class:`AsyncAuditStore` runs appends on one dedicated worker thread, so they keep
their order, and ``await append(...)`` still returns only once the event is durably committed.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import TracebackType
from typing import Self

from weir.audit.chain import Anchor, VerifyReport
from weir.audit.event import AuditEvent
from weir.audit.store import AuditStore, StoredEvent

__all__ = ["AsyncAuditStore"]


class AsyncAuditStore:
    """An :class:`~weir.audit.store.AuditStore` whose appends are awaited off the event loop."""

    def __init__(self, store: AuditStore) -> None:
        """Wrap ``store``; closing this wrapper closes the store too."""
        self.store = store
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="weir-audit")

    async def append(self, event: AuditEvent) -> StoredEvent:
        """Append on the worker thread; returns once the event is committed (raises ``AuditError``)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, self.store.append, event)

    async def head(self) -> Anchor | None:
        """The chain's head, read on the worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, self.store.head)

    async def verify(self) -> VerifyReport:
        """Verify the chain on the worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, self.store.verify)

    def close(self) -> None:
        """Wait for pending appends, then close the store."""
        self._worker.shutdown(wait=True)
        self.store.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await asyncio.get_running_loop().run_in_executor(None, self.close)
