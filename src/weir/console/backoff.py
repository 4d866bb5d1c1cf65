"""Sign-in back-off: wrong operator tokens slow down whoever sends them.

Each client address gets ``free`` wrong tokens; after that every further wrong one locks it out
for twice as long as the last (1 s, 2 s, 4 s, … up to ``longest_s``), and while it is locked out
no token is tried at all — not even a right one, or guessing would simply go on. A right token
outside a lock-out clears the address's count. At most ``limit`` addresses are remembered (the
oldest forgotten first), so a flood of addresses cannot grow memory.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Backoff"]


@dataclass
class _Record:
    failures: int = 0
    until: float = 0.0


class Backoff:
    """Failed sign-ins per client address, and how long each must wait."""

    def __init__(
        self,
        *,
        free: int = 5,
        longest_s: float = 300.0,
        limit: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.free = free
        self.longest_s = longest_s
        self._limit = limit
        self._clock = clock
        self._records: OrderedDict[str, _Record] = OrderedDict()

    def wait_s(self, client: str) -> float:
        """Seconds ``client`` must still wait before a token of its is tried (0: try it now)."""
        record = self._records.get(client)
        return 0.0 if record is None else max(0.0, record.until - self._clock())

    def failed(self, client: str) -> None:
        """A wrong token from ``client``: past the free ones, lock it out for longer each time."""
        record = self._records.pop(client, None) or _Record()
        record.failures += 1
        over = record.failures - self.free
        if over > 0:
            record.until = self._clock() + min(self.longest_s, 2.0 ** (over - 1))
        self._records[client] = record
        while len(self._records) > self._limit:
            self._records.popitem(last=False)

    def succeeded(self, client: str) -> None:
        """A right token from ``client``: its count starts again."""
        self._records.pop(client, None)
