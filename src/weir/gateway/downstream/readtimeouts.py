"""How long an HTTP peer may take to send a request: its headers, then its body.

uvicorn closes a keep-alive connection that sends nothing, but a peer that sends a request line
and then one header byte a minute (slowloris), or headers and then a trickle of body, holds its
connection — and whatever the listener spends on it — for as long as it likes. This protocol is
uvicorn's own HTTP/1.1 one (h11) with two deadlines: the line and headers must arrive within
``header_s`` of the request's first byte (of the connection, for its first request; an idle
kept-alive connection is closed by uvicorn's keep-alive timeout), the body within
``body_s`` of the headers. Past either, the peer gets ``408 Request Timeout`` and the connection is
closed. They are total times, not per read: sending slowly does not extend them. While the
gateway writes a response (an SSE stream may last hours) no deadline runs: the peer has sent
everything it owes.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["TimedH11Protocol", "timed_protocol"]

_WAITING = {h11.IDLE: "headers", h11.SEND_BODY: "body"}


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on a request's headers and one on its body."""

    header_s = 10.0
    """Seconds for a request's line and headers."""
    body_s = 60.0
    """Seconds for a request's body, from its headers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._waiting_for: str | None = None
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """A new connection: its first request's headers are due from now."""
        super().connection_made(transport)  # type: ignore[arg-type]
        self._watch()

    def data_received(self, data: bytes) -> None:
        """Bytes came: the request may have moved on (headers complete, body complete)."""
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        """A response was written: the next request (pipelined or not) has its own deadlines, from
        its first byte (an idle kept-alive connection is uvicorn's keep-alive timeout's to close)."""
        super().on_response_complete()
        if _WAITING.get(self.conn.their_state) == "headers" and not self.conn.trailing_data[0]:
            self._cancel()
            self._waiting_for = "idle"
        else:
            self._watch(again=True)

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection ended: nothing is due any more."""
        self._cancel()
        super().connection_lost(exc)

    def _watch(self, *, again: bool = False) -> None:
        """Arm the deadline of what the peer owes now (headers or body), or none when it owes nothing."""
        waiting = _WAITING.get(self.conn.their_state)
        if waiting == self._waiting_for and not again:
            return
        self._cancel()
        self._waiting_for = waiting
        if waiting is not None and not self.transport.is_closing():
            seconds = self.header_s if waiting == "headers" else self.body_s
            self._deadline = self.loop.call_later(seconds, self._expired, waiting, seconds)

    def _cancel(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self, waiting: str, seconds: float) -> None:
        """The peer did not send its request's ``waiting`` in time: 408, and the connection closes."""
        self._deadline = None
        if self.transport.is_closing() or _WAITING.get(self.conn.their_state) != waiting:
            return
        started = self.cycle is not None and self.cycle.response_started and waiting == "body"
        if not started:  # h11 cannot write a response to a request it has not read: written as bytes
            text = f"the request's {waiting} did not arrive within {seconds:g} s\n".encode()
            head = (
                b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
                b"connection: close\r\ncontent-length: " + str(len(text)).encode() + b"\r\n\r\n"
            )
            self.transport.write(head + text)
        self.transport.close()


def timed_protocol(header_s: float, body_s: float) -> type[TimedH11Protocol]:
    """The protocol class (for ``uvicorn.Config(http=...)``) with these deadlines."""
    return type("TimedH11Protocol", (TimedH11Protocol,), {"header_s": header_s, "body_s": body_s})
