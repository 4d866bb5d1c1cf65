"""Server-sent events, both ways: reading an upstream's streams, writing the downstream's.

Streamable HTTP answers a request with an SSE stream whose events carry an ``id`` (for
resumption with ``Last-Event-ID``) and sometimes a ``retry`` hint (how long to wait before
reconnecting). A stream opens with a *priming* event — an id and no data — so that a client
cut off before the first message can still resume (SEP-1699).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from weir.gateway.wire import jsonrpc
from weir.gateway.wire.jsonrpc import Message

__all__ = ["SseEvent", "encode", "parse_events", "priming"]


@dataclass
class SseEvent:
    """One event: its id and retry hint (either may be absent) and its data lines."""

    id: str | None = None
    retry_ms: int | None = None
    data: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The data lines joined (empty for a priming event)."""
        return "\n".join(self.data)


async def parse_events(lines: AsyncIterator[str]) -> AsyncIterator[SseEvent]:
    """The events of a ``text/event-stream`` body (comments and event types are ignored)."""
    event = SseEvent()
    async for line in lines:
        if not line:
            if event.data or event.id is not None or event.retry_ms is not None:
                yield event
            event = SseEvent()
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            event.data.append(value)
        elif name == "id":
            event.id = value
        elif name == "retry" and value.isdigit():
            event.retry_ms = int(value)
    if event.data:
        yield event


def encode(msg: Message, event_id: str | None = None) -> bytes:
    """One message as an SSE event (its JSON on one line: the framing needs it)."""
    head = b"event: message\n" if event_id is None else b"event: message\nid: " + event_id.encode() + b"\n"
    return head + b"data: " + jsonrpc.dumps(msg) + b"\n\n"


def priming(event_id: str, retry_ms: int) -> bytes:
    """The first event of a resumable stream: an id to resume from, the retry hint, no message."""
    return f"id: {event_id}\nretry: {retry_ms}\ndata: \n\n".encode()
