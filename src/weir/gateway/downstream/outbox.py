"""What the gateway sends one HTTP client on its SSE streams, kept for resumption.

Every stream the gateway opens for a client — a POST's reply that stays open, or the client's
standing ``GET`` stream — has an id; its events are numbered ``<stream>.<n>``. A client cut off
mid-stream reconnects with ``GET`` and ``Last-Event-ID`` and gets what it missed on that stream,
then what follows (SEP-1699). What is kept is bounded: the last events of each stream, and the
last streams of each client. Messages for the standing stream wait there while no ``GET`` is
connected and are delivered when one is.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable

from weir.gateway.wire.jsonrpc import Message
from weir.gateway.wire.sse import encode, priming

__all__ = ["RETRY_MS", "Outbox", "Stream"]

RETRY_MS = 1000
"""The reconnection delay the gateway asks of its clients (the SSE ``retry`` field)."""
_EVENTS_KEPT = 256
_STREAMS_KEPT = 16


class Stream:
    """One SSE stream's events, kept (the last few) for a reader that comes back."""

    def __init__(self, stream_id: str) -> None:
        self.id = stream_id
        self.events: deque[tuple[int, bytes]] = deque(maxlen=_EVENTS_KEPT)
        self.done = False
        self.readers = 0
        self.delivered = 0  # events a reader has taken
        self._seq = itertools.count(1)
        self._wake = asyncio.Event()

    def push(self, msg: Message) -> None:
        """Append one message as an event."""
        seq = next(self._seq)
        self.events.append((seq, encode(msg, f"{self.id}.{seq}")))
        self._notify()

    def finish(self) -> None:
        """No more events will come."""
        self.done = True
        self._notify()

    def wake(self) -> None:
        """Let every reader look again (e.g. whether it should still read)."""
        self._notify()

    def _notify(self) -> None:
        self._wake.set()
        self._wake = asyncio.Event()

    def priming(self) -> bytes:
        """The stream's first event: its id and the retry delay, no message."""
        return priming(f"{self.id}.0", RETRY_MS)

    async def read(self, after: int, still: Callable[[], bool] = lambda: True) -> AsyncIterator[bytes]:
        """Every event after number ``after``, as they come, until the stream is done (or ``still()`` is false)."""
        self.readers += 1
        try:
            while still():
                wake = self._wake
                for seq, data in list(self.events):
                    if seq > after:
                        after = seq
                        self.delivered = max(self.delivered, seq)
                        yield data
                if self.done:
                    return
                await wake.wait()
        finally:
            self.readers -= 1


class Outbox:
    """One client's streams: the POST replies still open, and its standing stream."""

    def __init__(self) -> None:
        self._prefix = secrets.token_hex(4)
        self._ids = itertools.count(1)
        self._streams: OrderedDict[str, Stream] = OrderedDict()
        self.standing = self._new("s")
        self._standing_owner = 0

    def _new(self, kind: str) -> Stream:
        stream = Stream(f"{self._prefix}{kind}{next(self._ids)}")
        self._streams[stream.id] = stream
        finished = [sid for sid, s in self._streams.items() if s.done]
        for sid in finished[: max(0, len(finished) - _STREAMS_KEPT)]:
            del self._streams[sid]
        return stream

    def open(self) -> Stream:
        """A new stream for a POST's reply."""
        return self._new("p")

    def claim_standing(self) -> Callable[[], bool]:
        """A new GET takes the standing stream over (a message goes on one stream only): the
        previous reader stops. Returns the test a reader checks to know it still owns it."""
        self._standing_owner += 1
        mine = self._standing_owner
        self.standing.wake()
        return lambda: self._standing_owner == mine

    def once(self) -> str:
        """An event id for a reply written in one piece (nothing to resume: it is not kept)."""
        return f"{self._prefix}o{next(self._ids)}.0"

    def close(self) -> None:
        """The client's session ended: every stream ends (its readers stop)."""
        for stream in self._streams.values():
            stream.finish()

    async def send_standing(self, msg: Message) -> None:
        """Queue a message on the standing stream (delivered now if a GET is connected, else when one is)."""
        self.standing.push(msg)

    def resume(self, last_event_id: str) -> tuple[Stream, int] | None:
        """The stream an event id belongs to and the event number to read after (``None``: unknown)."""
        sid, _, seq = last_event_id.rpartition(".")
        stream = self._streams.get(sid)
        if stream is None or not seq.isdigit():
            return None
        return stream, int(seq)
