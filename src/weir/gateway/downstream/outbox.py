"""What the gateway sends one HTTP client on its SSE streams, kept for resumption.

Every stream the gateway opens for a client — a POST's reply that stays open, or the client's
standing ``GET`` stream — has an id; its events are numbered ``<stream>.<n>``. A client cut off
mid-stream reconnects with ``GET`` and ``Last-Event-ID`` and gets what it missed on that stream,
then what follows (SEP-1699). What is kept is bounded: the last events of each stream, and the
last streams of each client, and at most ``budget`` bytes of events per client in all
(``gateway.quotas.queued_bytes``). Messages for the standing stream wait there while no ``GET`` is
connected and are delivered when one is. Past the budget, events already delivered are let go
first, then the oldest undelivered notifications and server requests (a response is never
dropped: a call's answer reaches its client); the client is told how many were dropped, on its
standing stream, and ``on_drop`` hears it (the gateway audits it as a quota refusal).
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

    def __init__(self, stream_id: str, on_push: Callable[[Stream], None] | None = None) -> None:
        self.id = stream_id
        self.events: deque[tuple[int, bytes]] = deque()
        self.bytes = 0
        """The size of the events kept."""
        self.responses: set[int] = set()  # events that answer a request: never dropped undelivered
        self._on_push = on_push
        self.done = False
        self.readers = 0
        self.delivered = 0  # events a reader has taken
        self._seq = itertools.count(1)
        self._wake = asyncio.Event()

    def push(self, msg: Message) -> int:
        """Append one message as an event; returns its number."""
        seq = next(self._seq)
        data = encode(msg, f"{self.id}.{seq}")
        self.events.append((seq, data))
        self.bytes += len(data)
        if "method" not in msg:
            self.responses.add(seq)
        if len(self.events) > _EVENTS_KEPT:
            self.drop_first()
        if self._on_push is not None:
            self._on_push(self)
        self._notify()
        return seq

    def drop_first(self) -> bool:
        """Let the oldest kept event go; whether it had not been delivered yet."""
        seq, data = self.events.popleft()
        self.bytes -= len(data)
        self.responses.discard(seq)
        return seq > self.delivered

    def droppable(self) -> bool:
        """Whether the oldest kept event may go under the byte budget (delivered, or not a response)."""
        if not self.events:
            return False
        seq = self.events[0][0]
        return seq <= self.delivered or seq not in self.responses

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

    def __init__(self, budget: int | None = None, on_drop: Callable[[int], Message | None] | None = None) -> None:
        """``budget``: the most bytes of events kept (``None``: no limit but the counts); ``on_drop``
        hears how many undelivered events were dropped and returns the notice for the client."""
        self._prefix = secrets.token_hex(4)
        self._ids = itertools.count(1)
        self._streams: OrderedDict[str, Stream] = OrderedDict()
        self._budget = budget
        self._on_drop = on_drop
        self._telling = False
        self._untold = 0  # undelivered events dropped and not told of yet
        self._notice = 0  # the number of the last notice of dropped events on the standing stream
        self.standing = self._new("s")
        self._standing_owner = 0

    def _new(self, kind: str) -> Stream:
        stream = Stream(f"{self._prefix}{kind}{next(self._ids)}", self._trim)
        self._streams[stream.id] = stream
        finished = [sid for sid, s in self._streams.items() if s.done]
        for sid in finished[: max(0, len(finished) - _STREAMS_KEPT)]:
            del self._streams[sid]
        return stream

    def _trim(self, _: Stream) -> None:
        """Keep the events within the budget: delivered ones go first, then undelivered ones that are
        not responses, oldest first; the client is told of what it will never receive."""
        if self._budget is None or self._telling:
            return
        total = sum(s.bytes for s in self._streams.values())
        dropped = 0
        for delivered_only in (True, False):
            for stream in self._streams.values():
                while total > self._budget and stream.droppable():
                    if delivered_only and stream.events[0][0] > stream.delivered:
                        break
                    before = stream.bytes
                    own = stream is self.standing and stream.events[0][0] == self._notice  # Weir's notice
                    dropped += stream.drop_first() and not own
                    total -= before - stream.bytes
        self._untold += dropped
        if self._untold and self._on_drop is not None and not self._notice_waiting():
            notice = self._on_drop(self._untold)
            self._untold = 0
            if notice is not None:
                self._telling = True  # the notice itself is kept whatever the budget says
                try:
                    self._notice = self.standing.push(notice)
                finally:
                    self._telling = False

    def _notice_waiting(self) -> bool:
        """Whether the client has a notice of dropped events it has not read yet (one is enough:
        what is dropped meanwhile is counted into the next)."""
        events = self.standing.events
        return self._notice > self.standing.delivered and bool(events) and events[0][0] <= self._notice

    @property
    def untold(self) -> int:
        """Undelivered events dropped since the client's last notice (told of in the next one)."""
        return self._untold

    def queued(self) -> int:
        """The bytes of events kept, over every stream."""
        return sum(s.bytes for s in self._streams.values())

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
