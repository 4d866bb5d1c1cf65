"""A webhook receiver on 127.0.0.1: an HTTP server in a thread that keeps every JSON POST it gets."""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class Received:
    """What the receiver got: each POST's headers and JSON body, in order."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.posts: queue.Queue[tuple[dict[str, str], Any]] = queue.Queue()

    def next(self, timeout: float = 10.0) -> tuple[dict[str, str], Any]:
        """The next POST (raises ``queue.Empty`` when none comes in time)."""
        return self.posts.get(timeout=timeout)


@contextmanager
def webhook_receiver(status: int = 200) -> Iterator[Received]:
    """Listen on a free port of 127.0.0.1 until the block ends; answer every POST with ``status``."""
    received: Received

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            received.posts.put(({k.lower(): v for k, v in self.headers.items()}, json.loads(body)))
            self.send_response(status)
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    received = Received(f"http://127.0.0.1:{server.server_address[1]}/hook")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield received
    finally:
        server.shutdown()
        server.server_close()
