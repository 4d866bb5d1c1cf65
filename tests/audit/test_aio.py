"""Appending from asyncio: off the event loop, in order, committed when awaited."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

from tests.audit.conftest import event
from weir.audit import AsyncAuditStore, SqliteAuditStore


def test_awaited_appends_are_committed_in_order_off_the_loop_thread(db_path: Path) -> None:
    threads: set[str] = set()

    class Spy(SqliteAuditStore):
        def append(self, e):  # type: ignore[no-untyped-def]
            threads.add(threading.current_thread().name)
            return super().append(e)

    async def main() -> list[int]:
        async with AsyncAuditStore(Spy(db_path)) as store:
            ids = list(await asyncio.gather(*(store.append(event(i)) for i in range(20))))
            other = sqlite3.connect(db_path)
            count = other.execute("SELECT count(*) FROM events").fetchone()[0]
            other.close()
            assert count == 20
            assert (await store.verify()).ok
            head = await store.head()
            assert head is not None
            assert head.id == 20
            return [s.id for s in ids]

    assert asyncio.run(main()) == list(range(1, 21))
    assert threads
    assert threading.main_thread().name not in threads
